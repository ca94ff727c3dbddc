"""The Traits & Consequence system's numbers (``system-traits-and-consequence.md``): every face
combination of small pools, the odds against brute-force enumeration, and each number the text
gives."""

from fractions import Fraction
from itertools import product

import pytest

from gamerules.traits import (
    Conflict,
    Result,
    bid_errors,
    bid_odds,
    conflict_odds,
    damage_errors,
    expected_tagged,
    resolution_odds,
    successes,
    tagged_consequence,
    take_consequence,
)
from tests.traits.enumeration import ends_by_enumeration, successes_counted


def faces(dice):
    return product(range(1, 7), repeat=dice)


def test_every_4_5_or_6_is_a_success():
    assert successes([4, 5, 6, 1, 2, 3]) == 3
    for roll in faces(3):
        assert successes(roll) == sum(1 for die in roll if die >= 4)


def test_the_texts_tag_numbers():
    """"if two tags are involved ... every die that shows a 1 or a 2"; "with four tags, you get
    Consequence for every 1-3, successes for every 5-6, and both for every 4"; "Six or more tags
    means that every die adds to your Consequence"."""
    every_face = (1, 2, 3, 4, 5, 6)
    assert tagged_consequence(every_face, 0) == 0
    assert tagged_consequence(every_face, 1) == 1
    assert tagged_consequence(every_face, 2) == 2
    four = [(face, face <= 4, face >= 4) for face in every_face]
    assert [(face, bool(tagged_consequence([face], 4)), bool(successes([face]))) for face in every_face] == four
    assert tagged_consequence(every_face, 6) == tagged_consequence(every_face, 9) == 6


def test_the_texts_power_example_four_dice_plus_two_automatic_successes():
    """"with Muscle 4 and Super-Strength 2 ... you roll four dice plus two automatic successes"."""
    conflict = Conflict(stat_dice=(1, 2, 5, 6), powers=2, gm=4)
    assert (conflict.first, conflict.result) == (4, Result.WHOLE)


def test_a_tagged_power_only_counts_the_pools_dice():
    """"using a tagged Power with a five-die pool can only generate Consequence if those five dice
    roll low enough"."""
    conflict = Conflict(stat_dice=(4, 5, 6, 5, 4), powers=3, gm=2, tags=1)
    assert conflict.tag_consequence == 0 and conflict.consequence == 0


@pytest.mark.parametrize(("conflict", "result", "consequence"), [
    (Conflict((4, 1), powers=0, gm=1), Result.WHOLE, 0),  # a tie goes to the player
    (Conflict((1, 2), powers=0, gm=2, bid_dice=(5, 6)), Result.MIXED, 0),  # no Consequence from a mixed success
    (Conflict((1, 2), powers=0, gm=3, bid_dice=(5, 1)), Result.LOSS, 2),  # "two fewer successes ... two Consequence"
    (Conflict((6, 1), powers=0, gm=1, tags=1), Result.WHOLE, 1),  # "even if you win the conflict"
    (Conflict((1, 2), powers=0, gm=1, bid_dice=(4, 2), tags=2), Result.MIXED, 3),  # tags count on bid dice too
])
def test_whole_mixed_and_lost_conflicts(conflict, result, consequence):
    assert conflict.result is result and conflict.consequence == consequence


@pytest.mark.parametrize("stat", range(0, 4))
@pytest.mark.parametrize("gm_dice", range(0, 4))
@pytest.mark.parametrize("powers", range(0, 3))
def test_conflict_odds_match_enumeration(stat, gm_dice, powers):
    wins = total = 0
    for mine in faces(stat):
        for hers in faces(gm_dice):
            total += 1
            wins += successes(mine) + powers >= successes(hers)
    assert conflict_odds(stat, powers, gm_dice) == Fraction(wins, total)


@pytest.mark.parametrize("dice", range(0, 5))
@pytest.mark.parametrize("needed", range(-1, 6))
def test_bid_odds_match_enumeration(dice, needed):
    rolls = list(faces(dice))
    assert bid_odds(dice, needed) == Fraction(sum(successes(r) >= needed for r in rolls), len(rolls))


@pytest.mark.parametrize("dice", range(0, 4))
@pytest.mark.parametrize("tags", range(0, 8))
def test_expected_tagged_consequence_matches_enumeration(dice, tags):
    rolls = list(faces(dice))
    assert expected_tagged(dice, tags) == Fraction(sum(tagged_consequence(r, tags) for r in rolls), len(rolls))


@pytest.mark.parametrize(("stat", "powers", "gm_dice", "bid"), [
    (0, 0, 1, 0), (1, 0, 1, 1), (2, 0, 2, 1), (3, 2, 3, 4), (2, 1, 4, 3), (3, 0, 5, 2), (1, 0, 3, 0)])
def test_whole_mixed_and_loss_odds_match_enumeration(stat, powers, gm_dice, bid):
    hers = {n: Fraction(ways, 6 ** gm_dice) for n, ways in successes_counted(gm_dice).items()}
    odds = resolution_odds(stat, powers, hers, bid)
    (whole, mixed, loss), margin = ends_by_enumeration(stat, powers, gm_dice, bid)
    assert (odds.whole, odds.mixed, odds.loss, odds.loss_consequence) == (whole, mixed, loss, margin)
    assert odds.whole + odds.mixed + odds.loss == 1


def test_whole_mixed_and_loss_once_the_gm_has_her_successes():
    """Muscle 3 with Super-Strength 2 against 3 successes, 4 bid dice: whole unless all three dice
    fail (7/8); then 1 more success from 4 dice is 15/16 of 1/8 (15/128) mixed; all of them fail
    1/128, a loss by 1."""
    odds = resolution_odds(3, 2, {3: Fraction(1)}, 4)
    assert (odds.whole, odds.mixed, odds.loss, odds.loss_consequence) == (
        Fraction(7, 8), Fraction(15, 128), Fraction(1, 128), Fraction(1, 128))
    # Nothing to bid: no mixed success; what the Stat misses is lost.
    odds = resolution_odds(1, 0, {2: Fraction(1)}, 0)
    assert (odds.whole, odds.mixed, odds.loss, odds.loss_consequence) == (0, 0, 1, Fraction(3, 2))


def test_the_odds_the_text_implies():
    assert conflict_odds(1, 0, 1) == Fraction(3, 4)  # lose only when she succeeds and you do not
    assert bid_odds(2, 1) == Fraction(3, 4) and bid_odds(0, 0) == 1 and bid_odds(3, 4) == 0


def test_bids_are_capped_by_the_stat_and_one_item():
    """"You can bid as many Traits as the value of the Stat you're using"; "You can also bid one item"."""
    assert bid_errors(4, 4, 1) == []
    assert bid_errors(3, 4, 0) == ["You can bid at most 3 Traits with a Stat of 3."]
    assert bid_errors(3, 0, 2) == ["You can bid one Item."]


def test_consequence_split_between_damage_and_the_pool_and_an_explosion_at_gl():
    """"He beats me by three? ... I'll take two points as damage to my Speed and dump the last one
    in my Consequence pool."; "Whenever you get at least as much Consequence as your GL, it
    explodes ... Burn off your GL in Consequence"."""
    taken = take_consequence(pool=1, gl=5, amount=3, damage={"Speed": 2}, current={"Speed": 3})
    assert (taken.pool, taken.damage, taken.exploded) == (2, {"Speed": 2}, False)
    exploded = take_consequence(pool=4, gl=5, amount=2, damage={}, current={})
    assert (exploded.pool, exploded.exploded, exploded.explosions) == (1, True, 1)
    # A pool still at GL after one burn explodes again: 4 + 6 = 10 at GL 5 is two explosions.
    twice = take_consequence(pool=4, gl=5, amount=6, damage={}, current={})
    assert (twice.pool, twice.explosions) == (0, 2)
    assert damage_errors(3, {"Speed": 4}, {"Speed": 5}) == ["There are only 3 Consequence to take as damage."]
    assert damage_errors(3, {"Speed": 2}, {"Speed": 1}) == ["Speed is at 1: it cannot take 2 damage."]
    with pytest.raises(ValueError, match="cannot take"):
        take_consequence(pool=0, gl=5, amount=2, damage={"Speed": 2}, current={"Speed": 1})
