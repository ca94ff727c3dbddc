"""The rules a roll applies to the campaign, pinned to the rulebook's words."""

import pytest

from gamerules.action_roll import escalation_errors
from gamerules.characters import recover, recovery_errors
from gamerules.charge import Risk, RiskWording
from gamerules.clocks import ClockKind, roll_moves


@pytest.mark.parametrize(("kind", "success", "fill", "moves"), [
    (ClockKind.PROGRESS, True, True, 3), (ClockKind.PROJECT, True, True, 3),
    (ClockKind.DANGER, False, True, 3), (ClockKind.COMPLICATION, False, True, 3),
    # "Opposing Clocks": one picture of two sides; toward the characters on a success
    (ClockKind.OPPOSED, True, True, 3), (ClockKind.OPPOSED, False, True, -3),
    (ClockKind.OPPOSED, True, False, -3), (ClockKind.OPPOSED, False, False, 3),
])
def test_a_roll_moves_a_clock_by_kind_and_side(kind, success, fill, moves):
    assert roll_moves(kind, 3, success=success, characters_fill=fill) == moves


@pytest.mark.parametrize(("kind", "success"), [(ClockKind.DANGER, True), (ClockKind.PROGRESS, False),
                                                (ClockKind.STRESS, True), (ClockKind.STRESS, False)])
def test_a_roll_does_not_tick_a_clock_of_the_other_kind(kind, success):
    with pytest.raises(ValueError, match="does not tick"):
        roll_moves(kind, 1, success=success)


def test_an_escalated_action_starts_worse_and_only_the_gm_lowers_it():
    assert escalation_errors(Risk.MODERATE, Risk.MODERATE, by_gm=False) == []
    assert escalation_errors(Risk.HIGH, Risk.MODERATE, by_gm=False) == []
    assert escalation_errors(Risk.LOW, Risk.MODERATE, by_gm=True) == []
    assert escalation_errors(Risk.LOW, None, by_gm=False) == []
    assert escalation_errors(Risk.LOW, Risk.MODERATE, by_gm=False, wording=RiskWording.POSITION) == [
        "The position escalated for this action: it stays at least risky until the session ends. "
        "Only the GM sets a better position."]
    assert Risk.LOW.escalated() is Risk.MODERATE and Risk.HIGH.escalated() is Risk.HIGH


def test_recovery_is_one_to_four_once_per_session_and_one_in_quick_charge():
    assert recovery_errors(4) == [] and recover(4, 4) == 0
    assert recovery_errors(2, quick=True) == ["Recovery clears 1 stress."]
    assert recovery_errors(1, quick=True) == [] and recover(3, 1, quick=True) == 2
    assert recovery_errors(1, recovered_this_session=True) == [
        "Recovery happens once per session, and this character has recovered."]
