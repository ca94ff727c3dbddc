"""Dice honesty for the three other systems: each roll's exact odds on its own scale and the
expected counts of a log, as Fractions, checked against brute-force enumeration of every throw of
the dice (itertools.product), read straight from each rule text; the exact luck test over a log of
one system's kinds, against every throw too."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from gamerules import ability, advantage, traits
from gamerules.ability import EffectLevel, Position, Quick
from gamerules.advantage import Outcome
from gamerules.honesty import Rolled, honesty, luck_counts
from gamerules.traits import NewTraits, StatRoll


def d(size):
    return range(1, size + 1)


# Traits & Consequence ---------------------------------------------------------------------------
# "every die that shows a high number – a 4, 5, or 6 – is a success"; Powers add successes; "If you
# have at least as many as the GM, stop. You win."

def stat_roll_by_enumeration(dice, powers, gm) -> dict[StatRoll, Fraction]:
    won = sum(sum(face >= 4 for face in faces) + powers >= gm for faces in product(d(6), repeat=dice))
    return {StatRoll.WHOLE: Fraction(won, 6 ** dice), StatRoll.BEHIND: 1 - Fraction(won, 6 ** dice)}


@pytest.mark.parametrize(("dice", "powers", "gm"), [(dice, powers, gm) for dice in range(5) for powers in range(3)
                                                      for gm in range(6)])
def test_a_stat_roll_against_every_throw(dice, powers, gm):
    chances = stat_roll_by_enumeration(dice, powers, gm)
    won = chances[StatRoll.WHOLE] > 0
    found = traits.stat_roll_rolled(dice, powers, gm, won)
    assert found.chances == (chances[StatRoll.BEHIND], chances[StatRoll.WHOLE])
    assert found.outcome is (StatRoll.WHOLE if won else StatRoll.BEHIND)


def test_the_texts_example_muscle_four_and_super_strength_two():
    """"Muscle 4 and Super-Strength 2 means you roll four dice plus two automatic successes":
    against the GM's 3, one success in four dice wins: 1 - (1/2)^4 = 15/16."""
    assert traits.stat_roll_rolled(4, 2, 3, True).chances == (Fraction(1, 16), Fraction(15, 16))


@pytest.mark.parametrize("dice", range(1, 6))
def test_an_aftermath_against_every_throw(dice):
    """"rolls that many dice ... the character gains [successes] new Consequence Traits"."""
    counted = Counter(sum(face >= 4 for face in faces) for faces in product(d(6), repeat=dice))
    found = traits.aftermath_rolled(dice, 0)
    chances = dict(zip(traits.AFTERMATH.outcomes, found.chances, strict=True))
    assert chances == {NewTraits(k): Fraction(counted[k], 6 ** dice) for k in range(traits.MOST_DICE + 1)}


def test_a_traits_log_expected_counts_and_luck_against_every_throw():
    """Three Stat dice against the GM's 2 with no Power, two dice with a Power against 3, and an
    aftermath of two dice: 6^7 throws, each log's luck counted throw by throw."""
    rolls = [traits.stat_roll_rolled(3, 0, 2, False), traits.stat_roll_rolled(2, 1, 3, True),
             traits.aftermath_rolled(2, 1)]
    found = honesty(rolls, scales=(traits.STAT_ROLL, traits.AFTERMATH))
    luck, whole, new = Counter(), Counter(), Counter()
    for faces in product(d(6), repeat=7):
        first = sum(face >= 4 for face in faces[:3]) >= 2
        second = sum(face >= 4 for face in faces[3:5]) + 1 >= 3
        gains = sum(face >= 4 for face in faces[5:])
        luck[first + second + gains] += 1
        whole[first + second] += 1
        new[gains] += 1
    throws = 6 ** 7
    # 3 dice, 2 needed: 1/2; 2 dice, 2 needed: 1/4; each whole success expected that often.
    assert found.expected[StatRoll.WHOLE] == Fraction(3, 4) == Fraction(sum(n * k for k, n in whole.items()), throws)
    assert found.expected[StatRoll.BEHIND] == Fraction(5, 4)
    assert [found.expected[NewTraits(k)] for k in range(3)] == [Fraction(new[k], throws) for k in range(3)] \
        == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
    assert found.observed[StatRoll.WHOLE] == 1 and found.observed[NewTraits(1)] == 1 and found.luck == 2
    counts, all_throws = luck_counts(Counter(roll.chances for roll in rolls))
    assert [Fraction(n, all_throws) for n in counts[:5]] == [Fraction(luck[t], throws) for t in range(5)]
    assert found.at_most == pytest.approx(sum(luck[t] for t in range(3)) / throws, rel=1e-12)
    assert found.at_least == pytest.approx(sum(luck[t] for t in range(2, 5)) / throws, rel=1e-12)


# Ability vs Difficulty --------------------------------------------------------------------------
# The highest ability die minus the difficulty die read (its only one; the lower of two with
# advantage, the higher with disadvantage); 0 or more succeeds ("Dangerous Encounters": above 0);
# effect |result| + 1: 1-3 marginal, 4-6 complete, 7+ critical (reading 1).

def level(result):
    effect = abs(result) + 1
    return EffectLevel.MARGINAL if effect <= 3 else EffectLevel.COMPLETE if effect <= 6 else EffectLevel.CRITICAL


def action_by_enumeration(sizes, difficulty, position, ties):
    counted, throws = Counter(), 0
    against = 1 if position is Position.NONE else 2
    for faces in product(*(d(size) for size in sizes), *(d(difficulty) for _ in range(against))):
        ability_dice, difficulty_dice = faces[:len(sizes)], faces[len(sizes):]
        read = {Position.NONE: max, Position.ADVANTAGE: min, Position.DISADVANTAGE: max}[position](difficulty_dice)
        result = max(ability_dice) - read
        counted[(result > 0 if ties else result >= 0, level(result))] += 1
        throws += 1
    return {outcome: Fraction(counted[outcome], throws) for outcome in ability.ACTION_OUTCOMES}


@pytest.mark.parametrize(("sizes", "difficulty", "position", "ties"), [
    ((8,), 6, Position.NONE, False), ((8, 6, 4), 10, Position.NONE, False), ((4,), 12, Position.DISADVANTAGE, False),
    ((12, 6), 4, Position.ADVANTAGE, False), ((10, 10), 8, Position.DISADVANTAGE, True), ((6,), 6, Position.NONE, True),
])
def test_an_action_roll_against_every_throw(sizes, difficulty, position, ties):
    chances = action_by_enumeration(sizes, difficulty, position, ties)
    ability_dice = [1] * len(sizes)
    found = ability.action_rolled(sizes, difficulty, position, ability_dice, [difficulty] * position.difficulty_dice,
                                  ties_to_director=ties)
    assert dict(zip(ability.ACTION_OUTCOMES, found.chances, strict=True)) == chances
    assert sum(found.chances) == 1


def test_the_skilled_climber_against_a_very_challenging_wall():
    """Skilled d8 against Very Challenging d6: a tie succeeds, so P = (8 + 7 + 6 + 5 + 4 + 3) / 48 =
    11/16; a 1 against a 6 is -5, |-5| + 1 = 6: a complete failure."""
    found = ability.action_rolled((8,), 6, Position.NONE, [1], [6])
    assert found.outcome == (False, EffectLevel.COMPLETE)
    assert sum(chance for (success, _), chance in zip(ability.ACTION_OUTCOMES, found.chances, strict=True)
               if success) == Fraction(11, 16)


@pytest.mark.parametrize(("size", "difficulty", "position", "ties"), [
    (8, 8, Position.NONE, False), (4, 10, Position.DISADVANTAGE, False), (6, 4, Position.NONE, True)])
def test_a_quick_action_roll_against_every_throw(size, difficulty, position, ties):
    """"a simple success or fail": Climbing d8 against Hard d8 is (8 x 9 / 2) / 64 = 9/16."""
    chances = action_by_enumeration((size,), difficulty, position, ties)
    success = sum(chance for (won, _), chance in chances.items() if won)
    found = ability.quick_rolled(size, difficulty, position, 1, [1] * position.difficulty_dice, ties_to_director=ties)
    assert found.chances == (1 - success, success)
    if (size, difficulty, position, ties) == (8, 8, Position.NONE, False):
        assert success == Fraction(9, 16)


def test_an_ability_log_expected_counts_and_luck_against_every_throw():
    """An action roll of d6 and d4 against d4, and a quick d4 against d6: 6 x 4 x 4 x 4 x 6
    throws, each log's luck (an action roll's place among six, a quick roll's among two)
    counted throw by throw."""
    action = ability.action_rolled((6, 4), 4, Position.NONE, [6, 1], [2])
    quick = ability.quick_rolled(4, 6, Position.NONE, 1, [5])
    assert action.outcome == (True, EffectLevel.COMPLETE) and quick.outcome is Quick.FAILURE
    found = honesty([action, quick], scales=(ability.ACTION_ROLL, ability.QUICK_ROLL))
    luck, places, wins = Counter(), Counter(), 0
    for a6, a4, read, q4, q6 in product(d(6), d(4), d(4), d(4), d(6)):
        result = max(a6, a4) - read
        place = ability.ACTION_OUTCOMES.index((result >= 0, level(result)))
        places[place] += 1
        wins += q4 >= q6
        luck[place + (q4 >= q6)] += 1
    throws = 6 * 4 * 4 * 4 * 6
    for place, outcome in enumerate(ability.ACTION_OUTCOMES):
        assert found.expected[outcome] == Fraction(places[place], 6 * 4 * 4 * 4 * 6)
    # d4 against d6: a tie succeeds, (1 + 2 + 3 + 4) / 24 = 5/12.
    assert found.expected[Quick.SUCCESS] == Fraction(wins, throws) == Fraction(5, 12)
    assert found.luck == 4
    assert found.at_least == pytest.approx(sum(n for t, n in luck.items() if t >= 4) / throws, rel=1e-12)
    assert found.at_most == pytest.approx(sum(n for t, n in luck.items() if t <= 4) / throws, rel=1e-12)


# Advantage & Threat -----------------------------------------------------------------------------
# Reading 2: discard every 1-3; pair each remaining PLUS with a remaining MINUS; one or more PLUS
# left is Major, one MINUS or nothing Minor, two or more MINUS Hollow.

def check_by_enumeration(plus, minus) -> dict[Outcome, Fraction]:
    counted = Counter()
    for faces in product(d(6), repeat=plus + minus):
        left = sum(face > 3 for face in faces[:plus]) - sum(face > 3 for face in faces[plus:])
        counted[Outcome.MAJOR if left > 0 else Outcome.MINOR if left >= -1 else Outcome.HOLLOW] += 1
    return {outcome: Fraction(counted[outcome], 6 ** (plus + minus)) for outcome in Outcome}


@pytest.mark.parametrize(("plus", "minus"), [(plus, minus) for plus in range(1, 5) for minus in range(4)])
def test_a_check_against_every_throw(plus, minus):
    chances = check_by_enumeration(plus, minus)
    outcome = max(chances, key=chances.get)
    found = advantage.check_rolled(plus, minus, outcome)
    assert found.chances == (chances[Outcome.HOLLOW], chances[Outcome.MINOR], chances[Outcome.MAJOR])


def test_one_plus_alone_is_major_half_the_time():
    """One PLUS: a 4-6 is kept and Major (1/2), a 1-3 leaves nothing: Minor (1/2); no Hollow."""
    assert advantage.check_rolled(1, 0, Outcome.MINOR).chances == (0, Fraction(1, 2), Fraction(1, 2))
    with pytest.raises(ValueError, match="cannot be rolled"):
        advantage.check_rolled(1, 0, Outcome.HOLLOW)


def test_an_advantage_log_expected_counts_and_luck_against_every_throw():
    """Checks of 1 PLUS against 2 MINUS (Hollow), 1 PLUS against 1 MINUS (Major) and 1 PLUS alone
    (Minor): 6^6 throws, the luck (Hollow 0, Minor 1, Major 2) counted throw by throw."""
    pools = [(1, 2, Outcome.HOLLOW), (1, 1, Outcome.MAJOR), (1, 0, Outcome.MINOR)]
    found = honesty([advantage.check_rolled(*pool) for pool in pools], scales=(advantage.CHECK,))
    score = {Outcome.HOLLOW: 0, Outcome.MINOR: 1, Outcome.MAJOR: 2}
    luck, outcomes = Counter(), Counter()
    for faces in product(d(6), repeat=6):
        total, at = 0, 0
        for plus, minus, _ in pools:
            left = sum(face > 3 for face in faces[at:at + plus]) - sum(face > 3 for face in faces[at + plus:at + plus + minus])
            outcome = Outcome.MAJOR if left > 0 else Outcome.MINOR if left >= -1 else Outcome.HOLLOW
            outcomes[outcome] += 1
            total += score[outcome]
            at += plus + minus
        luck[total] += 1
    throws = 6 ** 6
    assert found.expected == {outcome: Fraction(outcomes[outcome], throws) for outcome in found.expected}
    # By hand, each die kept (4-6) half the time: 1 against 2 is Hollow when the PLUS goes and both
    # MINUS stay (1/8), Major when the PLUS stays and no MINUS (1/8); 1 against 1 Major 1/4; 1 alone
    # Major 1/2.
    assert found.expected[Outcome.HOLLOW] == Fraction(1, 8)
    assert found.expected[Outcome.MAJOR] == Fraction(1, 8) + Fraction(1, 4) + Fraction(1, 2)
    assert found.luck == 3
    assert found.at_most == pytest.approx(sum(n for t, n in luck.items() if t <= 3) / throws, rel=1e-12)
    assert found.at_least == pytest.approx(sum(n for t, n in luck.items() if t >= 3) / throws, rel=1e-12)


def test_each_scale_counts_its_own_outcomes_and_the_charges_default_stays():
    """Outcomes of several scales are kept apart, in the order of the scales given, then any other."""
    found = honesty([advantage.check_rolled(1, 0, Outcome.MAJOR), traits.stat_roll_rolled(1, 0, 1, True)],
                    scales=(advantage.CHECK,))
    assert found.scales == (advantage.CHECK, traits.STAT_ROLL)
    assert list(found.observed) == [Outcome.HOLLOW, Outcome.MINOR, Outcome.MAJOR, StatRoll.BEHIND, StatRoll.WHOLE]
    assert found.rolled_on(advantage.CHECK) == 1 and found.rolled_on(traits.STAT_ROLL) == 1
    assert isinstance(found.observed, type(honesty([]).observed))
    with pytest.raises(ValueError, match="cannot be rolled"):
        Rolled.of({StatRoll.WHOLE: 1}, Outcome.MAJOR, traits.STAT_ROLL)  # not one of its outcomes
