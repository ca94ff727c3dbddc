"""Reading pools, exact odds and momentum ("Rolling Dice", "Momentum"; readings 3-5)."""

import itertools
import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamerules.charge import (
    DEFAULT_MOMENTUM_DIAL,
    MomentumDial,
    Outcome,
    Risk,
    RiskWording,
    momentum_gain,
    odds,
    percentages,
    read_pool,
    roll_pool,
)

CRIT, FULL, PARTIAL, BAD = Outcome.CRITICAL, Outcome.FULL, Outcome.PARTIAL, Outcome.BAD

# The rulebook's table, written out by hand: "If the highest die is a 6, it's a full success. If
# you roll more than one 6, it's a critical success. 4 or 5 partial. 1-3 bad outcome."
HIGHEST_DIE = {1: BAD, 2: BAD, 3: BAD, 4: PARTIAL, 5: PARTIAL, 6: FULL}


def rulebook_reading(dice, pool_size):
    if pool_size <= 0:  # "roll two dice and take the single lowest result. You can't crit."
        return HIGHEST_DIE[min(dice)]
    sixes = sum(1 for face in dice if face == 6)
    return CRIT if sixes >= 2 else HIGHEST_DIE[max(dice)]


@pytest.mark.parametrize("pool_size", [0, 1, 2, 3, 4])
def test_every_face_combination_reads_as_the_rulebook_says(pool_size):
    rolled = pool_size if pool_size >= 1 else 2
    for dice in itertools.product(range(1, 7), repeat=rolled):
        assert read_pool(dice, pool_size) == rulebook_reading(dice, pool_size), dice


@pytest.mark.parametrize(("dice", "pool_size", "outcome"), [
    ((6, 6), 2, CRIT),        # "66 critical success"
    ((6, 6), 0, FULL),        # zero dice: both 6, read lowest, no critical
    ((6, 5), 0, PARTIAL),     # zero dice read the lowest
    ((3, 6), 0, BAD),
    ((5, 3), 2, PARTIAL),     # Xavier's 5: partial success
    ((6,), 1, FULL),
    ((4, 1, 6), 3, FULL),
    ((6, 2, 6, 1), 4, CRIT),
    ((1, 2, 3), 3, BAD),
    ((2, 2), -3, BAD),        # negative pools read like zero
])
def test_reading_examples(dice, pool_size, outcome):
    assert read_pool(dice, pool_size) is outcome


@pytest.mark.parametrize(("dice", "pool_size"), [((6,), 0), ((6, 6), 1), ((7,), 1), ((0, 3), 2)])
def test_reading_the_wrong_number_of_dice_or_impossible_faces_is_an_error(dice, pool_size):
    with pytest.raises(ValueError, match="rolls|1 to 6"):
        read_pool(dice, pool_size)


def test_odds_of_one_die_are_sixths():
    assert dict(odds(1)) == {CRIT: 0, FULL: F(1, 6), PARTIAL: F(2, 6), BAD: F(3, 6)}


def test_odds_of_two_dice():
    # 36 faces: 66 once; exactly one 6 ten times; highest 4-5 is 25 - 9 = 16; all 1-3 nine times.
    assert dict(odds(2)) == {CRIT: F(1, 36), FULL: F(10, 36), PARTIAL: F(16, 36), BAD: F(9, 36)}


@pytest.mark.parametrize("pool_size", [0, -1, -5])
def test_odds_of_zero_dice_are_two_dice_read_lowest(pool_size):
    # both 6: 1/36; both 4+ but not both 6: 9/36 - 1/36; anything else: 27/36
    assert dict(odds(pool_size)) == {CRIT: 0, FULL: F(1, 36), PARTIAL: F(8, 36), BAD: F(27, 36)}


def brute_force_odds(pool_size):
    rolled = pool_size if pool_size >= 1 else 2
    counts = dict.fromkeys(Outcome, 0)
    for dice in itertools.product(range(1, 7), repeat=rolled):
        counts[rulebook_reading(dice, pool_size)] += 1
    return {outcome: F(count, 6 ** rolled) for outcome, count in counts.items()}


@pytest.mark.parametrize("pool_size", range(-2, 8))
def test_odds_equal_brute_force_enumeration(pool_size):
    assert dict(odds(pool_size)) == brute_force_odds(pool_size)


@pytest.mark.parametrize("n", range(8, 21))
def test_odds_beyond_seven_dice_follow_the_closed_form(n):
    chances = odds(n)
    assert chances[BAD] == F(1, 2) ** n
    assert chances[PARTIAL] == F(5, 6) ** n - F(1, 2) ** n
    assert chances[FULL] == n * F(1, 6) * F(5, 6) ** (n - 1)
    assert chances[CRIT] == 1 - F(5, 6) ** n - n * F(1, 6) * F(5, 6) ** (n - 1)


@pytest.mark.parametrize("n", range(-5, 21))
def test_odds_have_all_four_outcomes_and_sum_to_exactly_one(n):
    chances = odds(n)
    assert set(chances) == set(Outcome)
    assert sum(chances.values()) == 1
    assert all(isinstance(chance, F) and chance >= 0 for chance in chances.values())


def test_more_dice_never_raise_the_chance_of_a_bad_outcome():
    bad = [odds(n)[BAD] for n in range(-5, 21)]
    assert all(later <= earlier for earlier, later in itertools.pairwise(bad))


@pytest.mark.parametrize("n", range(1, 21))
def test_full_or_better_is_one_minus_five_sixths_to_the_n(n):
    assert odds(n)[FULL] + odds(n)[CRIT] == 1 - F(5, 6) ** n


@settings(max_examples=25, deadline=None, derandomize=True)
@given(pool_size=st.integers(min_value=-5, max_value=20), seed=st.integers(0, 2**32))
def test_odds_agree_with_seeded_monte_carlo(pool_size, seed):
    rng = random.Random(seed)
    trials = 4000
    counts = dict.fromkeys(Outcome, 0)
    for _ in range(trials):
        counts[roll_pool(pool_size, rng).outcome] += 1
    for outcome, chance in odds(pool_size).items():
        p = float(chance)
        # Five standard deviations, plus room for a few hits of a very rare outcome (1 in 10^5
        # or less), where the normal approximation does not hold.
        tolerance = 5 * (p * (1 - p) / trials) ** 0.5 + 3 / trials
        assert abs(counts[outcome] / trials - p) <= tolerance, (outcome, counts, p)


def test_rolling_with_a_seeded_source_is_repeatable_and_reads_its_own_dice():
    first = roll_pool(3, random.Random(7))
    second = roll_pool(3, random.Random(7))
    assert first == second
    assert len(first.dice) == 3
    assert first.outcome is read_pool(first.dice, 3)


def test_rolling_zero_dice_throws_two_and_reads_the_lowest():
    roll = roll_pool(0, random.Random(1))
    assert len(roll.dice) == 2
    assert roll.lowest_read
    assert roll.read_face == min(roll.dice)


@pytest.mark.parametrize(("outcome", "gain"), [(CRIT, 3), (FULL, 2), (PARTIAL, 1), (BAD, 0)])
def test_the_default_momentum_dial_gives_one_two_three(outcome, gain):
    assert momentum_gain(outcome, momentum_spent=False) == gain
    assert momentum_gain(outcome, momentum_spent=0, dial=DEFAULT_MOMENTUM_DIAL) == gain


@pytest.mark.parametrize("outcome", list(Outcome))
def test_a_roll_with_momentum_spent_generates_none(outcome):
    assert momentum_gain(outcome, momentum_spent=True) == 0
    assert momentum_gain(outcome, momentum_spent=2) == 0


def test_a_campaign_can_turn_the_momentum_dial():
    grim = MomentumDial(partial=0, full=1, critical=2)
    assert [momentum_gain(o, False, grim) for o in (CRIT, FULL, PARTIAL, BAD)] == [2, 1, 0, 0]
    assert MomentumDial(partial=-1).errors() == ["Momentum for a partial success must be between 0 and 6."]


def test_risk_reads_in_both_wordings_with_the_same_numbers():
    assert [r.label() for r in Risk] == ["Low", "Moderate", "High"]
    assert [r.label(RiskWording.POSITION) for r in Risk] == ["Controlled", "Risky", "Desperate"]
    assert [int(r) for r in Risk] == [1, 2, 3]
    assert Risk.HIGH.escalated() is Risk.HIGH and Risk.LOW.escalated() is Risk.MODERATE
    assert Risk.LOW.improved() is Risk.LOW and Risk.HIGH.improved() is Risk.MODERATE


@pytest.mark.parametrize("n", range(-2, 11))
def test_percentages_for_an_odds_bar_add_up_to_one_hundred(n):
    shown = percentages(odds(n))
    assert sum(shown.values()) == 100
    for outcome, chance in odds(n).items():
        assert abs(shown[outcome] - float(chance) * 100) < 1
