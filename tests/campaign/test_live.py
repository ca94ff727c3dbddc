"""The live poll with the version in a shared cache (as with Redis), and without."""

from contextlib import suppress
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from campaign.models import Membership
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
