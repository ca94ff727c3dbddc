"""Fortune rolls and clocks ("Fortune Roll", "Clocks")."""

import itertools
from fractions import Fraction as F

import pytest

from gamerules.charge import Outcome, PoolRoll, odds, read_pool
from gamerules.clocks import (
    DEFAULT_CLOCK_SIZES,
    ClockKind,
    opposed_start,
    size_errors,
    tick,
)
from gamerules.fortune import Likeliness, OpposedResult, Side, fortune_pool, opposed_odds


def test_each_likeliness_level_adds_a_die_and_really_unlikely_is_two_dice_lowest():
    assert fortune_pool(Likeliness.EVEN) == 1  # a 50% chance is 1d6
    # "If it's more than that, add more dice to the pool": likeliness goes past 4d6
    assert [fortune_pool(level) for level in Likeliness] == [0, 1, 2, 3, 4, 5, 6]
    assert odds(fortune_pool(Likeliness.REALLY_UNLIKELY))[Outcome.BAD] == F(27, 36)
    # a 50% chance: 4 or better on one die
    assert odds(fortune_pool(Likeliness.EVEN))[Outcome.BAD] == F(1, 2)


def roll(*dice, pool_size=None):
    size = len(dice) if pool_size is None else pool_size
    return PoolRoll(dice, size, read_pool(dice, size))


def test_opposed_pools_compare_their_best_results():
    assert OpposedResult(roll(5, 2), roll(3)).winner is Side.FIRST
    assert OpposedResult(roll(5, 2), roll(3)).margin == 2
    assert OpposedResult(roll(4), roll(4, 1)).winner is Side.TIE
    assert OpposedResult(roll(6, 6), roll(6)).winner is Side.FIRST  # a critical beats a lone 6
    assert OpposedResult(roll(6, 5, pool_size=0), roll(4)).winner is Side.FIRST  # 5 vs 4


def test_one_die_against_one_die_is_even_with_a_sixth_tied():
    chances = opposed_odds(1, 1)
    assert chances[Side.TIE] == F(1, 6)
    assert chances[Side.FIRST] == chances[Side.SECOND] == F(5, 12)


def brute_force_opposed(a, b):
    counts = dict.fromkeys(Side, 0)
    dice_a, dice_b = (a if a > 0 else 2), (b if b > 0 else 2)
    for x in itertools.product(range(1, 7), repeat=dice_a):
        for y in itertools.product(range(1, 7), repeat=dice_b):
            counts[OpposedResult(roll(*x, pool_size=a), roll(*y, pool_size=b)).winner] += 1
    return {side: F(count, 6 ** (dice_a + dice_b)) for side, count in counts.items()}


@pytest.mark.parametrize(("a", "b"), [(0, 0), (0, 1), (1, 2), (2, 2), (3, 1), (0, 3), (2, 3)])
def test_opposed_odds_equal_brute_force(a, b):
    assert dict(opposed_odds(a, b)) == brute_force_opposed(a, b)
    assert sum(opposed_odds(a, b).values()) == 1


def test_clock_sizes_are_four_six_or_eight_by_default():
    assert DEFAULT_CLOCK_SIZES == (4, 6, 8)
    assert size_errors(6, DEFAULT_CLOCK_SIZES) == []
    assert size_errors(10, DEFAULT_CLOCK_SIZES) == ["A clock has 4, 6 or 8 segments in this campaign, not 10."]


def test_ticks_stay_within_empty_and_full():
    assert tick(2, 3, 4).filled == 4
    assert tick(2, 3, 4).became_full
    assert not tick(4, 1, 4).became_full  # already full: announced once
    assert tick(1, -3, 6).filled == 0 and tick(1, -3, 6).became_empty
    assert tick(3, 2, 8).change == 2


def test_an_opposed_clock_starts_half_full():
    assert [opposed_start(size) for size in (4, 6, 8, 10, 12)] == [2, 3, 4, 5, 6]


def test_progress_clocks_tick_by_effect_and_danger_clocks_by_risk():
    assert ClockKind.PROGRESS.ticks_up_by == "effect"
    assert ClockKind.PROJECT.ticks_up_by == "effect"
    assert ClockKind.DANGER.ticks_up_by == "risk"
    assert ClockKind.COMPLICATION.ticks_up_by == "risk"
