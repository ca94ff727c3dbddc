"""The database away (stopped, restarting, a connection cut): every request is answered at once
with "the table is taking a breath", a 503 with Retry-After, never a 500; a write met by it is
whole or absent; the next request after it is back answers as before (core/away.py)."""

from contextlib import contextmanager

import psycopg
import pytest
from django.db import OperationalError, close_old_connections, connection
from django.test import Client
from django.urls import reverse
from psycopg_pool import PoolTimeout

from charge.models import PendingRoll
from clocks.models import Clock, ClockChange
from rolls.models import Roll
from tests.factories import ClockFactory
from tests.helpers import HTMX, on_its_way

pytestmark = pytest.mark.django_db(transaction=True)

BREATH = "The table is taking a breath"
GONE = OperationalError("server closed the connection unexpectedly")


def client_of(user) -> Client:
    """A browser's client: an error is answered as the site answers it, not raised in the test."""
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@contextmanager
def database_away(passing=0, error=GONE):
    """Every query from now raises as a database gone away does, but the first ``passing``."""
    passed = []

    def cut(execute, sql, params, many, context):
        if len(passed) < passing:
            passed.append(sql)
            return execute(sql, params, many, context)
        raise error

    with connection.execute_wrapper(cut):
        yield


@contextmanager
def cannot_connect(monkeypatch, error):
    """No connection can be made (the server is down, the pool waited in vain)."""
    connection.close()

    def refused(*args, **kwargs):
        raise error

    with monkeypatch.context() as patch:
        patch.setattr(connection, "get_new_connection", refused)
        yield


def a_breath(response, htmx=False, what="a write"):
    assert response.status_code == 503, (what, response.status_code)
    assert response["Retry-After"] == "5"
    assert response["Cache-Control"] == "no-store"
    assert BREATH in response.text
    assert ('id="away"' in response.text) == htmx  # the notice alone for htmx, else the page
    assert ("<!doctype html>" in response.text) != htmx


def requests(table, clock):
    """A page, a live panel, a poll, a clock tick (by htmx and without), as a table sends them."""
    campaign = table.campaign.pk
    tick = reverse("clock_tick", args=[campaign, clock.pk])
    clocks = reverse("clocks", args=[campaign])
    return {
        "page": lambda client: (client.get(reverse("campaign", args=[campaign])), False),
        "live panel": lambda client: (client.get(clocks + "?panel=clock-panel", **HTMX), True),
        "poll": lambda client: (client.get(reverse("live", args=[campaign]), {"v": 0}, **HTMX), True),
        "tick": lambda client: (client.post(tick, {"amount": 1}), False),
        "tick by htmx": lambda client: (client.post(tick, {"amount": 1}, **HTMX), True),
    }


@pytest.mark.parametrize("error", [GONE,
                                   psycopg.OperationalError("terminating connection due to administrator command")],
                         ids=["django", "driver"])
def test_with_every_query_refused_each_request_is_a_breath_and_nothing_moves(table, error):
    clock = ClockFactory(campaign=table.campaign, size=8, filled=2)
    gm = client_of(table.gm)
    for name, ask in requests(table, clock).items():
        with database_away(error=error):
            response, htmx = ask(gm)
        a_breath(response, htmx, name)
    assert Clock.objects.get(pk=clock.pk).filled == 2
    assert gm.get(reverse("campaign", args=[table.campaign.pk])).status_code == 200  # back: as before


@pytest.mark.parametrize("error", [OperationalError("connection refused"), PoolTimeout("couldn't get a connection after 2.00 sec")],
                         ids=["refused", "pool"])
def test_with_no_connection_to_be_had_the_session_and_user_look_ups_answer_a_breath(table, monkeypatch, error):
    """The session's and the user's look-ups come before any view: a middleware's error, too."""
    clock = ClockFactory(campaign=table.campaign, size=8, filled=2)
    gm = client_of(table.gm)
    for name, ask in requests(table, clock).items():
        with cannot_connect(monkeypatch, error):
            response, htmx = ask(gm)
        a_breath(response, htmx, name)
    assert gm.get(reverse("campaign", args=[table.campaign.pk])).status_code == 200


def test_the_page_speaks_the_browsers_language_and_retries_a_read_by_itself(table):
    gm = client_of(table.gm)
    with database_away():
        page = gm.get(reverse("campaigns"), HTTP_ACCEPT_LANGUAGE="fr")
        sent = gm.post(reverse("campaign_create"), {"name": "x"})
    assert page.status_code == 503 and page["Content-Language"] == "fr"
    assert "La table reprend son souffle" in page.text
    assert 'data-retry="5"' in page.text and "Réessayer maintenant" in page.text  # app.js reloads it
    assert sent.status_code == 503 and "data-retry" not in sent.text  # a form is not sent again unasked


def test_another_error_is_still_a_500(table, monkeypatch):
    monkeypatch.setattr("campaign.views.campaigns.membership_or_404", lambda *args: 1 / 0)
    response = client_of(table.gm).get(reverse("campaign", args=[table.campaign.pk]))
    assert response.status_code == 500 and BREATH not in response.text


def state_of_clock(table, clock):
    clock = Clock.objects.get(pk=clock.pk)
    return (clock.filled, ClockChange.objects.filter(clock=clock).count(), table.campaign.events.count(),
            clock.history.count())


def cut_at_every_query(post, state):
    """Post while the connection is cut after its first 0, 1, 2... queries, until it goes through:
    each cut write answers a breath and leaves ``state()`` as it was. Returns the last answer."""
    before = state()
    for passing in range(200):
        with database_away(passing):
            response = post()
        if state() != before or response.status_code != 503:
            return response
        a_breath(response)
    pytest.fail("the write never went through")


def test_a_tick_cut_at_any_query_is_whole_or_absent(table):
    clock = ClockFactory(campaign=table.campaign, size=8, filled=2)
    twin = ClockFactory(campaign=table.campaign, size=8, filled=2)
    gm = client_of(table.gm)
    url = lambda of: reverse("clock_tick", args=[table.campaign.pk, of.pk])  # noqa: E731
    before = state_of_clock(table, twin)
    gm.post(url(twin), {"amount": 1})
    whole = [after - was for after, was in zip(state_of_clock(table, twin), before, strict=True)]  # what one tick writes
    assert whole[:2] == [1, 1]

    before = state_of_clock(table, clock)
    cut_at_every_query(lambda: gm.post(url(clock), {"amount": 1}), lambda: state_of_clock(table, clock))
    assert [after - was for after, was in zip(state_of_clock(table, clock), before, strict=True)] == whole


def test_a_roll_cut_at_any_query_is_whole_or_absent(table):
    pending = on_its_way(table)
    player = client_of(table.player)
    character = table.character

    def state():
        character.refresh_from_db()
        return (Roll.objects.count(), PendingRoll.objects.count(), table.campaign.events.count(),
                character.charge.momentum, character.charge.stress)

    before = state()
    answer = cut_at_every_query(lambda: player.post(pending.get_absolute_url(), {
        "risk": pending.risk, "effect": pending.effect, "step": 3, "roll": "1"}), state)
    after = state()
    assert answer.status_code in (200, 302, 503)
    assert (after[0], after[1]) == (before[0] + 1, before[1] - 1)  # rolled once, no longer on its way
    assert Roll.objects.get().character_id == character.pk


def test_a_connection_terminated_by_the_server_is_a_breath_then_the_site_is_back(table):
    """PostgreSQL only: the request's own connection killed from another, as a restart does."""
    if connection.vendor != "postgresql":
        pytest.skip("pg_terminate_backend is PostgreSQL's")
    clock = ClockFactory(campaign=table.campaign, size=8, filled=2)
    gm = client_of(table.gm)
    page = reverse("campaign", args=[table.campaign.pk])
    assert gm.get(page).status_code == 200
    for name, ask in requests(table, clock).items():
        connection.ensure_connection()
        victim = connection.connection.info.backend_pid
        settings = connection.settings_dict
        with psycopg.connect(host=settings["HOST"], port=settings["PORT"] or 5432, user=settings["USER"],
                             password=settings["PASSWORD"], dbname=settings["NAME"], autocommit=True) as killer:
            killer.execute("SELECT pg_terminate_backend(%s)", [victim])
        response, htmx = ask(gm)
        a_breath(response, htmx, name)
        close_old_connections()  # what the end of a request does: the dead connection is let go
    assert Clock.objects.get(pk=clock.pk).filled == 2
    assert gm.get(page).status_code == 200
