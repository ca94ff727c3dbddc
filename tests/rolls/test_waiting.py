"""Every campaign page tells a player what waits for them, with the button to act."""

from django.urls import reverse

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
    assert "Roll it" in waiting(crew, "player")
    assert "Roll it" not in waiting(crew, "other_player")  # not Bo's roll
    sheet = crew.client("player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    assert 'id="waiting"' in sheet and "load, campaignChanged from:body" in sheet
