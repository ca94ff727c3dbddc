"""The live poll with the version in a shared cache (as with Redis), and without."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaign.models import Membership

HTMX = {"HTTP_HX_REQUEST": "true"}


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


def test_with_the_cache_a_bump_is_seen_as_soon_as_it_commits(table, cached, django_capture_on_commit_callbacks):
    version = current(table)
    assert poll(table, "player", version).status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        table.campaign.bump()
    response = poll(table, "player", version)
    assert response.status_code == 200
    assert f"?v={version + 1}" in response.text


def test_with_the_cache_a_removed_member_is_refused_at_once(table, cached, django_capture_on_commit_callbacks):
    assert poll(table, "player", 0).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        Membership.objects.filter(campaign=table.campaign, user=table.player).delete()
    assert poll(table, "player", 0).status_code == 404


def test_with_the_cache_an_outsider_is_refused(table, cached):
    assert poll(table, "outsider", 0).status_code == 404
    assert poll(table, "outsider", 0).status_code == 404  # and again, from the cache


def test_without_a_shared_cache_the_database_answers_every_poll(table, settings):
    settings.LIVE_VERSION_IN_CACHE = False
    version = current(table)
    assert poll(table, "player", version).status_code == 204
    table.campaign.bump()  # no commit hook needed: nothing is cached
    assert poll(table, "player", version).status_code == 200
