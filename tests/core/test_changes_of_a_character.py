"""A change of one character's rows (core/rendered.py ``scoped``, campaign/live.py): a tick of a
campaign's clock is on record as a change of no character's clock, so a sheet's projects, which
show only its character's clocks, are served as kept; a tick of a project renders that sheet's
projects again; a write that could touch any row is on record as a change of every row."""

import re

import pytest
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse

from campaign.live import ChangesOnRecord
from campaign.models import Campaign
from clocks.models import Clock, ClockChange
from core.rendered import of_character, reads, touched
from tests.core.test_render_once import _get, _noting_renders
from tests.factories import ClockFactory
from tests.helpers import HTMX

COMMITTED = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _render_once(settings):
    settings.RENDER_ONCE = True
    cache.clear()


def test_a_change_of_one_characters_rows_touches_a_panel_of_those_rows_or_of_every_row():
    of_ada, every_clock = of_character(5, Clock), reads(Clock)
    assert of_ada == {"clocks.clock@5"}
    assert touched(of_ada, ["clocks.clock@5"]) and touched(every_clock, ["clocks.clock@5"])
    assert not touched(of_ada, ["clocks.clock@6"]) and not touched(of_ada, ["clocks.clock@-"])
    assert touched(every_clock, ["clocks.clock@-"])
    assert touched(of_ada, ["clocks.clock"])  # any row, Ada's among them
    assert not touched(of_ada, ["clocks.clockchange@5", "characters.character"])


def _on_record(table) -> list[str]:
    version = Campaign.objects.values_list("live_version", flat=True).get(pk=table.campaign.pk)
    return cache.get(f"changed:{table.campaign.pk}:{version}")


def _tick(table, clock):
    response = table.client("gm").post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 1}, **HTMX)
    assert response.status_code == 200


@COMMITTED
def test_a_tick_is_on_record_as_a_change_of_its_clocks_character_or_of_none(table):
    campaign_clock = ClockFactory(campaign=table.campaign, name="Alert", size=6)
    project = ClockFactory(campaign=table.campaign, name="Escape", size=6, character=table.character)
    _tick(table, campaign_clock)
    assert _on_record(table) == ["clocks.clock@-", "clocks.clockchange@-"]  # its history row too
    _tick(table, project)
    ada = table.character.pk
    assert _on_record(table) == [f"clocks.clock@{ada}", f"clocks.clockchange@{ada}"]


@COMMITTED
def test_a_write_that_may_touch_any_row_is_on_record_as_a_change_of_every_row(table):
    """A save that may have moved the clock to another character, and an update no signal tells
    of, name no character."""
    clock = ClockFactory(campaign=table.campaign, name="Escape", size=6, character=table.character)

    @transaction.atomic
    def view(request):
        Clock.objects.filter(pk=clock.pk).update(filled=2)
        return HttpResponse()

    request = RequestFactory().get("/")
    request.resolver_match = type("Match", (), {"kwargs": {"campaign_id": table.campaign.pk}})()
    ChangesOnRecord(view)(request)
    assert _on_record(table) == ["clocks.clock"]

    def moved(request):
        clock.character = None
        clock.save()
        return HttpResponse()
    ChangesOnRecord(moved)(RequestFactory().get("/"))
    assert "clocks.clock" in _on_record(table)


def test_a_sheets_projects_render_again_only_for_a_tick_of_its_own_characters_clock(table):
    campaign_clock = ClockFactory(campaign=table.campaign, name="Alert", size=6)
    project = ClockFactory(campaign=table.campaign, name="Escape", size=6, character=table.character)
    url = reverse("character", args=[table.campaign.pk, table.character.pk]) + "?panel=projects"
    client = table.client("player")
    first, _ = _get(client, url, **HTMX)
    made = []
    with _noting_renders(made):
        _tick(table, campaign_clock)
        served, _ = _get(client, url, **HTMX)
        assert made == [] and "Escape: 0 of 6" in served
        _tick(table, project)
        again, _ = _get(client, url, **HTMX)
    assert len(made) == 1 and "Escape: 1 of 6" in again
    assert re.sub(r"\s+", " ", first).count("Escape") == re.sub(r"\s+", " ", again).count("Escape")
    assert ClockChange.objects.filter(clock=project).count() == 1
