"""The Attachment Extra's optional dial, through the views ("Attachment Condition")."""

from django.urls import reverse

from charge.models import Attachment, Setup
from rolls.models import Roll
from tests.helpers import HTMX, fresh, wizard


def dialled(crew, *dials):
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={"extras": ["attachment"], "extra_dials": list(dials)})
    crew.campaign.refresh_from_db()
    return crew


def wear(crew, attachment, field="wear", who="player"):
    return crew.client(who).post(reverse("character_attachment", args=[crew.campaign.pk, crew.ada.pk]),
                                 {field: attachment.pk}, **HTMX)


def test_an_attachment_wears_out_and_cannot_be_broken_until_repaired(crew, dice):
    """"Once the clock is full, the item is ... unusable until it is partially or fully
    repaired"; "each succesful repair clearing one ... segments"."""
    dialled(crew, "attachment_condition")
    crew.client("player").post(reverse("character_attachment", args=[crew.campaign.pk, crew.ada.pk]),
                               {"name": "Old Bertha, my rifle"})
    rifle = Attachment.objects.get()
    assert rifle.wear_size == 4  # the stress clock's size
    for _ in range(4):
        panel = wear(crew, rifle).text
    assert "worn out" in panel and fresh(rifle).wear == 4
    assert "Its condition clock is full" in wear(crew, rifle).text and fresh(rifle).wear == 4
    dice(3, 2)
    wizard(crew)
    roll = Roll.objects.latest("pk")
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    assert "Break Old Bertha" not in crew.client("player").get(roll.get_absolute_url()).text
    refused = crew.client("player").post(reverse("roll_break", args=[crew.campaign.pk, roll.pk]),
                                         {"attachment": rifle.pk}, **HTMX)
    assert "That attachment is worn out: repair it first (its condition clock)." in refused.text
    wear(crew, rifle, "repair")
    assert fresh(rifle).wear == 3
    assert "Break Old Bertha" in crew.client("player").get(roll.get_absolute_url()).text


def test_without_the_dial_an_attachment_has_no_condition_clock(crew):
    dialled(crew)
    rifle = Attachment.objects.create(character=crew.ada, name="Old Bertha, my rifle")
    assert "This campaign does not track attachment condition" in wear(crew, rifle).text
    assert fresh(rifle).wear == 0
    assert 'data-testid="attachment-condition"' not in crew.client("player").get(crew.ada.get_absolute_url()).text
    dialled(crew, "attachment_condition")
    assert wear(crew, rifle, who="other_player").status_code == 404
