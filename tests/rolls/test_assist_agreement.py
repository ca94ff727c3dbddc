"""A helper consumes 1 momentum ("Assist"): another player's character helps only once its
player has agreed, and the agreement is spent on the roll it helps."""

import pytest
from django.urls import reverse

from campaign.models import Membership
from charge.actions.action_roll import ActionRollRequest, make_action_roll
from core.refused import Refused
from rolls.models import Roll
from tests.helpers import HTMX, fresh, on_its_way, wizard


def offer(crew, helper, roller, who="other_player"):
    return crew.client(who).post(reverse("character_assist", args=[crew.campaign.pk, helper.pk]),
                                 {"roller": roller.pk if roller else ""}, **HTMX)


def test_without_an_offer_another_players_momentum_cannot_be_spent(crew, dice):
    dice(4, 3, 1)
    response = wizard(crew, helpers=[crew.bo.pk])
    assert "Select a valid choice" in response.text  # the wizard does not offer Bo
    player = Membership.objects.get(campaign=crew.campaign, user=crew.player)
    request = ActionRollRequest(character_id=crew.ada.pk, action="Sneak", helper_ids=(crew.bo.pk,))
    with pytest.raises(Refused, match="Bo's player has not offered to assist Ada"):
        make_action_roll(player, request, "direct")  # nor does the action, asked directly
    assert not Roll.objects.exists()
    assert fresh(crew.bo).charge.momentum == 2


def test_a_gm_names_any_helper(crew, dice):
    dice(4, 3, 1)
    gm = Membership.objects.get(campaign=crew.campaign, user=crew.gm)
    request = ActionRollRequest(character_id=crew.ada.pk, action="Sneak", helper_ids=(crew.bo.pk,))
    make_action_roll(gm, request, "by-the-gm")
    assert fresh(crew.bo).charge.momentum == 1


def test_the_offer_lists_the_helper_and_the_roll_spends_it(crew, dice):
    offer(crew, crew.bo, crew.ada)
    assert fresh(crew.bo).charge.assisting == crew.ada
    dice(4, 3, 1)
    wizard(crew, helpers=[crew.bo.pk])
    roll = Roll.objects.get()
    assert roll.dice_sources == ["rating", "rating", "assist"]
    assert fresh(crew.bo).charge.momentum == 1 and fresh(crew.bo).charge.assisting is None
    dice(4, 3, 1)
    wizard(crew, helpers=[crew.bo.pk])  # the same help again, without a new offer
    assert Roll.objects.count() == 1 and fresh(crew.bo).charge.momentum == 1


def test_an_offer_can_be_withdrawn_and_only_its_player_makes_it(crew):
    offer(crew, crew.bo, crew.ada)
    offer(crew, crew.bo, None)
    assert fresh(crew.bo).charge.assisting is None
    assert offer(crew, crew.bo, crew.ada, who="player").status_code == 404  # Ada's player
    assert fresh(crew.bo).charge.assisting is None


def test_the_offer_shows_on_the_dashboard_and_the_wizard_lists_only_willing_helpers(crew):
    dashboard = crew.client("other_player").get(reverse("campaign", args=[crew.campaign.pk])).text
    assert "Assist Ada" in dashboard
    url = on_its_way(crew).get_absolute_url()
    before = crew.client("player").get(url).text
    assert "Bo (2 momentum)" not in before and "Ask Bo to assist" in before
    offer(crew, crew.bo, crew.ada)
    after = crew.client("player").get(url).text
    assert "Bo (2 momentum)" in after and "Ask Bo to assist" not in after
    dashboard = crew.client("other_player").get(reverse("campaign", args=[crew.campaign.pk])).text
    assert "Offers to assist Ada" in dashboard and "Bo: stop offering help" in dashboard


@pytest.mark.parametrize("roller", ["self", "elsewhere"])
def test_a_character_offers_help_only_to_another_of_its_campaign(crew, roller, other_campaign_character):
    target = crew.bo if roller == "self" else other_campaign_character
    response = offer(crew, crew.bo, target)
    assert response.status_code == 200 and 'role="alert"' in response.text
    assert fresh(crew.bo).charge.assisting is None


@pytest.fixture
def other_campaign_character(db):
    from tests.factories import CharacterFactory
    return CharacterFactory()
