"""An archived campaign is read-only for everyone, through every URL of the site; a deleted
campaign leaves no row behind in any table."""

import json

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from campaign.access import READ_WHILE_ARCHIVED
from campaign.models import Campaign, GameSession
from characters.models import Character
from clocks.models import Clock
from tests.security.rules import RULES, url_for
from tests.security.test_url_matrix import system_of

# What changes the campaign's own rows while it is archived: its GM's restore and delete, and a
# member leaving (tested below and in tests/campaign/test_campaign_life.py).
ALLOWED_CHANGES = {"campaign_restore", "campaign_delete", "leave"}
# The version an open page polls for: it answers, so that a page open when the campaign was
# archived learns of it, asks for its panels, and is sent to the archive page.
LIVE_VERSION = {"live", "live_stream"}
CAMPAIGN_URLS = sorted(name for name, rule in RULES.items() if rule in ("member", "owner", "gm"))


def state(campaign_id) -> tuple:
    """Every row count, and the values that a change without a new row would move."""
    counts = tuple(model.objects.count() for model in apps.get_models() if not owned_by_users(model))
    campaign = Campaign.objects.filter(pk=campaign_id).values().first()
    return (counts, campaign, list(Character.objects.values().order_by("pk")),
            list(Clock.objects.values().order_by("pk")), list(GameSession.objects.values().order_by("pk")))


@pytest.mark.parametrize("name", CAMPAIGN_URLS)
def test_an_archived_campaign_changes_for_nobody(world, name):
    table, kwargs = world
    c = table.campaign
    Campaign.objects.filter(pk=c.pk).update(system=system_of(name).value)
    GameSession.objects.filter(pk=table.session.pk).update(ended_at="2026-11-20T20:00:00Z")
    table.client("gm").post(reverse("campaign_archive", args=[c.pk]))
    assert Campaign.objects.get(pk=c.pk).is_archived
    if name in ALLOWED_CHANGES:
        return
    before = state(c.pk)
    url = url_for(name, kwargs)
    for role in ("gm", "player", "other_player"):
        client = table.client(role)
        for method in ("get", "post"):
            response = getattr(client, method)(url)
            assert response.status_code < 500
            if method == "get" and response.status_code == 200 and name not in LIVE_VERSION:
                assert name in READ_WHILE_ARCHIVED, f"{name} still answers a page of an archived campaign"
            if method == "post" and response.status_code != 405:
                assert response.status_code in (403, 404), (name, role, response.status_code)
        htmx = client.post(url, HTTP_HX_REQUEST="true")
        if htmx.status_code == 403:
            assert htmx["HX-Redirect"] == c.get_absolute_url()
    assert state(c.pk) == before, f"{name} changed an archived campaign"


def test_a_stale_page_of_an_archived_campaign_goes_to_its_archive_page(world):
    table, kwargs = world
    GameSession.objects.filter(pk=table.session.pk).update(ended_at="2026-11-20T20:00:00Z")
    table.client("gm").post(reverse("campaign_archive", args=[table.campaign.pk]))
    response = table.client("player").get(reverse("clocks", args=[table.campaign.pk]))
    assert response.status_code == 302 and response.url == table.campaign.get_absolute_url()
    refused = table.client("player").post(reverse("clock_tick", args=[table.campaign.pk, kwargs["clock_id"]]),
                                          {"to": 3})
    assert refused.status_code == 403 and "Archived on" in refused.content.decode()


USER_TABLES = {"auth_user", "accounts_account", "campaign_notice", "django_session", "django_content_type",
               "auth_permission", "auth_group", "auth_group_permissions", "auth_user_groups",
               "auth_user_user_permissions", "django_admin_log"}


def owned_by_users(model) -> bool:
    return model._meta.db_table in USER_TABLES or model._meta.app_label in ("axes", "sessions", "admin")


def test_deleted_campaigns_leave_no_row_in_any_table(db):
    """The demo's four campaigns, each with everything (characters, histories, clocks, rolls, the
    log, the Extras, the other dice systems), deleted by their GM through the page: every table
    that is not a person's own is empty afterwards."""
    call_command("load_demo", verbosity=0)
    campaigns = list(Campaign.objects.all())
    assert len(campaigns) == 4
    filled = [model._meta.db_table for model in apps.get_models() if not owned_by_users(model) and model.objects.exists()]
    assert len(filled) > 40  # the search below could fail
    gm = Client()
    gm.force_login(apps.get_model("auth", "User").objects.get(username="gm"))
    kept = {}
    for campaign in campaigns:
        others = Campaign.objects.exclude(pk=campaign.pk)
        kept = {other.pk: json.loads(gm.get(reverse("campaign_export", args=[other.pk])).content)
                for other in others}
        GameSession.objects.filter(campaign=campaign).update(ended_at="2026-11-20T20:00:00Z")
        response = gm.post(reverse("campaign_delete", args=[campaign.pk]), {"name": campaign.name})
        assert response.status_code == 302
        for other in others:  # deleting one touches no other
            after = json.loads(gm.get(reverse("campaign_export", args=[other.pk])).content)
            after.pop("exported_at", None)
            kept[other.pk].pop("exported_at", None)
            assert after == kept[other.pk]
    left = {model._meta.db_table: model.objects.count() for model in apps.get_models()
            if not owned_by_users(model) and model.objects.exists()}
    assert left == {}
