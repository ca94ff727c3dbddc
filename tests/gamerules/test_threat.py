"""The Threat Level Extra ("Threat Level Extra"): the section's four worked examples, every face
combination of small pools under each rule, and exact odds against brute-force enumeration."""

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations, product

import pytest

from gamerules.charge import Outcome, odds
from gamerules.threat import ThreatRule, cancel, read_threatened, roll_threatened, threat_odds


def test_example_1_a_threat_3_cancels_the_3():
    """Action 3 and 5, threat 2, 3 and 6: "the 3 from the action pool is canceled. The result is 5"."""
    assert cancel((3, 5), (2, 3, 6)) == (5,)
    assert read_threatened((3, 5), (2, 3, 6), 2) is Outcome.PARTIAL


def test_example_2_every_die_cancelled_is_a_critical_fail():
    """Action 3 and 5, threat 2, 3 and 5: "all the action pool is canceled. The result is 0"."""
    assert cancel((3, 5), (2, 3, 5)) == ()
    assert read_threatened((3, 5), (2, 3, 5), 2) is Outcome.BAD


def test_example_3_deadlier_a_threat_6_cancels_the_highest_die():
    """Action 2, 3, 5, threat 3 and 6: "the 3 ... cancels the 3 ..., and the 6 ... cancels the 5".
    The result is 2."""
    assert cancel((2, 3, 5), (3, 6), ThreatRule.DEADLIER) == (2,)
    assert cancel((2, 3, 5), (3, 6)) == (5, 2)  # the same dice without the dial: the 6 finds no 6


def test_example_3_harsher_a_threat_die_cancels_one_equal_or_lower():
    """Action 2, 3, 5, threat 4 and 6: "the 6 cancels the 5 and the 4 cancel the 3". The result is 2."""
    assert cancel((2, 3, 5), (4, 6), ThreatRule.HARSHER) == (2,)
    assert read_threatened((2, 3, 5), (4, 6), 3, ThreatRule.HARSHER) is Outcome.BAD


SMALL = [(action, threat) for a in range(1, 4) for t in range(0, 3)
         for action in product(range(1, 7), repeat=a) for threat in product(range(1, 7), repeat=t)]


def test_same_value_cancels_exactly_one_die_per_matching_threat_die():
    for action, threat in SMALL:
        expected = sorted((Counter(action) - Counter(threat)).elements(), reverse=True)
        assert list(cancel(action, threat)) == expected, (action, threat)


def test_deadlier_is_same_value_for_the_other_dice_and_the_highest_for_each_6():
    for action, threat in SMALL:
        others = [die for die in threat if die != 6]
        left = sorted((Counter(action) - Counter(others)).elements(), reverse=True)
        assert list(cancel(action, threat, ThreatRule.DEADLIER)) == left[threat.count(6):], (action, threat)


def _most_cancelled(action, threat) -> int:
    """The most action dice the threat dice can cancel when each cancels one equal or lower."""
    best = 0
    for order in permutations(action):
        best = max(best, sum(1 for a, t in zip(order, sorted(threat, reverse=True), strict=False) if a <= t))
    return best


def test_harsher_cancels_as_many_dice_as_any_pairing_could_and_never_a_higher_one():
    for action, threat in SMALL:
        left = cancel(action, threat, ThreatRule.HARSHER)
        gone = Counter(action) - Counter(left)
        assert sum(gone.values()) == _most_cancelled(action, threat), (action, threat)
        assert all(die <= max(threat) for die in gone.elements()), (action, threat)


def _brute_force(pool: int, threat: int, rule: ThreatRule) -> dict[Outcome, Fraction]:
    """Every ordered throw of both pools, read by the rules' own words rather than the module's."""
    rolled = pool if pool >= 1 else 2
    counts = dict.fromkeys(Outcome, 0)
    for action in product(range(1, 7), repeat=rolled):
        for threat_dice in product(range(1, 7), repeat=threat):
            left = cancel(action, threat_dice, rule)
            if not left:
                outcome = Outcome.BAD
            else:
                face = min(left) if pool <= 0 else max(left)
                critical = pool >= 1 and left.count(6) >= 2
                outcome = (Outcome.CRITICAL if critical else Outcome.FULL if face == 6
                           else Outcome.PARTIAL if face >= 4 else Outcome.BAD)
            counts[outcome] += 1
    total = 6 ** (rolled + threat)
    return {outcome: Fraction(n, total) for outcome, n in counts.items()}


@pytest.mark.parametrize("rule", ThreatRule, ids=lambda rule: rule.value)
@pytest.mark.parametrize(("pool", "threat"), [(0, 1), (0, 3), (1, 1), (1, 2), (2, 1), (2, 3), (3, 2), (4, 2), (2, 4)])
def test_odds_match_every_throw_counted(pool, threat, rule):
    assert threat_odds(pool, threat, rule) == _brute_force(pool, threat, rule)


def test_no_threat_dice_is_the_usual_roll():
    for pool in range(0, 5):
        assert threat_odds(pool, 0) == dict(odds(pool))


def test_one_die_against_one_threat_die_by_hand():
    """The die is cancelled on a match (1/6); otherwise it reads: 6 full 5/36, 4-5 partial 10/36,
    and 1-3 or cancelled bad 21/36."""
    assert threat_odds(1, 1) == {Outcome.CRITICAL: Fraction(0), Outcome.FULL: Fraction(5, 36),
                                 Outcome.PARTIAL: Fraction(10, 36), Outcome.BAD: Fraction(21, 36)}


def test_a_threatened_roll_uses_the_injected_dice():
    rolled = roll_threatened(2, 3, random.Random(7))
    assert len(rolled.action) == 2 and len(rolled.threat) == 3
    assert rolled.outcome is read_threatened(rolled.action, rolled.threat, 2)
    with pytest.raises(ValueError, match="0 to 10 dice"):
        threat_odds(2, 11)
