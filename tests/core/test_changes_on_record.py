"""What the render cache serves is still true (core/rendered.py, campaign/live.py): every model of a
campaign moves its version, a write no signal tells of is caught, and a kept page says the version
it is served at. Each screen is compared with a fresh rendering of the same request."""

import logging
import re
from unittest.mock import patch

import pytest
from django.apps import apps
from django.db.models.signals import post_delete, post_save
from django.dispatch.dispatcher import _make_id
from django.test import Client
from django.urls import reverse
from simple_history.models import HistoricalChanges

import charge.actions.attachments
from campaign.live import campaign_path
from campaign.models import Campaign
from charge.models import Attachment, Setup
from tests.core.test_render_once import AGO, _get, _noting_renders
from tests.helpers import HTMX

COMMITTED = pytest.mark.django_db(transaction=True)
"""Writes commit for real, as on a server: each change moves the version after its commit."""
VIEWERS = ("player", "other_player", "gm")  # the sheet's owner, another player, the GM
CSRF = re.compile(r"\b[A-Za-z0-9]{64}\b")  # each answer masks the CSRF token anew
WRITE_KEY = re.compile(r'(name="key" value=")[^"]+"')  # and gives each form a key of its own (core/keys.py)
POLLER = 'hx-get="/c/{}/live/?v={}"'

OF_NO_CAMPAIGN = {
    "accounts.Account": "a person's email and language, on no campaign page",
    "api.AccessToken": "a person's token for the API, on their account page only",
    "campaign.Notice": "a note to a person about a campaign that is gone, on their list of campaigns",
    "core.UsedKey": "an idempotency key a person's write used, never shown",
}
"""Models of this project with no path to a campaign, and why no campaign page shows them."""


def _same(answer: str) -> str:
    """The answer but what differs between two answers of one state: the masked CSRF token, each
    form's write key, a last tick's time a moment later."""
    return AGO.sub("", CSRF.sub("", WRITE_KEY.sub(r'\1"', answer)))


def _version(table) -> int:
    return Campaign.objects.values_list("live_version", flat=True).get(pk=table.campaign.pk)


def _as_fresh(client, url, settings, **headers) -> str:
    """What ``url`` answers, checked equal to a rendering of the same request with the render
    cache off."""
    served, _ = _get(client, url, **headers)
    settings.RENDER_ONCE = False
    fresh, _ = _get(client, url, **headers)
    settings.RENDER_ONCE = True
    assert _same(served) == _same(fresh), url
    return served


def _with_attachments(table):
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": ["attachment"]})
    sheet = reverse("character", args=[table.campaign.pk, table.character.pk])
    return sheet, reverse("character_attachment", args=[table.campaign.pk, table.character.pk])


def _every_screen(table, sheet, settings) -> dict[str, tuple[str, str]]:
    """The sheet as each viewer sees it, full page and live panel, each as fresh as can be."""
    return {who: (_as_fresh(table.client(who), sheet, settings),
                  _as_fresh(table.client(who), f"{sheet}?panel=attachments", settings, **HTMX)) for who in VIEWERS}


@COMMITTED
def test_an_attachment_removed_is_gone_for_every_viewer_full_page_and_panel(table, settings):
    """As a new user found it: mark two attachments, remove one, reload: each screen kept before
    each step is rendered anew, the same as without the render cache."""
    sheet, attachments = _with_attachments(table)
    player = table.client("player")
    _every_screen(table, sheet, settings)
    for name in ("Old Bertha, my rifle", "The marsh boat"):
        player.post(attachments, {"name": name}, **HTMX)
        _every_screen(table, sheet, settings)
    player.post(attachments, {"remove": Attachment.objects.get(name="The marsh boat").pk}, **HTMX)
    assert list(Attachment.objects.values_list("name", flat=True)) == ["Old Bertha, my rifle"]
    for who, screens in _every_screen(table, sheet, settings).items():
        for screen in screens:
            assert "Old Bertha, my rifle" in screen and "The marsh boat" not in screen, who
    page, panel = _every_screen(table, sheet, settings)["player"]
    assert "Mark it" in page and "Mark it" in panel  # one held: the owner may mark another


def test_every_model_with_a_campaign_moves_its_version():
    """A model of this project either is followed (its saves and deletes bump its campaign),
    records the history of one that is, or is named above as belonging to no campaign."""
    ours = [model for model in apps.get_models() if not model._meta.app_config.path.count("site-packages")]

    def followed(model):
        key = (f"live:{model._meta.label}", _make_id(model))
        return all(any(found == key for found, *_ in signal.receivers) for signal in (post_save, post_delete))

    unfollowed = [model._meta.label for model in ours if campaign_path(model) is not None and not followed(
        model.instance_type if issubclass(model, HistoricalChanges) else model)]
    assert unfollowed == []
    assert sorted(model._meta.label for model in ours if campaign_path(model) is None and
                  model._meta.label not in OF_NO_CAMPAIGN) == []
    assert campaign_path(apps.get_model("advantage", "GearFeature")) == "gear.character.campaign_id"


def _marked_without_a_signal(membership, character, name):
    """The mark written as a bulk write would write it: no model signal is sent."""
    Attachment.objects.bulk_create([Attachment(character=character, name=name, wear_size=4)])


@COMMITTED
def test_a_write_no_signal_tells_of_still_bumps_its_campaign(table, settings, caplog):
    """A view whose write sends no signal (QuerySet.update, bulk_create, raw SQL): its campaign is
    bumped, and the log names the table written for the write to be fixed."""
    sheet, attachments = _with_attachments(table)
    _every_screen(table, sheet, settings)
    version = _version(table)
    with patch.object(charge.actions.attachments, "add_attachment", _marked_without_a_signal), \
            caplog.at_level(logging.WARNING, logger="campaign.live"):
        table.client("player").post(attachments, {"name": "Old Bertha, my rifle"}, **HTMX)
    assert _version(table) == version + 1
    assert "charge_attachment" in caplog.text
    for who, screens in _every_screen(table, sheet, settings).items():
        assert all("Old Bertha, my rifle" in screen for screen in screens), who


@COMMITTED
def test_a_write_rolled_back_bumps_nothing(table):
    """A refusal after a write leaves the database, and so the version, as it was."""
    sheet, attachments = _with_attachments(table)
    version = _version(table)

    def refused_after_writing(membership, character, name):
        Attachment.objects.bulk_create([Attachment(character=character, name=name, wear_size=4)])
        raise charge.actions.attachments.Refused("Not now.")
    with patch.object(charge.actions.attachments, "add_attachment",
                      charge.actions.attachments.transaction.atomic(refused_after_writing)):
        table.client("player").post(attachments, {"name": "Old Bertha, my rifle"}, **HTMX)
    assert _version(table) == version and not Attachment.objects.exists()


@COMMITTED
@pytest.mark.parametrize(("page", "who"), [("campaign", "gm"), ("campaign", "player"), ("table", "gm"),
                                           ("table", "other_player"), ("console", "gm")])
def test_a_kept_page_says_the_version_it_is_served_at(table, co_gm, page, who, settings):
    """A page kept at one version is not served at the next (a change it shows nothing of: a new
    invitation link); rendered anew, its live poller asks from the version it is served at, so that
    its first poll does not refresh it again."""
    url, client = reverse(page, args=[table.campaign.pk]), table.client(who)
    made, _ = _get(client, url)
    assert POLLER.format(table.campaign.pk, _version(table)) in made
    other_gm = Client()
    other_gm.force_login(co_gm)
    other_gm.post(reverse("invitation_create", args=[table.campaign.pk]), {"max_uses": 5, "days": 7})
    version = _version(table)
    assert POLLER.format(table.campaign.pk, version - 1) in made
    rendered = []
    with _noting_renders(rendered):
        served, _ = _get(client, url)
    assert rendered != []  # not served as it was kept
    assert POLLER.format(table.campaign.pk, version) in served
    assert _as_fresh(client, url, settings)
    assert POLLER.format(table.campaign.pk, _version(table)) in _get(client, url)[0]  # the page changed nothing
