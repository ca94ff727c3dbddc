"""Conflicts played through the views with scripted dice, the campaign's state asserted after
each ("Stats & Powers", "Traits and Items", "... and Resolve", "Consequence")."""

import re

from django.urls import reverse

from rolls.models import Roll
from traits.models import Conflict, Feature, FeatureKind, Sheet


def start(table, stat, powers=(), burn=False, who="player", stakes="Do you make it past the guard?"):
    data = {"character": table.character.pk, "key": f"k-{stat}-{burn}", "stakes": stakes,
            "solution": "I punch his lights out", "stat": stat, "powers": [p.pk for p in powers]}
    if burn:
        data["burn"] = "on"
    response = table.client(who).post(reverse("conflict_new", args=[table.campaign.pk]), data)
    return response, Conflict.objects.filter(character=table.character).first()


def step(table, who, name, conflict, data=None, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return table.client(who).post(reverse(name, args=[table.campaign.pk, conflict.pk]), data or {}, **headers)


def words(response) -> str:
    """The page's text with its whitespace as a reader sees it: one space."""
    return " ".join((response if isinstance(response, str) else response.text).split())


def sheet(table):
    return Sheet.objects.get(character=table.character)


def test_a_whole_success_with_a_power_needs_no_bid_and_brings_no_consequence(traits_table, dice):
    """Muscle 4... here Muscle 3 and Super-Strength 2: "you roll four dice plus two automatic
    successes"; at least as many as the GM wins, with the Stat roll and Power alone: whole."""
    table = traits_table
    response, conflict = start(table, "Muscle", powers=[table.power])
    assert response.status_code == 302 and response.url == conflict.get_absolute_url()
    page = table.client("player").get(conflict.get_absolute_url())
    assert "The GM rolls her dice or states her successes." in page.text
    step(table, "gm", "conflict_gm", conflict, {"successes": 3})
    page = table.client("player").get(conflict.get_absolute_url())
    # 3 dice need 1 success (3 - 2 Powers): 1 - (1/2)^3 = 7/8, shown beside the mixed success and
    # the loss: 87.5% rounds down so that the three add up to 100 (tests/traits/test_odds.py).
    assert "Whole success 87% 7/8" in " ".join(re.sub(r"<[^>]+>", " ", page.text).split())
    dice(5, 2, 1)
    step(table, "player", "conflict_roll", conflict)
    roll = Roll.objects.get(kind="conflict")
    assert (roll.dice, roll.result["powers"], roll.result["gm"]) == ([5, 2, 1], 2, 3)
    step(table, "player", "conflict_resolve", conflict)
    roll.refresh_from_db()
    assert roll.outcome == "whole" and roll.result["consequence"] == 0 and roll.result["settled"]
    assert not Conflict.objects.exists()
    assert sheet(table).consequence == 0
    screen = table.client("other_player").get(reverse("table", args=[table.campaign.pk]))
    assert "Whole success" in screen.text and "Do you make it past the guard?" in screen.text


def test_a_mixed_success_with_two_traits_and_an_item_gains_no_consequence(traits_table, dice):
    """Behind after the Stat roll, two Traits (a die each, one at a time) and the Rapier (Value 2:
    two dice) close the gap: a mixed success, and "you can't gain Consequence ... from a mixed
    success"."""
    table = traits_table
    quick = Feature.objects.create(character=table.character, kind=FeatureKind.TRAIT, name="Quick reflexes")
    _, conflict = start(table, "Speed")
    dice(6, 5, 4, 1)
    step(table, "gm", "conflict_gm", conflict, {"dice": 4})
    conflict.refresh_from_db()
    assert (conflict.gm_dice, conflict.gm_successes) == ([6, 5, 4, 1], 3)
    dice(2, 3, 1)
    step(table, "player", "conflict_roll", conflict)
    page = table.client("player").get(conflict.get_absolute_url())
    assert "You need <strong>3</strong> more successes" in words(page)
    # k dice close a gap of 3 with chance P(at least 3 of k): 1/8 for three dice, 5/16 for four.
    assert 'data-testid="odds-bid-3">3 dice: 1/8 (12%)' in words(page)
    assert 'data-testid="odds-bid-4">4 dice: 5/16 (31%)' in words(page)
    dice(4)
    step(table, "player", "conflict_bid", conflict, {"traits": [table.trait.pk]})
    dice(2, 5, 6)
    step(table, "player", "conflict_bid", conflict, {"traits": [quick.pk], "item": table.item.pk})
    roll = Roll.objects.get(kind="conflict")
    assert [(bid["name"], bid["dice"]) for bid in roll.result["bids"]] == [
        ("Nasty Uppercut", [4]), ("Quick reflexes", [2]), ("Rapier", [5, 6])]
    step(table, "player", "conflict_resolve", conflict)
    roll.refresh_from_db()
    assert (roll.outcome, roll.result["total"], roll.result["consequence"]) == ("mixed", 3, 0)
    assert not Conflict.objects.exists() and sheet(table).consequence == 0
    assert roll.pool_size == 3 + 1 + 1 + 2


def test_bids_are_capped_by_the_stat_and_one_item(traits_table, dice):
    table = traits_table
    _, conflict = start(table, "Focus", burn=False)
    step(table, "gm", "conflict_gm", conflict, {"successes": 5})
    dice(1, 1)
    step(table, "player", "conflict_roll", conflict)
    # Focus 2: a third Trait is refused, and nothing of the bid is rolled.
    third = Feature.objects.create(character=table.character, kind=FeatureKind.TRAIT, name="Stubborn")
    response = step(table, "player", "conflict_bid", conflict, {"traits": [table.trait.pk, table.tagged.pk, third.pk]},
                    htmx=True)
    assert "You can bid at most 2 Traits with a Stat of 2." in response.text
    assert Roll.objects.get(kind="conflict").result["bids"] == []
    dice(1, 1, 1, 1)
    response = step(table, "player", "conflict_bid", conflict, {"traits": [table.trait.pk, table.tagged.pk],
                                                                 "item": table.item.pk}, htmx=True)
    assert response.status_code == 200
    # Both Traits and the one Item bid: nothing is left to decide, and the loss is resolved at once.
    roll = Roll.objects.get(kind="conflict")
    assert len(roll.result["bids"]) == 3 and roll.outcome == "loss"


def test_a_loss_taken_partly_as_damage_lowers_the_stat_and_fills_the_pool(traits_table, dice):
    """"He beats me by three? ... I'll take two points as damage to my Speed and dump the last one
    in my Consequence pool." The player decides; the GM agrees."""
    table = traits_table
    _, conflict = start(table, "Speed", stakes="Do you dodge the laser blasts?")
    step(table, "gm", "conflict_gm", conflict, {"successes": 4})
    dice(1, 2, 4)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    roll = Roll.objects.get(kind="conflict")
    assert (roll.outcome, roll.result["margin"], roll.result["consequence"]) == ("loss", 3, 3)
    # Another player cannot split it, and its player cannot confirm it.
    assert step(table, "other_player", "conflict_damage", conflict, {"damage-3": 2}, htmx=True).status_code == 404
    roll.refresh_from_db()
    assert "proposed" not in roll.result
    assert step(table, "player", "conflict_confirm", conflict).status_code == 404
    # Too much damage is refused with the rules' words; nothing is kept.
    response = step(table, "player", "conflict_damage", conflict, {"damage-3": 4}, htmx=True)
    assert "There are only 3 Consequence to take as damage." in response.text
    step(table, "player", "conflict_damage", conflict, {"damage-3": 2})
    page = table.client("gm").get(conflict.get_absolute_url())
    assert "Damage: 2 to Speed; the rest (1) into the pool." in words(page)
    step(table, "gm", "conflict_confirm", conflict, {"agreed": "yes"})
    assert sheet(table).stats["Speed"] == {"rating": 3, "current": 1}
    assert sheet(table).consequence == 1
    roll.refresh_from_db()
    assert roll.result["damage"] == {"Speed": 2} and roll.result["pool"] == 1 and not Conflict.objects.exists()
    page = table.client("other_player").get(roll.get_absolute_url())
    assert "2 damage to Speed, the rest into the pool." in page.text and "The pool holds 1." in page.text


def test_the_group_may_refuse_the_damage_and_it_all_goes_to_the_pool(traits_table, dice):
    table = traits_table
    _, conflict = start(table, "Muscle")
    step(table, "gm", "conflict_gm", conflict, {"successes": 5})
    dice(1, 1, 1)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    step(table, "player", "conflict_damage", conflict, {"damage-0": 2})
    dice(1, 2, 3, 4, 5)
    step(table, "gm", "conflict_confirm", conflict, {"agreed": "no"})
    assert sheet(table).stats["Muscle"] == {"rating": 3, "current": 3}
    # 5 Consequence reaches GL 5: it explodes at once.
    roll = Roll.objects.get(kind="conflict")
    assert roll.result["explosions"] == [{"gl": 5, "dice": [1, 2, 3, 4, 5], "successes": 2}]
    assert sheet(table).consequence == 0


def test_tags_bring_consequence_even_on_a_win(traits_table, dice):
    """"every die that rolled a 1 garners you a point of Consequence, even if you win"; with the
    one © Trait bid, 1s count: on the Stat's dice and on the bid dice."""
    table = traits_table
    _, conflict = start(table, "Muscle")
    step(table, "gm", "conflict_gm", conflict, {"successes": 2})
    dice(6, 1, 3)
    step(table, "player", "conflict_roll", conflict)
    dice(1, 5)
    step(table, "player", "conflict_bid", conflict, {"traits": [table.tagged.pk, table.trait.pk]})
    step(table, "player", "conflict_resolve", conflict)
    roll = Roll.objects.get(kind="conflict")
    assert (roll.outcome, roll.result["margin"], roll.result["tagged"], roll.result["consequence"]) == ("mixed", 0, 2, 2)
    # All of it into the pool needs no one's leave: it is taken at once.
    step(table, "player", "conflict_damage", conflict, {})
    assert sheet(table).consequence == 2 and not Conflict.objects.exists()


def test_a_tagged_power_tags_the_dice_not_its_successes(traits_table, dice):
    """"tagged Powers only affect dice in the pool, not successes from that Power"."""
    table = traits_table
    table.power.tagged = True
    table.power.save()
    _, conflict = start(table, "Muscle", powers=[table.power])
    step(table, "gm", "conflict_gm", conflict, {"successes": 2})
    dice(2, 3, 5)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    roll = Roll.objects.get(kind="conflict")
    assert (roll.outcome, roll.result["tags"], roll.result["tagged"]) == ("whole", 1, 0)
    assert not Conflict.objects.exists()


def test_an_explosion_burns_gl_and_the_gm_rolls_that_many_dice(traits_table, dice):
    """"Whenever you get at least as much Consequence as your GL, it explodes ... Burn off your GL
    in Consequence, the GM will roll that many dice"; her successes are the twist's magnitude."""
    table = traits_table
    Sheet.objects.filter(character=table.character).update(consequence=4, gl=5)
    _, conflict = start(table, "Focus")
    step(table, "gm", "conflict_gm", conflict, {"successes": 2})
    dice(1, 5)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    dice(4, 4, 1, 2, 6)
    step(table, "player", "conflict_damage", conflict)
    roll = Roll.objects.get(kind="conflict")
    assert roll.result["explosions"] == [{"gl": 5, "dice": [4, 4, 1, 2, 6], "successes": 3}]
    assert sheet(table).consequence == 0
    screen = table.client("player").get(reverse("table", args=[table.campaign.pk]))
    assert "A twist of magnitude 3" in screen.text


def test_burning_a_consequence_takes_one_die_and_comes_back_when_the_conflict_is_taken_back(traits_table, dice):
    table = traits_table
    Sheet.objects.filter(character=table.character).update(consequence=2)
    _, conflict = start(table, "Muscle", burn=True)
    assert conflict.burned and sheet(table).consequence == 1
    step(table, "gm", "conflict_gm", conflict, {"successes": 1})
    page = table.client("player").get(conflict.get_absolute_url())
    assert "Roll 2 dice" in page.text  # Muscle 3, -1
    step(table, "player", "conflict_withdraw", conflict)
    assert not Conflict.objects.exists() and sheet(table).consequence == 2


def test_an_aftermath_burns_consequence_and_rolls_that_many_dice(traits_table, dice):
    """"The GM burns off some or all of a character's Consequence and rolls that many dice ... the
    character gains [successes] new Consequence Traits"."""
    table = traits_table
    Sheet.objects.filter(character=table.character).update(consequence=3)
    url = reverse("traits_aftermath", args=[table.campaign.pk, table.character.pk])
    assert table.client("player").post(url, {"burn": 2}).status_code == 404
    dice(5, 1)
    table.client("gm").post(url, {"burn": 2, "key": "after-1"})
    table.client("gm").post(url, {"burn": 2, "key": "after-1"})  # a double tap
    roll = Roll.objects.get(kind="aftermath")
    assert (roll.dice, roll.result["successes"]) == ([5, 1], 1) and sheet(table).consequence == 1
    page = table.client("player").get(roll.get_absolute_url())
    assert "1 success: Ada may gain 1 new Consequence Trait." in words(page)
    response = table.client("gm").post(url, {"burn": 5, "key": "after-2"}, HTTP_HX_REQUEST="true")
    assert "Burn 1 to 1 of Ada&#x27;s Consequence." in response.text and sheet(table).consequence == 1


def test_a_conflict_is_played_only_by_its_player_and_the_gm(traits_table, dice):
    table = traits_table
    _, conflict = start(table, "Muscle")
    assert table.client("outsider").get(conflict.get_absolute_url()).status_code == 404
    assert step(table, "player", "conflict_gm", conflict, {"successes": 1}).status_code == 404
    step(table, "gm", "conflict_gm", conflict, {"successes": 1})
    assert step(table, "other_player", "conflict_roll", conflict, htmx=True).status_code == 404
    assert not Roll.objects.exists()
    # Another player starts nothing for Ada.
    response, _ = start(table, "Focus", who="other_player")
    assert Conflict.objects.count() == 1


def test_a_double_tap_rolls_once(traits_table, dice):
    table = traits_table
    _, conflict = start(table, "Muscle")
    start(table, "Muscle")  # the same form again: the same conflict
    assert Conflict.objects.count() == 1
    dice(4, 4)
    step(table, "gm", "conflict_gm", conflict, {"dice": 2})
    step(table, "gm", "conflict_gm", conflict, {"dice": 2})
    dice(6, 6, 6)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_roll", conflict)
    assert Roll.objects.count() == 1


def test_bad_input_is_refused_with_a_message_and_nothing_is_saved(traits_table):
    table = traits_table
    response, conflict = start(table, "Muscle", stakes="")
    assert response.status_code == 200 and conflict is None
    assert "Write the stakes" in response.text
    response, conflict = start(table, "Wisdom")
    assert "Choose one of the campaign&#x27;s Stats." in response.text and conflict is None
    _, conflict = start(table, "Muscle")
    response = step(table, "gm", "conflict_gm", conflict, {"dice": 99}, htmx=True)
    assert "Roll 1 to 20 dice." in response.text
    conflict.refresh_from_db()
    assert conflict.gm_successes is None


def test_a_pool_far_past_gl_explodes_again_until_it_is_below(traits_table, dice):
    """Pool 4, GL 5, a loss by 6: 10 in the pool is two explosions, two twists."""
    table = traits_table
    Sheet.objects.filter(character=table.character).update(consequence=4, gl=5)
    _, conflict = start(table, "Focus")
    step(table, "gm", "conflict_gm", conflict, {"successes": 6})
    dice(1, 2)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    dice(6, 6, 1, 1, 1, 4, 2, 2, 2, 2)
    step(table, "player", "conflict_damage", conflict)
    roll = Roll.objects.get(kind="conflict")
    assert [e["successes"] for e in roll.result["explosions"]] == [2, 1] and sheet(table).consequence == 0
    assert table.campaign.events.filter(text__startswith="Ada's Consequence explodes").count() == 2
    page = table.client("gm").get(roll.get_absolute_url()).text
    assert page.count('data-testid="explosion"') == 2 and "The pool exploded and holds 0." in page


def test_a_burn_narrates_its_complication_into_the_log(traits_table, dice):
    table = traits_table
    Sheet.objects.filter(character=table.character).update(consequence=1)
    table.client("player").post(reverse("conflict_new", args=[table.campaign.pk]), {
        "character": table.character.pk, "key": "burn", "stakes": "Do you hit him?", "solution": "I shoot",
        "stat": "Muscle", "burn": "on", "complication": "Dust from the sandstorm"})
    conflict = Conflict.objects.get()
    step(table, "gm", "conflict_gm", conflict, {"successes": 0})
    dice(5, 5)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    page = table.client("other_player").get(Roll.objects.get().get_absolute_url()).text
    assert "one Consequence burnt: -1 to Muscle; Dust from the sandstorm" in words(page)


def test_each_member_is_told_what_waits_for_them(traits_table, dice):
    table = traits_table
    _, conflict = start(table, "Muscle")
    waiting = reverse("waiting", args=[table.campaign.pk])

    def banner(who, on=""):
        return table.client(who).get(waiting, {"on": on}, **{"HTTP_HX_REQUEST": "true"}).text

    assert "waits for the GM&#x27;s successes" in banner("gm") and "Open it" in banner("player")
    assert "Open it" not in banner("other_player")
    assert "Open it" not in banner("gm", on=conflict.get_absolute_url())
    step(table, "gm", "conflict_gm", conflict, {"successes": 1})
    assert "Open it" not in banner("gm") and "waits for the Stat roll" in banner("player")


def test_taking_a_conflict_back_returns_to_the_sheet(traits_table):
    table = traits_table
    _, conflict = start(table, "Muscle")
    response = step(table, "player", "conflict_withdraw", conflict)
    assert response.url == table.character.get_absolute_url()
    response = step(table, "player", "conflict_withdraw", conflict, htmx=True)
    assert response.status_code == 404  # already gone


def test_negative_damage_is_refused_in_the_rules_words(traits_table, dice):
    table = traits_table
    _, conflict = start(table, "Muscle")
    step(table, "gm", "conflict_gm", conflict, {"successes": 3})
    dice(1, 1, 1)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    response = step(table, "player", "conflict_damage", conflict, {"damage-0": -2, "damage-2": "x"}, htmx=True)
    assert "Damage is a number of points, 0 or more." in response.text
    assert sheet(table).consequence == 0 and Conflict.objects.exists()


def test_the_form_sent_again_after_its_conflict_lands_on_its_roll_and_a_new_one_starts_afresh(traits_table, dice):
    table = traits_table
    _, conflict = start(table, "Muscle", powers=[table.power])
    step(table, "gm", "conflict_gm", conflict, {"successes": 3})
    dice(5, 2, 1)
    step(table, "player", "conflict_roll", conflict)
    step(table, "player", "conflict_resolve", conflict)
    roll = Roll.objects.get(kind="conflict")
    again, _ = start(table, "Muscle", powers=[table.power])  # the back button, then send
    assert again.url == roll.get_absolute_url() and not Conflict.objects.exists()
    page = table.client("player").get(reverse("conflict_new", args=[table.campaign.pk]))
    assert f'value="{roll.idempotency_key}"' not in page.text
    table.client("player").post(reverse("conflict_new", args=[table.campaign.pk]), {
        "character": table.character.pk, "key": "a-new-key", "stakes": "Again", "solution": "Run", "stat": "Muscle"})
    conflict = Conflict.objects.get()
    dice(5, 5, 5)
    step(table, "gm", "conflict_gm", conflict, {"successes": 1})
    step(table, "player", "conflict_roll", conflict)
    assert Roll.objects.filter(kind="conflict").count() == 2
