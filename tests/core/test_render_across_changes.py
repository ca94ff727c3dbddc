"""A kept rendering across changes (core/rendered.py, docs/render-cache.md): a panel that declares
the models it shows is served at a later version while no change since touched one of them, as far
back as the record of changes reaches; an undeclared one only at the version it was made at. And
each bump puts on record what it changed (campaign/live.py)."""

import pytest
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.test import RequestFactory

from campaign.live import ChangesOnRecord
from campaign.models import Campaign
from characters.models import Character
from clocks.models import Clock
from core import rendered
from core.rendered import CHANGES_SPANNED, Audience, changed, reads
from tests.factories import ClockFactory
from tests.helpers import update_character

CAMPAIGN = 7
CLOCKS, CHARACTERS = reads(Clock), reads(Character)


@pytest.fixture(autouse=True)
def _render_once(settings):
    settings.RENDER_ONCE = True
    cache.clear()


def _request():
    request = RequestFactory().get("/c/7/characters/1/?panel=vitals")
    request.htmx, request._messages = True, CookieStorage(request)
    return request


def _at(version: int, declared=CHARACTERS) -> tuple[str, bool]:
    """The panel asked at ``version`` of the campaign, and whether it was rendered (not served)."""
    audience, made = Audience(CAMPAIGN, version, "gm"), []
    request = _request()
    served = rendered.html(request, audience, audience.key(request, "gm", reads=declared),
                           lambda extra: made.append(version) or f"made at {version}")
    return served, bool(made)


def test_served_at_later_versions_while_only_models_it_does_not_show_changed():
    assert _at(1) == ("made at 1", True)
    changed(CAMPAIGN, 2, {"clocks.clock", "clocks.clockchange"})
    changed(CAMPAIGN, 3, {"campaign.event"})
    assert _at(3) == ("made at 1", False)


def test_rendered_anew_once_a_model_it_shows_changed():
    _at(1)
    changed(CAMPAIGN, 2, {"clocks.clock"})
    changed(CAMPAIGN, 3, {"characters.character", "clocks.clock"})
    assert _at(2) == ("made at 1", False)
    assert _at(3) == ("made at 3", True)
    assert _at(3) == ("made at 3", False)  # and kept at that version


def test_rendered_anew_when_the_record_does_not_reach_back():
    _at(1)
    changed(CAMPAIGN, 3, {"clocks.clock"})  # the change that made version 2: not on record (lost, expired)
    assert _at(3) == ("made at 3", True)
    for version in range(4, 5 + CHANGES_SPANNED):
        changed(CAMPAIGN, version, {"clocks.clock"})
    assert _at(3 + CHANGES_SPANNED) == ("made at 3", False)  # as far back as the record is read
    assert _at(4 + CHANGES_SPANNED) == (f"made at {4 + CHANGES_SPANNED}", True)  # and no further


def test_an_undeclared_panel_is_served_at_its_own_version_only():
    _at(1, declared=None)
    changed(CAMPAIGN, 2, {"clocks.clock"})
    assert _at(1, declared=None) == ("made at 1", False)
    assert _at(2, declared=None) == ("made at 2", True)


def test_a_rendering_made_at_a_later_version_is_not_served_at_an_earlier_one():
    _at(2, declared=CLOCKS)
    assert _at(1, declared=CLOCKS) == ("made at 1", True)


@pytest.mark.django_db(transaction=True)
def test_a_bump_puts_on_record_the_models_of_its_signals_and_of_the_writes_no_signal_told_of(table):
    """One transaction: a character updated without a signal, then a clock saved. Its one bump
    covers both; a bump outside a request puts nothing on record (a change of anything)."""
    clock = ClockFactory(campaign=table.campaign, name="Alert", size=6, filled=2)

    @transaction.atomic
    def view(request):
        update_character(table.character.pk, momentum=1)  # no signal sent
        clock.filled = 3
        clock.save()
        return HttpResponse()

    ChangesOnRecord(view)(RequestFactory().get("/"))
    version = Campaign.objects.get(pk=table.campaign.pk).live_version
    on_record = cache.get(f"changed:{table.campaign.pk}:{version}")
    assert {"charge.sheet", "clocks.clock"} <= set(on_record)
    assert "campaign.campaign" not in on_record  # the bump's own write changes no row shown
    clock.filled = 4
    clock.save()
    assert cache.get(f"changed:{table.campaign.pk}:{version + 1}") is None


@pytest.mark.django_db(transaction=True)
def test_the_safety_net_puts_on_record_the_models_of_the_tables_written(table):
    def view(request):
        update_character(table.character.pk, momentum=1)
        return HttpResponse()

    request = RequestFactory().get("/")
    request.resolver_match = type("Match", (), {"kwargs": {"campaign_id": table.campaign.pk}})()
    ChangesOnRecord(view)(request)
    version = Campaign.objects.get(pk=table.campaign.pk).live_version
    assert cache.get(f"changed:{table.campaign.pk}:{version}") == ["charge.sheet"]
