"""Every campaign page tells a player what waits for them, with the button to act."""

from django.urls import reverse

from charge.landed import aftermath
from charge.models import PendingRoll
from rolls.models import Roll
from tests.helpers import wizard


def waiting(table, who):
    return table.client(who).get(reverse("waiting", args=[table.campaign.pk])).text


def test_a_consequence_waits_for_its_target_only_until_it_is_answered(crew, dice):
    dice(4, 2)
    wizard(crew)
    roll = Roll.objects.get()
    assert "A consequence waits" not in waiting(crew, "player")
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    assert f'href="{roll.get_absolute_url()}">Answer it' in waiting(crew, "player")
    assert "A consequence waits" not in waiting(crew, "other_player")  # Bo is not the target
    crew.client("player").post(reverse("roll_accept", args=[crew.campaign.pk, roll.pk]))
    assert "A consequence waits" not in waiting(crew, "player")


def test_a_call_for_a_roll_reaches_the_player_on_any_page(crew):
    crew.client("gm").post(reverse("call_for_roll", args=[crew.campaign.pk]),
                           {"character": crew.ada.pk, "action": "Sneak", "goal": "Get in"})
    assert "Open it" in waiting(crew, "player")
    assert "Open it" not in waiting(crew, "other_player")  # not Bo's roll
    sheet = crew.client("player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    assert 'id="waiting"' in sheet and "load, campaignChanged from:body" in sheet


def test_a_called_roll_with_risk_and_effect_set_is_two_taps_and_binds_the_player(crew, dice):
    """The rulebook's order: the player sets the goal, the GM sets risk and effect, the player
    evens the odds. A call for a roll may carry the GM's risk and effect."""
    import re

    c = crew.campaign.pk
    crew.client("gm").post(reverse("call_for_roll", args=[c]),
                           {"character": crew.ada.pk, "action": "Sneak", "goal": "Get in", "risk": 3, "effect": 3})
    banner = waiting(crew, "player")
    roll_url = re.search(r'href="([^"]+)">Roll it', banner).group(1)
    page = crew.client("player").get(roll_url).text  # tap 1: "Roll it"
    assert "Even the odds" in page and "Roll 2d6" in page
    response = crew.client("player").post(roll_url, {"step": 3, "roll": "1", "risk": 1, "effect": 3})
    assert "The GM changed the risk and the effect: now high risk, great effect." in response.text
    assert not Roll.objects.exists()
    dice(6, 2)
    crew.client("player").post(roll_url, {"step": 3, "roll": "1", "risk": 3, "effect": 3})  # tap 2: "Roll"
    roll = Roll.objects.get()
    assert (aftermath(roll).risk, aftermath(roll).effect, roll.goal) == (3, 3, "Get in")
    assert not PendingRoll.objects.exists()  # answered
    assert "Roll it" not in waiting(crew, "player")


def test_a_consequence_is_not_announced_on_its_own_rolls_page(crew, dice):
    dice(4, 2)
    wizard(crew)
    roll = Roll.objects.get()
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    url = reverse("waiting", args=[crew.campaign.pk])
    assert "A consequence waits" in crew.client("player").get(url, {"on": "/"}).text
    assert "A consequence waits" not in crew.client("player").get(url, {"on": roll.get_absolute_url()}).text
