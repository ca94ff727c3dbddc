"""Attachments ("Attachment Extra"): 1-2 details a character may break to cancel an incoming
consequence outright, then repair through a 4-segment project."""

import pytest
from django.urls import reverse

from charge.landed import awaits_consequence
from charge.models import Attachment, Setup
from rolls.models import Roll
from tests.helpers import HTMX, fresh, wizard


@pytest.fixture
def attached(crew):
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={"extras": ["attachment"]})
    crew.campaign.refresh_from_db()
    return crew


def mark(crew, name, who="player", character=None):
    character = character or crew.ada
    return crew.client(who).post(reverse("character_attachment", args=[crew.campaign.pk, character.pk]),
                                 {"name": name}, **HTMX)


def a_consequence(crew, dice, kind="worse_condition"):
    """Ada's Sneak roll: 3 2 is a bad outcome at moderate risk, a consequence of rating 2."""
    dice(3, 2)
    wizard(crew)
    roll = Roll.objects.latest("pk")
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": kind, "target": crew.ada.pk})
    return roll


def test_a_character_marks_one_or_two_attachments_on_the_sheet(attached):
    crew = attached
    mark(crew, "Mech's core reactor")
    mark(crew, "Old Bertha, my rifle")
    third = mark(crew, "A lucky coin")
    assert "A character has at most 2 attachments." in third.text
    assert list(Attachment.objects.values_list("name", flat=True)) == ["Mech's core reactor", "Old Bertha, my rifle"]
    assert mark(crew, "Bo's", who="player", character=crew.bo).status_code == 404  # another player's sheet
    sheet = crew.client("other_player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    assert "Mech&#x27;s core reactor" in sheet and "Mark it" not in sheet


def test_breaking_an_attachment_cancels_the_consequence_and_starts_its_repair(attached, dice):
    """The text's example: a desperate roll that would tick stress; the player breaks the Mech's
    core reactor, and the GM asks for a project to get a new core."""
    crew = attached
    mark(crew, "Mech's core reactor")
    roll = a_consequence(crew, dice)
    page = crew.client("player").get(roll.get_absolute_url()).text
    assert "Break Mech&#x27;s core reactor: cancel it" in page
    attachment = Attachment.objects.get()
    response = crew.client("player").post(reverse("roll_break", args=[crew.campaign.pk, roll.pk]),
                                          {"attachment": attachment.pk}, **HTMX)
    assert "An attachment was broken: the consequence is cancelled." in response.text
    assert "Ada broke Mech&#x27;s core reactor." in response.text
    assert fresh(crew.ada).charge.stress == 0 and not Roll.objects.filter(kind="determination").exists()
    attachment.refresh_from_db()
    assert attachment.broken and not attachment.usable
    assert (attachment.repair.name, attachment.repair.size, attachment.repair.kind) == ("Repair: Mech's core reactor", 4, "project")
    # Broken, it cannot be broken again until repaired.
    second = a_consequence(crew, dice)
    assert "Break Mech" not in crew.client("player").get(second.get_absolute_url()).text
    refused = crew.client("player").post(reverse("roll_break", args=[crew.campaign.pk, second.pk]),
                                         {"attachment": attachment.pk}, **HTMX)
    assert "That attachment is broken: repair it first" in refused.text
    # The repair project filled: usable again.
    attachment.repair.filled = 4
    attachment.repair.save()
    assert "Break Mech&#x27;s core reactor: cancel it" in crew.client("player").get(second.get_absolute_url()).text


def test_only_the_targets_player_breaks_their_attachment(attached, dice):
    crew = attached
    mark(crew, "Mech's core reactor")
    roll = a_consequence(crew, dice)
    response = crew.client("other_player").post(reverse("roll_break", args=[crew.campaign.pk, roll.pk]),
                                                {"attachment": Attachment.objects.get().pk}, **HTMX)
    assert "Ada&#x27;s player chooses to break an attachment." in response.text
    assert not Attachment.objects.get().broken and awaits_consequence(fresh(roll))


def test_without_the_extra_there_is_no_attachment(crew, dice):
    assert "Mark it" not in crew.client("player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    assert "does not use attachments" in mark(crew, "A sword").text
