"""Team work through the pages ("Team Work": Assist, Protect, Set up)."""

import pytest
from django.urls import reverse

from campaign.models import Membership
from charge.actions.action_roll import ActionRollRequest, make_action_roll
from charge.landed import aftermath
from core.refused import Refused
from rolls.models import Roll
from tests.factories import CharacterFactory
from tests.helpers import HTMX, fresh, update_character, wizard


def offer_help(crew, helper, roller, who="other_player"):
    crew.client(who).post(reverse("character_assist", args=[crew.campaign.pk, helper.pk]), {"roller": roller.pk})


def test_a_character_taken_out_does_not_assist(crew, dice):
    update_character(crew.bo.pk, taken_out=True)
    offer_help(crew, crew.bo, crew.ada)
    dice(4, 3, 1)
    response = wizard(crew, helpers=[crew.bo.pk])
    assert "Bo is taken out for the scene and cannot assist." in response.text
    assert not Roll.objects.exists() and fresh(crew.bo).charge.momentum == 2


def test_a_character_taken_out_does_not_protect(crew, dice):
    dice(4, 2)
    wizard(crew)
    roll = Roll.objects.get()
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    update_character(crew.bo.pk, taken_out=True)
    response = crew.client("other_player").post(reverse("roll_protect", args=[crew.campaign.pk, roll.pk]),
                                                {"protector": crew.bo.pk}, **HTMX)
    assert "Bo is taken out for the scene and cannot step in." in response.text
    assert aftermath(fresh(roll)).consequence.target == crew.ada.pk


def test_two_helpers_with_one_name_both_assist(crew, dice):
    """Helpers are told apart by who they are, not by their names."""
    twin = CharacterFactory(campaign=crew.campaign, owner=crew.other_player, name="Bo", momentum=2, created=True)
    offer_help(crew, crew.bo, crew.ada)
    offer_help(crew, twin, crew.ada)
    dice(4, 3, 1, 1)
    wizard(crew, helpers=[crew.bo.pk, twin.pk], cap_lifted="on", who="gm")
    roll = Roll.objects.get()
    assert roll.dice_sources == ["rating", "rating", "assist", "assist"]
    assert (fresh(crew.bo).charge.momentum, fresh(twin).charge.momentum) == (1, 1)


def test_the_one_who_set_up_does_not_follow_through_their_own_setup(crew, dice):
    """"Set up": "any member of the team who follows through" gets the benefit."""
    dice(5, 1)
    wizard(crew, setup="on")
    setup = Roll.objects.get()
    crew.client("player").post(reverse("roll_setup", args=[crew.campaign.pk, setup.pk]), {"benefit": "effect"})
    dice(6, 1)
    response = wizard(crew, effect="2", setup_from=setup.pk)
    assert "Select a valid choice" in response.text  # not offered to Ada
    gm = Membership.objects.get(campaign=crew.campaign, user=crew.gm)
    request = ActionRollRequest(character_id=crew.ada.pk, action="Sneak", setup_from=setup.pk)
    with pytest.raises(Refused, match="Ada set this up: a teammate follows through on it."):
        make_action_roll(gm, request, "own-setup")  # nor does the action, asked directly
    assert Roll.objects.count() == 1
