"""A campaign exported as one JSON document and imported as a new campaign, losslessly."""

import datetime
import json

import pytest

from bench.build import SMOKE, build
from campaign.models import Campaign, Membership
from campaign.transfer import USER, comparable, export_campaign, import_campaign, parts
from clocks.models import ClockChange, Visibility
from core.refused import Refused
from gamerules.words import kept, said
from rolls.models import Roll
from tests.factories import ClockFactory

pytestmark = pytest.mark.django_db


def test_export_import_export_gives_the_same_document_field_for_field():
    built = build("round", SMOKE)
    roll = Roll.objects.filter(campaign=built.campaign).first()
    roll.choices = {"helpers": [built.character.pk], "setup_from": roll.pk, "project": built.clock.pk}
    roll.result = {"consequence": {"kind": "complication", "target": built.character.pk,
                                   "clock": built.clock.pk, "status": "applied"}}
    roll.momentum = {str(built.character.pk): [2, 0]}
    roll.save()
    # a time with microseconds under a millisecond, which Django's own JSON would round away
    Roll.objects.filter(pk=roll.pk).update(created_at=datetime.datetime(2026, 11, 21, 6, 26, 39, 456, tzinfo=datetime.UTC))
    # a clock change's reason kept as a phrase, to be said in each reader's language
    reason = said("Undo of %(before)s→%(after)s (%(reason)s)", before=4, after=5, reason=said("By hand"))
    ClockChange.objects.filter(pk=ClockChange.objects.filter(clock__campaign=built.campaign).values("pk")[:1]).update(
        reason=str.__str__(reason), phrase=kept(reason))
    assert built.campaign.pending_rolls.exists()  # not made yet: they stay here
    first = export_campaign(built.campaign)
    assert "pending_rolls" not in first
    first["campaign"]["roll_call"] = {"character": 0, "action": "Sneak"}  # as earlier files held it
    copy = import_campaign(json.loads(json.dumps(first)), built.gm)
    assert not copy.pending_rolls.exists()
    del first["campaign"]["roll_call"]
    second = export_campaign(copy)
    assert copy.pk != built.campaign.pk
    for part in parts():
        if part.key != "memberships":
            # A part added since the last release is left out while empty (Part.new), in both alike.
            assert (part.key in second) == (part.key in first), part.key
            assert len(second.get(part.key, [])) == len(first.get(part.key, [])), part.key
    assert comparable(second) == comparable(first)
    assert kept(reason) in [change["phrase"] for change in second["clock_changes"]]
    assert [m["user_id"] for m in second["memberships"]] == [built.gm.username]
    assert sum(len(first.get(p.key, [])) for p in parts()) > 200  # a campaign with some of everything



def test_every_part_comes_after_the_parts_it_points_into():
    """An import makes the parts in order, a dice system's placed among the shared ones: every
    link of a row finds its row made already (a link into its own part is set once it exists)."""
    made = set()
    for part in parts():
        assert {target for target in part.links.values() if target not in (USER, part.key)} <= made, part.key
        made.add(part.key)


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


def gm_document(table):
    return export_campaign(table.campaign)


def test_an_import_makes_nobody_a_member_but_the_importer(table):
    from tests.factories import UserFactory
    UserFactory(username="someone-else")
    document = gm_document(table)
    document["memberships"].append({"user_id": "someone-else", "role": "gm",
                                    "joined_at": document["memberships"][0]["joined_at"]})
    importer = UserFactory(username="importer")
    copy = import_campaign(document, importer)
    assert list(copy.memberships.values_list("user__username", "role")) == [("importer", "gm")]


def test_an_import_names_only_people_the_importer_already_plays_with(table):
    """A file cannot tell which usernames exist: a stranger named in it stays nobody."""
    from tests.factories import UserFactory
    UserFactory(username="stranger-here")
    document = gm_document(table)
    document["rolls"] = [{**row, "rolled_by_id": "stranger-here"} for row in document["rolls"]]
    document["characters"][0]["owner_id"] = "stranger-here"
    document["events"].append({**document["events"][0], "actor_id": "stranger-here"})
    copy = import_campaign(document, table.gm)
    assert not copy.characters.filter(owner__username="stranger-here").exists()
    assert not copy.events.filter(actor__username="stranger-here").exists()
    assert copy.characters.get().owner is None  # kept by the campaign
    again = import_campaign(gm_document(table), table.gm)
    assert again.characters.get().owner == table.player  # a player the GM already plays with


@pytest.mark.parametrize("damage", [
    lambda d: d["events"][0].update(id=1),
    lambda d: d["characters"][0].update(momentum="lots"),
    lambda d: d["characters"][0].update(name=None),
    lambda d: d["forces"].append("not a record"),
    lambda d: d["clocks"].append({"name": "Half a clock"}),
    lambda d: d["campaign"].pop("dials"),
    lambda d: d.update(rolls={"not": "a list"}),
])
def test_a_damaged_file_is_refused_with_a_message_and_nothing_is_saved(table, damage):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse
    document = gm_document(table)
    if not document["clocks"]:
        ClockFactory(campaign=table.campaign, name="A clock")
        document = gm_document(table)
    damage(document)
    before = Campaign.objects.count()
    upload = SimpleUploadedFile("x.json", json.dumps(document).encode())
    response = table.client("player").post(reverse("campaign_import"), {"file": upload})
    assert response.status_code == 400 and 'role="alert"' in response.text
    assert Campaign.objects.count() == before
