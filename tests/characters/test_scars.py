"""Scars ("Scars Extra"), through the sheet and a roll's consequence."""

import pytest
from django.urls import reverse

from charge.models import Setup
from rolls.models import Roll
from tests.helpers import HTMX, fresh, sheet_url, update_character, wizard


@pytest.fixture
def scarred(table):
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": ["scars"]})
    table.campaign.refresh_from_db()
    update_character(table.character.pk,
        created=True, stress=3, momentum=2, condition="Stabbed through the right shoulder",
        action_dots={"Sneak": 2, "Finesse": 2, "Notice": 1, "Move": 1, "Sway": 1})
    return table


def tick(table, delta=1, who="player"):
    return table.client(who).post(sheet_url(table, "character_stress", table.character), {"delta": delta}, **HTMX)


def test_a_full_clock_leaves_a_scar_from_the_condition_and_incapacitates(scarred):
    """"When your stress clock reaches 4 filled segments, you do not clear it but instead, add a
    scar ... and update the condition to something that represents you being incapacitated"."""
    response = tick(scarred)
    ada = fresh(scarred.character)
    assert (ada.charge.stress, ada.charge.taken_out, ada.condition) == (4, True, "Incapacitated")
    assert ada.charge.scar_list == ["Stabbed through the right shoulder"]
    assert "Incapacitated." in response.text and "Ada comes to" in response.text
    tick(scarred)  # "An incapacitated character can not take more scars"
    assert fresh(scarred.character).charge.scar_list == ["Stabbed through the right shoulder"]
    sheet = scarred.client("other_player").get(sheet_url(scarred, "character", scarred.character)).text
    assert "Scars" in sheet and "Stabbed through the right shoulder" in sheet


def test_coming_to_clears_half_of_the_stress_clock(scarred):
    tick(scarred)
    scarred.client("player").post(sheet_url(scarred, "character_back", scarred.character), **HTMX)
    ada = fresh(scarred.character)
    assert (ada.charge.stress, ada.charge.taken_out) == (2, False)


def test_a_full_clock_by_a_consequence_leaves_a_scar_too(scarred, dice):
    dice(3, 2)
    wizard(scarred)
    roll = Roll.objects.get()
    c = scarred.campaign.pk
    scarred.client("gm").post(reverse("roll_consequence", args=[c, roll.pk]),
                              {"kind": "worse_condition", "target": scarred.character.pk})
    scarred.client("player").post(reverse("roll_accept", args=[c, roll.pk]))
    ada = fresh(scarred.character)
    assert (ada.charge.stress, ada.charge.taken_out, ada.charge.scar_list) == (4, True, ["Stabbed through the right shoulder"])


def test_hardened_clears_one_stress_for_one_momentum_with_a_scar(scarred):
    url = sheet_url(scarred, "character_hardened", scarred.character)
    refused = scarred.client("player").post(url, **HTMX)
    assert "Only a character with a scar is hardened." in refused.text
    update_character(scarred.character.pk, scars="A deep scar across the abdomen")
    scarred.client("player").post(url, **HTMX)
    ada = fresh(scarred.character)
    assert (ada.charge.stress, ada.charge.momentum) == (2, 1)


def test_bowing_out_leaves_the_scene_and_clears_two_stress(scarred):
    """The text's example: at 3 stress, bowing out, leaving a friend with the Brute and the Slice."""
    scarred.client("player").post(sheet_url(scarred, "character_bow_out", scarred.character), **HTMX)
    ada = fresh(scarred.character)
    assert (ada.charge.stress, ada.charge.taken_out, ada.charge.scar_list) == (1, True, [])


def test_without_scars_a_full_clock_clears_as_the_core_rule_says(table):
    update_character(table.character.pk, stress=3, condition="Winded")
    tick(table)
    ada = fresh(table.character)
    assert (ada.charge.stress, ada.charge.taken_out, ada.charge.scars) == (0, True, "")
    assert "does not use scars" in table.client("player").post(
        sheet_url(table, "character_bow_out", table.character), **HTMX).text


def test_the_answer_shows_the_sheet_as_it_is_after_the_tap(scarred):
    response = scarred.client("player").post(sheet_url(scarred, "character_bow_out", scarred.character), **HTMX)
    assert 'aria-label="Stress: 1 of 4"' in response.text and "comes to" in response.text  # out of the scene
