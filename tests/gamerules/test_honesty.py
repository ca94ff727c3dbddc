"""Dice honesty: expected outcomes counted by hand from "Rolling Dice" (readings 3 and 4), the
test's chances against brute-force enumeration of every throw, and against cases known by hand."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from gamerules.charge import Outcome, dice_rolled, odds, read_pool
from gamerules.honesty import (
    EXACT_UP_TO,
    FEWEST_ROLLS,
    SCORES,
    Rolled,
    Verdict,
    honesty,
    luck_counts,
)
from gamerules.magic import assured_odds
from gamerules.threat import read_threatened, threat_odds

B, P, F, C = Outcome.BAD, Outcome.PARTIAL, Outcome.FULL, Outcome.CRITICAL

# By hand, from "Rolling Dice": the highest die is read, 6 full, 4-5 partial, 1-3 bad, two 6s a
# critical (reading 4); zero dice roll 2d6 and read the lowest, with no critical (reading 3).
ONE_DIE = {B: Fraction(3, 6), P: Fraction(2, 6), F: Fraction(1, 6), C: Fraction(0)}
TWO_DICE = {B: Fraction(9, 36), P: Fraction(16, 36), F: Fraction(10, 36), C: Fraction(1, 36)}  # 3x3 / 5x5-3x3 / 2x5 / 6-6
ZERO_DICE = {B: Fraction(27, 36), P: Fraction(8, 36), F: Fraction(1, 36), C: Fraction(0)}  # both 4+ is 9, both 6 is 1


def test_the_hand_counts_are_the_rules_odds():
    assert odds(1) == ONE_DIE and odds(2) == TWO_DICE and odds(0) == ZERO_DICE


def test_expected_counts_are_the_sums_of_each_rolls_chances():
    """One die bad, two dice critical, zero dice partial."""
    found = honesty([Rolled.of(ONE_DIE, B), Rolled.of(TWO_DICE, C), Rolled.of(ZERO_DICE, P)])
    # bad 1/2 + 1/4 + 3/4; partial 1/3 + 4/9 + 2/9; full 1/6 + 5/18 + 1/36; critical 1/36
    assert found.expected == {B: Fraction(3, 2), P: Fraction(1), F: Fraction(17, 36), C: Fraction(1, 36)}
    assert found.observed == {B: 1, P: 1, F: 0, C: 1}
    assert found.luck == 0 + 3 + 1
    assert found.expected_luck == 1 * 1 + 2 * Fraction(17, 36) + 3 * Fraction(1, 36) == Fraction(73, 36)


def _brute_force(pools: list[tuple[int, int]]) -> Counter:
    """The luck of every throw of every die, counted throw by throw: (action pool, threat dice)."""
    sizes = [dice_rolled(pool) + threat for pool, threat in pools]
    luck = Counter()
    for faces in product(range(1, 7), repeat=sum(sizes)):
        total, at = 0, 0
        for (pool, threat), size in zip(pools, sizes, strict=True):
            thrown = faces[at:at + size]
            action, against = thrown[:dice_rolled(pool)], thrown[dice_rolled(pool):]
            total += SCORES[read_threatened(action, against, pool) if threat else read_pool(action, pool)]
            at += size
        luck[total] += 1
    return luck


@pytest.mark.parametrize("outcomes", [(B, C, P), (B, B, B), (F, C, F), (P, P, B)])
def test_the_tails_against_every_throw_of_three_pools(outcomes):
    """1 die, 2 dice and 0 dice: 6^5 throws, each read by the rules, then the tails counted."""
    counted = _brute_force([(1, 0), (2, 0), (0, 0)])
    throws = 6 ** 5
    found = honesty([Rolled.of(chances, outcome) for chances, outcome in zip((ONE_DIE, TWO_DICE, ZERO_DICE), outcomes,
                                                                                 strict=True)])
    at_most = Fraction(sum(n for luck, n in counted.items() if luck <= found.luck), throws)
    at_least = Fraction(sum(n for luck, n in counted.items() if luck >= found.luck), throws)
    assert found.at_most == pytest.approx(float(at_most), rel=1e-12)
    assert found.at_least == pytest.approx(float(at_least), rel=1e-12)
    assert found.unusual == pytest.approx(float(min(1, 2 * min(at_most, at_least))), rel=1e-12)
    assert found.exact


def test_the_exact_counts_against_every_throw_with_a_threat():
    """2 dice against a threat of 1 ("Threat Level Extra") and 1 die: 6^4 throws."""
    counts, throws = luck_counts(Counter([tuple(threat_odds(2, 1)[o] for o in (B, P, F, C)),
                                          tuple(ONE_DIE[o] for o in (B, P, F, C))]))
    counted = _brute_force([(2, 1), (1, 0)])
    assert [Fraction(n, throws) for n in counts] == [Fraction(counted[luck], 6 ** 4) for luck in range(7)]


def test_a_known_case_twelve_single_dice_all_bad():
    """Each 1-3 on one die is 1/2: twelve in a row is 1/4096, the lowest luck there is, so the
    chance at least this unusual is 2/4096, about 1 time in 4096 this unlucky."""
    found = honesty([Rolled.of(ONE_DIE, B)] * 12)
    assert found.luck == 0 and found.expected_luck == 12 * Fraction(2, 3)
    assert found.at_most == pytest.approx(1 / 4096, rel=1e-12)
    assert found.at_least == 1
    assert found.unusual == pytest.approx(2 / 4096, rel=1e-12)
    assert found.verdict is Verdict.UNLUCKIER
    assert found.one_in == 4096
    assert str(found.said) == "Unluckier than expected: results at least this unlucky happen about 1 time in 4096."


def test_a_known_case_automatic_successes_are_a_binomial():
    """Ten automatic successes on 2 dice (Magic: "a 66 stays a critical, anything else full"): the
    luck is 20 plus the criticals, a binomial of 10 and 1/36. Two criticals: P(at least 2) =
    1 - (35/36)^10 - 10 (1/36) (35/36)^9."""
    sure = assured_odds(odds(2))
    found = honesty([Rolled.of(sure, C)] * 2 + [Rolled.of(sure, F)] * 8)
    at_least = 1 - Fraction(35, 36) ** 10 - 10 * Fraction(1, 36) * Fraction(35, 36) ** 9
    assert found.luck == 22
    assert found.at_least == pytest.approx(float(at_least), rel=1e-12)
    assert found.unusual == pytest.approx(float(2 * at_least), rel=1e-12)  # about 0.0375 * 2
    assert found.verdict is Verdict.AS_EXPECTED


def test_exactly_as_expected_is_certainly_usual():
    """Twelve single dice: 6 bad, 4 partial, 2 full is the expected luck 8 exactly; both tails
    hold at least half, so the chance is capped at 1."""
    found = honesty([Rolled.of(ONE_DIE, B)] * 6 + [Rolled.of(ONE_DIE, P)] * 4 + [Rolled.of(ONE_DIE, F)] * 2)
    assert found.luck == found.expected_luck == 8
    assert found.unusual == 1
    assert found.verdict is Verdict.AS_EXPECTED
    assert str(found.said) == "These dice are behaving as expected."


def test_luckier_than_expected():
    """Ten single dice, all 6: (1/6)^10."""
    found = honesty([Rolled.of(ONE_DIE, F)] * 10)
    assert found.at_least == pytest.approx(6 ** -10, rel=1e-9)
    assert found.verdict is Verdict.LUCKIER
    assert str(found.said).startswith("Luckier than expected: results at least this lucky happen about 1 time in ")


def test_too_few_rolls_give_no_verdict():
    found = honesty([Rolled.of(ONE_DIE, B)] * (FEWEST_ROLLS - 1))
    assert found.verdict is Verdict.TOO_FEW
    assert str(found.said) == "Too few rolls to tell: 9 rolls counted, 10 needed."
    assert honesty([]).verdict is Verdict.TOO_FEW and honesty([]).expected == dict.fromkeys((B, P, F, C), 0)


def test_large_logs_are_approximated_close_to_the_exact_count():
    """Above EXACT_UP_TO rolls the normal approximation: close to the exact count of the same log."""
    rolls = ([Rolled.of(TWO_DICE, B)] * 70 + [Rolled.of(TWO_DICE, P)] * 110 + [Rolled.of(ONE_DIE, F)] * 30
             + [Rolled.of(odds(3), C)] * 10)
    assert len(rolls) > EXACT_UP_TO
    approximated, exact = honesty(rolls), honesty(rolls, exact_up_to=len(rolls))
    assert not approximated.exact and exact.exact
    assert approximated.unusual == pytest.approx(exact.unusual, abs=0.005)
    assert approximated.verdict is exact.verdict


def test_an_impossible_outcome_is_refused():
    with pytest.raises(ValueError, match="cannot be rolled"):
        Rolled.of(ONE_DIE, C)  # one die never shows two 6s


def test_a_tally_of_rolls_reads_as_the_rolls_one_by_one():
    """A long log is handed over as each different roll and how many times it was rolled."""
    rolls = [Rolled.of(ONE_DIE, B)] * 6 + [Rolled.of(TWO_DICE, C)] * 3 + [Rolled.of(ZERO_DICE, P)] * 2
    for exact_up_to in (EXACT_UP_TO, 0):  # counted, and approximated
        assert honesty(Counter(rolls), exact_up_to) == honesty(rolls, exact_up_to)
    assert honesty({Rolled.of(ONE_DIE, B): 6, Rolled.of(ONE_DIE, P): 4, Rolled.of(ONE_DIE, F): 2}).luck == 8
