"""Consequences, resisting them, stress and recovery ("Consequences", "Determination Roll",
"Stress & Condition", "Recovery")."""

import pytest

from gamerules.characters import recover, recovery_errors, take_stress
from gamerules.charge import Outcome, Risk, RiskWording
from gamerules.consequences import (
    Consequence,
    ConsequenceKind,
    Resistance,
    consequence_rating,
    determination_errors,
    resistance,
    resisted,
)


@pytest.mark.parametrize(("risk", "rating"), [(Risk.LOW, 1), (Risk.MODERATE, 2), (Risk.HIGH, 3)])
def test_the_consequence_rating_is_one_two_three_by_risk(risk, rating):
    assert consequence_rating(risk) == rating


@pytest.mark.parametrize("rating", [1, 2, 3])
def test_each_kind_of_consequence_in_numbers(rating):
    kinds = {kind: Consequence(kind, rating) for kind in ConsequenceKind}
    assert kinds[ConsequenceKind.REDUCED_EFFECT].effect_reduction == 1
    assert kinds[ConsequenceKind.COMPLICATION].danger_ticks == rating
    assert kinds[ConsequenceKind.ESCALATED_RISK].risk_escalation == 1
    assert kinds[ConsequenceKind.LOST_OPPORTUNITY].lost_opportunity
    assert kinds[ConsequenceKind.WORSE_CONDITION].stress == rating
    # and nothing else: each kind does one thing
    assert sum(c.stress for c in kinds.values()) == rating
    assert sum(c.danger_ticks for c in kinds.values()) == rating


def test_escalated_risk_is_worse_position_in_the_classic_wording():
    kind = ConsequenceKind.ESCALATED_RISK
    assert kind.label() == "Escalated risk"
    assert kind.label(RiskWording.POSITION) == "Worse position"


@pytest.mark.parametrize(("outcome", "result"), [
    (Outcome.BAD, Resistance.STILL_HAPPENS), (Outcome.PARTIAL, Resistance.REDUCED),
    (Outcome.FULL, Resistance.AVOIDED), (Outcome.CRITICAL, Resistance.AVOIDED_AND_RISK_IMPROVED)])
def test_a_determination_roll_reads_as_the_table_says(outcome, result):
    assert resistance(outcome) is result


def test_resisting_worse_condition_at_high_risk():
    stress = Consequence(ConsequenceKind.WORSE_CONDITION, 3)
    assert resisted(stress, Resistance.STILL_HAPPENS).stress == 3
    assert resisted(stress, Resistance.REDUCED).stress == 2
    assert resisted(stress, Resistance.AVOIDED) is None
    assert resisted(stress, Resistance.AVOIDED_AND_RISK_IMPROVED) is None


def test_a_reduced_low_risk_complication_ticks_nothing_and_a_reduced_lost_opportunity_keeps_its_rule():
    assert resisted(Consequence(ConsequenceKind.COMPLICATION, 1), Resistance.REDUCED).danger_ticks == 0
    lost = Consequence(ConsequenceKind.LOST_OPPORTUNITY, 2)
    assert resisted(lost, Resistance.REDUCED) == lost


def test_determination_burns_momentum_that_is_there():
    assert determination_errors(2, 3) == []
    assert determination_errors(0, 0) == []  # zero burned: two dice, lowest read
    assert determination_errors(4, 3) == ["You can burn at most the 3 momentum you have."]
    assert determination_errors(-1, 3) == ["Momentum burned cannot be negative."]


def test_stress_ticks_the_clock_and_the_fourth_segment_takes_the_character_out():
    assert take_stress(0, 2, 4).stress == 2                  # risky: +2 stress
    assert take_stress(2, 1, 4).stress == 3
    full = take_stress(3, 1, 4)
    assert (full.stress, full.taken_out) == (0, True)      # clear it, taken out for the scene
    assert take_stress(2, 3, 4).taken_out                   # desperate: +3 stress fills it
    assert take_stress(3, 2, 6) == take_stress(5, 0, 6)     # a 6-segment stress clock dial
    assert not take_stress(3, 2, 6).taken_out


def test_recovery_clears_one_to_four_stress():
    assert recover(3, 1) == 2
    assert recover(3, 4) == 0
    assert recovery_errors(0) == ["Recovery clears 1 to 4 stress."]
    assert recovery_errors(5) == ["Recovery clears 1 to 4 stress."]
    with pytest.raises(ValueError, match="Recovery clears 1 to 4 stress"):
        recover(3, 5)
