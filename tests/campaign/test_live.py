"""The live poll with the version in a shared cache (as with Redis), and without."""

import time
from contextlib import suppress
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign import live
from campaign.access import HELD
from campaign.models import Campaign, Membership, Role
from tests.factories import ClockFactory
from tests.helpers import HTMX

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cached(settings):
    settings.LIVE_VERSION_IN_CACHE = True
    cache.clear()
    yield
    cache.clear()


def current(table):
    table.campaign.refresh_from_db()
    return table.campaign.live_version


def poll(table, who, version):
    return table.client(who).get(reverse("live", args=[table.campaign.pk]), {"v": version}, **HTMX)


def test_with_the_cache_an_unchanged_poll_reads_no_campaign_row(table, cached, django_assert_num_queries):
    version = current(table)
    assert poll(table, "player", version).status_code == 204  # fills the cache
    client = table.client("player")
    with django_assert_num_queries(2):  # the session and the user, nothing else
        response = client.get(reverse("live", args=[table.campaign.pk]), {"v": version}, **HTMX)
    assert response.status_code == 204


# Bumps happen when a transaction commits: these tests commit for real.
committing = pytest.mark.django_db(transaction=True)


@committing
def test_with_the_cache_a_bump_is_seen_as_soon_as_it_commits(table, cached):
    version = current(table)
    assert poll(table, "player", version).status_code == 204
    table.campaign.log(table.gm, "Something happened.")
    response = poll(table, "player", version)
    assert response.status_code == 200
    assert f"?v={version + 1}" in response.text


@committing
def test_with_the_cache_a_removed_member_is_refused_at_once(table, cached, django_capture_on_commit_callbacks):
    assert poll(table, "player", 0).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        Membership.objects.filter(campaign=table.campaign, user=table.player).delete()
    assert poll(table, "player", 0).status_code == 404


def test_with_the_cache_an_outsider_is_refused(table, cached):
    assert poll(table, "outsider", 0).status_code == 404
    assert poll(table, "outsider", 0).status_code == 404  # and again, from the cache


@committing
def test_without_a_shared_cache_the_database_answers_every_poll(table, settings):
    settings.LIVE_VERSION_IN_CACHE = False
    version = current(table)
    assert poll(table, "player", version).status_code == 204
    table.campaign.log(table.gm, "Something happened.")
    assert poll(table, "player", version).status_code == 200


@committing
def test_a_transaction_that_changes_many_rows_bumps_its_campaign_once(table):
    version = current(table)
    with transaction.atomic():
        table.campaign.log(table.gm, "One.")
        table.character.charge.momentum += 1
        table.character.charge.save()
        table.revealed_force.save()
        assert current(table) == version  # nothing yet: screens refetch only what committed
    assert current(table) == version + 1


@committing
def test_a_rolled_back_change_bumps_nothing_and_the_next_one_still_does(table):
    version = current(table)
    with suppress(RuntimeError), transaction.atomic():
        table.campaign.log(table.gm, "Undone.")
        raise RuntimeError
    assert current(table) == version
    with transaction.atomic():
        with suppress(RuntimeError), transaction.atomic():  # a savepoint rolled back
            table.campaign.log(table.gm, "Undone.")
            raise RuntimeError
        table.campaign.log(table.gm, "Kept.")
    assert current(table) == version + 1


def test_no_view_or_action_bumps_by_hand():
    """The version moves because a followed model was written (campaign/live.py), never by a
    call that a new view could forget."""
    sources = [path for app in ("campaign", "characters", "clocks", "rolls")
               for path in (ROOT / app).rglob("*.py") if "migrations" not in path.parts]
    callers = [path.name for path in sources if "bump_version(" in path.read_text()
               and path.name not in ("models.py", "live.py")]
    assert callers == []


LOADED = 'FROM "campaign_membership" INNER JOIN'
"""The query of a page's membership with its campaign (campaign/access.py)."""


def page_queries(table, who, name="campaign", args=()):
    with CaptureQueriesContext(connection) as queries:
        response = table.client(who).get(reverse(name, args=[table.campaign.pk, *args]))
    return response, [query["sql"] for query in queries]


def test_with_the_cache_a_page_reads_its_membership_once_a_version(table, cached, settings):
    settings.RENDER_ONCE = False  # each page rendered anew: only the membership is kept
    first, before = page_queries(table, "player")
    again, after = page_queries(table, "player")
    assert first.status_code == again.status_code == 200
    assert any(LOADED in sql for sql in before) and not any(LOADED in sql for sql in after)
    assert len(after) == len(before) - 2  # the membership, and the characters the player plays


@committing
def test_with_the_cache_a_page_sees_each_change_of_membership_at_once(table, cached, settings):
    settings.RENDER_ONCE = False
    assert page_queries(table, "player", "console")[0].status_code == 404
    membership = Membership.objects.get(campaign=table.campaign, user=table.player)
    membership.role = Role.GM
    membership.save()
    assert page_queries(table, "player", "console")[0].status_code == 200
    table.campaign.pitch = "A new pitch."
    table.campaign.save()
    assert "A new pitch." in page_queries(table, "player")[0].text
    membership.delete()
    assert page_queries(table, "player")[0].status_code == 404


@committing
def test_with_the_cache_a_change_of_how_the_campaign_plays_its_dice_system_is_seen_at_once(table, cached, settings):
    """The membership is kept with the campaign's dice-system setup: a change of the setup alone
    (the GM's dials) reads it again, as a change of the campaign's own row does."""
    settings.RENDER_ONCE = False
    sheet = reverse("character", args=[table.campaign.pk, table.character.pk])
    assert "The hack's details" not in table.client("player").get(sheet).text  # kept
    setup = table.campaign.charge
    setup.dials = {**setup.dials, "details": ["God"]}
    setup.save()
    assert "The hack's details" in table.client("player").get(sheet).text


@committing
def test_a_campaign_saved_from_a_copy_read_before_a_bump_keeps_the_version(table):
    copy = Campaign.objects.get(pk=table.campaign.pk)
    table.campaign.log(table.gm, "Something happened.")  # a bump: the copy's version is behind
    copy.pitch = "Saved from the copy."
    copy.save()
    assert current(table) == copy.live_version + 2  # the log's bump, then the save's own


@committing
def test_a_membership_read_just_before_a_bump_is_not_kept_as_current(table, cached):
    """The read finds version v; a bump commits v + 1 before the read is kept: the cache keeps
    v + 1, and the next page reads the membership again rather than serve v's."""
    version = current(table)

    def read_then_bumped():
        found = Membership.objects.select_related("campaign").get(campaign=table.campaign, user=table.player)
        Campaign.bump_version(table.campaign.pk)
        return found

    kept_alone = lambda membership: None  # noqa: E731
    assert live.membership(table.campaign.pk, table.player.pk, read_then_bumped,
                           kept_alone, HELD).campaign.live_version == version
    assert live.live_version(table.campaign.pk, table.player.pk) == version + 1
    again = live.membership(table.campaign.pk, table.player.pk, lambda: Membership.objects.select_related(
        "campaign").get(campaign=table.campaign, user=table.player), kept_alone, HELD)
    assert again.campaign.live_version == version + 1


@pytest.mark.parametrize("cached_membership", [False, True])
def test_a_sheet_knows_whose_it_is_with_the_membership_kept_or_not(table, settings, cached_membership):
    settings.LIVE_VERSION_IN_CACHE = cached_membership
    cache.clear()
    sheet = reverse("character", args=[table.campaign.pk, table.character.pk])
    for _ in range(2):  # the second from the membership kept, with the cache
        own, others = table.client("player").get(sheet), table.client("other_player").get(sheet)
        assert own.status_code == others.status_code == 200
        rename = reverse("character_text", args=[table.campaign.pk, table.character.pk, "name"])
        assert rename in own.text and rename not in others.text
        missing = reverse("character", args=[table.campaign.pk, table.character.pk + 1000])
        assert table.client("player").get(missing).status_code == 404
        assert table.client("outsider").get(sheet).status_code == 404
    cache.clear()


@committing
def test_with_the_cache_a_tick_leaves_the_membership_kept_and_a_change_of_whose_reads_it_again(table, cached, settings):
    settings.RENDER_ONCE = False
    clock = ClockFactory(campaign=table.campaign, name="Alarm", size=6)
    sheet = reverse("character", args=[table.campaign.pk, table.character.pk])
    rename = reverse("character_text", args=[table.campaign.pk, table.character.pk, "name"])
    player = table.client("player")
    assert rename in player.get(sheet).text  # the membership kept, with whose each character is
    version = current(table)
    ticked = table.client("gm").post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 1}, **HTMX)
    assert ticked.status_code == 200 and current(table) == version + 1
    with CaptureQueriesContext(connection) as queries:
        assert rename in player.get(sheet).text
    assert not any(LOADED in query["sql"] for query in queries)  # a tick touched nothing it holds
    table.character.owner = table.other_player
    table.character.save()
    with CaptureQueriesContext(connection) as queries:
        assert rename not in player.get(sheet).text  # no longer theirs: read again
    assert any(LOADED in query["sql"] for query in queries)


@committing
def test_a_kept_membership_moves_on_only_within_a_minute_of_its_reading(table, cached, settings, monkeypatch):
    """A write no signal told of (here the dials, by a queryset update) is seen within TTL, however
    often changes that touch nothing the membership holds move it on."""
    from charge.models import Setup

    settings.RENDER_ONCE = False
    clock = ClockFactory(campaign=table.campaign, name="Alarm", size=6)
    player, gm = table.client("player"), table.client("gm")
    assert player.get(reverse("campaign", args=[table.campaign.pk])).status_code == 200
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={**table.campaign.charge.dials, "details": ["God"]})
    now = time.time()
    for later, read_again in ((0, False), (live.TTL + 1, True)):
        monkeypatch.setattr(live, "time", SimpleNamespace(time=lambda later=later: now + later))  # live's clock only
        gm.post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 1}, **HTMX)
        with CaptureQueriesContext(connection) as queries:
            assert player.get(reverse("campaign", args=[table.campaign.pk])).status_code == 200
        assert any(LOADED in query["sql"] for query in queries) is read_again
