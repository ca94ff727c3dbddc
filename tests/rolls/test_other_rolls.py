import json

import pytest
from django.urls import reverse

from characters.models import Character
from charge.models import PendingRoll
from rolls.models import Roll
from tests.helpers import HTMX, fresh, on_its_way, wizard


def test_the_last_step_rolls_only_when_roll_is_pressed(crew, dice):
    data = {"risk": 2, "effect": 2, "step": 3}
    response = crew.client("player").post(on_its_way(crew).get_absolute_url(), data)
    assert response.status_code == 200 and "Even the odds" in response.text
    assert not Roll.objects.exists()


def test_back_returns_to_the_step_before_with_the_choices_kept(crew):
    url = on_its_way(crew, goal="Pick the lock").get_absolute_url()
    response = crew.client("player").post(url, {"step": 3, "back": "1"})
    assert "What does Ada do?" in response.text and 'value="Pick the lock"' in response.text
    assert "The GM sets the" in crew.client("gm").post(url, {"step": 3, "back": "1"}).text  # the GM's step


def test_each_step_is_an_htmx_partial_and_a_full_page(crew):
    url = reverse("roll_new", args=[crew.campaign.pk])
    client = crew.client("player")
    full = client.get(url)
    moved = client.post(url, {"key": "k", "character": crew.ada.pk, "action": "Sneak", "step": 1}, **HTMX)
    location = json.loads(moved["HX-Location"])  # htmx fetches the next step at its own address
    assert location == {"path": PendingRoll.objects.get().get_absolute_url(), "target": "#wizard", "swap": "outerHTML"}
    partial = client.get(location["path"], **HTMX)
    assert "<html" in full.text and 'id="wizard"' in full.text
    assert "<html" not in partial.text and 'id="wizard"' in partial.text
    assert "Waiting for the GM" in partial.text and "<html" in client.get(location["path"]).text


def test_a_player_without_a_character_is_sent_to_make_one(table):
    Character.objects.all().delete()
    response = table.client("player").get(reverse("roll_new", args=[table.campaign.pk]))
    assert response.url == reverse("character_create", args=[table.campaign.pk])


def fortune(table, who="player", **data):
    return table.client(who).post(reverse("roll_fortune", args=[table.campaign.pk]),
                                  {"key": data.pop("key", "f1"), "likeliness": 1, **data})


def test_a_fortune_roll_adds_a_die_per_likeliness_level(crew, dice):
    dice(6, 6, 3)
    fortune(crew, likeliness=3, label="Are there bullets in the gun?")
    roll = Roll.objects.get()
    assert (roll.kind, roll.pool_size, roll.dice, roll.outcome) == ("fortune", 3, [6, 6, 3], "critical")
    assert fresh(crew.ada).charge.momentum == 2  # fortune rolls feature no momentum


def test_really_unlikely_is_two_dice_read_lowest(crew, dice):
    dice(6, 2)
    fortune(crew, likeliness=0)
    assert Roll.objects.get().outcome == "bad"


def test_opposed_fortune_pools_name_a_winner(crew, dice):
    dice(5, 2, 4)
    fortune(crew, likeliness=2, opposed=1, label="Who wins the war?")
    opposed = Roll.objects.get().result["opposed"]
    assert (opposed["dice"], opposed["winner"], opposed["margin"]) == ([4], "first", 1)


def test_fortune_odds_show_exact_chances_and_opposed_odds(crew):
    response = crew.client("player").get(reverse("fortune_odds", args=[crew.campaign.pk]),
                                         {"likeliness": 1, "opposed": 1})
    assert "5/12" in response.text and "1/6" in response.text  # 1d6 against 1d6


def test_only_a_gm_rolls_hidden_and_players_never_see_it(crew, dice):
    dice(4)
    fortune(crew, who="player", hidden="on", key="p")
    assert Roll.objects.get(idempotency_key="p").hidden is False  # the field is not offered
    dice(4)
    fortune(crew, who="gm", hidden="on", key="g", label="SECRET-HIDDEN-ROLL")
    hidden = Roll.objects.get(idempotency_key="g")
    assert hidden.hidden
    c = crew.campaign.pk
    for url in (reverse("rolls", args=[c]), reverse("campaign", args=[c]),
                reverse("campaign", args=[c]) + "?panel=rolls-panel"):
        for headers in ({}, HTMX):
            assert "SECRET-HIDDEN-ROLL" not in crew.client("player").get(url, **headers).text
    assert crew.client("player").get(hidden.get_absolute_url()).status_code == 404
    assert "SECRET-HIDDEN-ROLL" in crew.client("gm").get(reverse("rolls", args=[c])).text


def test_a_standalone_determination_roll_burns_momentum(crew, dice):
    dice(6, 6)
    crew.client("player").post(reverse("roll_determination", args=[crew.campaign.pk]),
                               {"key": "d", "character": crew.ada.pk, "burn": 2, "note": "Resist the fall"})
    ada = fresh(crew.ada)
    assert (ada.charge.momentum, ada.charge.better_risk_next) == (0, True)
    assert Roll.objects.get().result == {"resistance": "avoided_and_risk_improved", "momentum": {str(ada.pk): [2, 0]}}


def test_burning_momentum_that_is_not_there_is_refused(crew):
    response = crew.client("player").post(reverse("roll_determination", args=[crew.campaign.pk]),
                                          {"key": "d", "character": crew.ada.pk, "burn": 3})
    assert "You can burn at most the 2 momentum you have." in response.text
    assert not Roll.objects.exists()


def test_the_roll_log_is_append_only(crew, dice):
    dice(6, 1)
    fortune(crew)
    url = reverse("rolls", args=[crew.campaign.pk])
    for method in ("post", "put", "delete", "patch"):
        assert getattr(crew.client("gm"), method)(url).status_code == 405
    assert Roll.objects.count() == 1


def test_the_roll_log_pages_backwards(crew, dice):
    for index in range(55):
        dice(4)
        fortune(crew, key=f"k{index}", label=f"Roll number {index}")
    first = crew.client("player").get(reverse("rolls", args=[crew.campaign.pk]))
    assert "Roll number 54" in first.text and "Roll number 4<" not in first.text
    older = first.context["older"]
    second = crew.client("player").get(reverse("rolls", args=[crew.campaign.pk]), {"before": older})
    assert "Roll number 4" in second.text


def test_a_roll_changes_answer_htmx_with_the_campaign_event(crew, dice):
    dice(4, 1)
    wizard(crew)
    roll = Roll.objects.get()
    response = crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                                      {"kind": "worse_condition", "target": crew.ada.pk}, **HTMX)
    assert "campaignChanged" in json.loads(response["HX-Trigger"])
    assert 'id="roll-result"' in response.text


@pytest.mark.parametrize("data", [{"kind": "explode", "target": 1}, {"kind": "worse_condition", "target": 999999},
                                  {"kind": "complication", "target": "x"}, {}])
def test_hostile_consequences_are_refused_with_a_message(crew, dice, data):
    dice(4, 1)
    wizard(crew)
    roll = Roll.objects.get()
    response = crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]), data, **HTMX)
    assert response.status_code == 200 and 'role="alert"' in response.text
    roll.refresh_from_db()
    assert "consequence" not in roll.result


def test_players_cannot_inflict_consequences_nor_resist_for_others(crew, dice):
    dice(4, 1)
    wizard(crew)
    roll = Roll.objects.get()
    c = crew.campaign.pk
    assert crew.client("player").post(reverse("roll_consequence", args=[c, roll.pk]),
                                      {"kind": "worse_condition", "target": crew.ada.pk}).status_code == 404
    crew.client("gm").post(reverse("roll_consequence", args=[c, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    response = crew.client("other_player").post(reverse("roll_resist", args=[c, roll.pk]), {"burn": 1, "key": "x"}, **HTMX)
    assert "player resists for them." in response.text
    response = crew.client("other_player").post(reverse("roll_accept", args=[c, roll.pk]), **HTMX)
    assert "target, or a GM, accepts it." in response.text
    assert fresh(crew.ada).charge.stress == 0


@pytest.mark.parametrize("name", ["rolls", "roll_new", "roll_fortune", "roll_determination", "roll_flashback"])
def test_roll_pages_are_not_found_for_outsiders_and_need_a_login(table, name):
    url = reverse(name, args=[table.campaign.pk])
    assert table.client("outsider").get(url).status_code == 404
    assert table.client("anonymous").get(url).status_code == 302
