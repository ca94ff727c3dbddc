"""A campaign exported as one JSON document and imported as a new campaign, losslessly."""

import datetime
import json

import pytest

from bench.build import SMOKE, build
from campaign.models import Campaign, Membership
from campaign.transfer import PARTS, export_campaign, import_campaign
from clocks.models import Visibility
from core.refused import Refused
from rolls.models import Roll
from tests.factories import ClockFactory

pytestmark = pytest.mark.django_db


def comparable(document):
    return {key: value for key, value in document.items() if key != "exported_at"}


def test_export_import_export_gives_the_same_document_field_for_field():
    built = build("round", SMOKE)
    roll = Roll.objects.filter(campaign=built.campaign).first()
    roll.choices = {"helpers": [built.character.pk], "setup_from": roll.pk}
    roll.result = {"consequence": {"kind": "complication", "target": built.character.pk,
                                   "clock": built.clock.pk, "status": "applied"}}
    roll.momentum = {str(built.character.pk): [2, 0]}
    roll.save()
    # a time with microseconds under a millisecond, which Django's own JSON would round away
    Roll.objects.filter(pk=roll.pk).update(created_at=datetime.datetime(2026, 11, 21, 6, 26, 39, 456, tzinfo=datetime.UTC))
    built.campaign.roll_call = {"character": built.character.pk, "action": "Sneak", "goal": ""}
    built.campaign.save()
    first = export_campaign(built.campaign)
    copy = import_campaign(json.loads(json.dumps(first)), built.gm)
    second = export_campaign(copy)
    assert copy.pk != built.campaign.pk
    for part in PARTS:
        assert len(second[part.key]) == len(first[part.key]), part.key
    assert comparable(second) == comparable(first)
    assert sum(len(first[p.key]) for p in PARTS) > 200  # a campaign with some of everything


def test_a_players_export_holds_only_what_the_player_may_see(table):
    ClockFactory(campaign=table.campaign, name="SECRET-GM-CLOCK", kind="danger", size=4,
                 visibility=Visibility.GM)
    ClockFactory(campaign=table.campaign, name="Turf War", kind="opposed", size=8, filled=5,
                 visibility=Visibility.KNOWN, notes="SECRET-KNOWN-NOTES")
    player = Membership.objects.get(campaign=table.campaign, user=table.player)
    text = json.dumps(export_campaign(table.campaign, player))
    for secret in ("SECRET-CAMPAIGN-NOTES", "SECRET-HIDDEN-FORCE", "SECRET-REVEALED-FORCE-NOTES",
                   "SECRET-SESSION-NOTES", "SECRET-EVENT", "SECRET-GM-CLOCK", "SECRET-KNOWN-NOTES"):
        assert secret not in text, secret
    assert '"filled": 5' not in text and "Turf War" in text
    assert "character_history" not in text


@pytest.mark.parametrize("document", [{}, {"format": "other"}, {"format": "charge-campaign", "version": 99},
                                      {"format": "charge-campaign", "version": 1, "audience": "player"}])
def test_a_file_that_is_not_a_gm_export_is_refused_and_nothing_is_made(document, user):
    before = Campaign.objects.count()
    with pytest.raises(Refused):
        import_campaign(document, user)
    assert Campaign.objects.count() == before


def test_a_gm_downloads_the_campaign_and_imports_it_through_the_page(table, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse
    response = table.client("gm").get(reverse("campaign_export", args=[table.campaign.pk]))
    assert response["Content-Disposition"].endswith('-gm.json"')
    upload = SimpleUploadedFile("campaign.json", response.content, content_type="application/json")
    landed = table.client("gm").post(reverse("campaign_import"), {"file": upload})
    copy = Campaign.objects.exclude(pk=table.campaign.pk).get()
    assert landed.url == copy.get_absolute_url()
    assert copy.characters.get().name == "Ada" and copy.forces.count() == table.campaign.forces.count()


@pytest.mark.parametrize("content", [b"not json", b"[]", b'{"format": "charge-campaign", "version": 1}'])
def test_a_bad_file_is_refused_with_a_message(table, content):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse
    before = Campaign.objects.count()
    response = table.client("gm").post(reverse("campaign_import"),
                                       {"file": SimpleUploadedFile("x.json", content)})
    assert response.status_code == 400 and 'role="alert"' in response.text
    assert Campaign.objects.count() == before


def test_the_backup_command_writes_every_campaign(table, tmp_path):
    from io import StringIO

    from django.core.management import call_command
    out = StringIO()
    call_command("backup_campaigns", dir=str(tmp_path), stdout=out)
    files = list(tmp_path.glob("*/campaign-*.json"))
    assert len(files) == Campaign.objects.count()
    assert json.loads(files[0].read_text())["format"] == "charge-campaign"
