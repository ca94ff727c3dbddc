"""The Resource Pool meta-extra's numbers ("Resource Pool Extra", Recap): gathering on 4-6 (a 6
with no dots), retaining on 5-6, the cap on dice, with exact odds against enumeration."""

import random
from fractions import Fraction
from itertools import product

import pytest

from gamerules.resources import (
    Resource,
    Spend,
    gather_odds,
    gathered,
    retain_odds,
    retained,
    roll_gathered,
    roll_retained,
)


def test_each_4_5_or_6_marks_one_and_no_dots_mark_on_a_6():
    assert gathered((4, 5, 6), rating=3) == 3 and gathered((1, 3, 4), rating=3) == 1
    assert gathered((5,), rating=0) == 0 and gathered((6,), rating=0) == 1


def test_each_5_or_6_retains_one_point_spent():
    assert retained((5, 6, 4)) == 2 and retained((1, 2)) == 0


def enumerate_marks(dice, faces):
    counts = {}
    for throw in product(range(1, 7), repeat=dice):
        k = sum(1 for die in throw if die in faces)
        counts[k] = counts.get(k, 0) + 1
    return {k: Fraction(n, 6 ** dice) for k, n in sorted(counts.items())}


@pytest.mark.parametrize("rating", [0, 1, 2, 3, 4])
def test_gather_odds_match_every_throw(rating):
    faces = {4, 5, 6} if rating else {6}
    assert gather_odds(rating) == enumerate_marks(max(rating, 1), faces)


@pytest.mark.parametrize("spent", [1, 2, 3])
def test_retain_odds_match_every_throw(spent):
    assert retain_odds(spent) == enumerate_marks(spent, {5, 6})
    assert retain_odds(1) == {0: Fraction(2, 3), 1: Fraction(1, 3)}


def test_the_mana_example_caps_a_roll_at_3_points():
    """"For each point of Mana you spend that turn, add a d6 ... Rolls are capped at 3d6"."""
    mana = Resource("Mana", shared=False)
    assert mana.spend_errors(held=4, spent=3) == []
    assert mana.spend_errors(held=4, spent=4) == ["At most 3 Mana on one roll."]
    assert mana.spend_errors(held=1, spent=2) == ["There is only 1 Mana to spend."]
    assert Resource("Expedition Funds", spend=Spend.DESCRIBED).spend_errors(held=5, spent=5) == []
    assert Resource(" ").errors() == ["Name the resource: Grit, Mana, Expedition Funds..."]


def test_rolls_use_the_injected_dice():
    dice, marks = roll_gathered(2, random.Random(3))
    assert len(dice) == 2 and marks == gathered(dice, 2)
    dice, back = roll_retained(3, random.Random(3))
    assert len(dice) == 3 and back == retained(dice)
