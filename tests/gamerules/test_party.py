"""The Party Extra's numbers ("Party Extra"): the key concept's majority, the disposition table,
conflicting dispositions, the party clocks and burning progress."""

import dataclasses

import pytest

from gamerules.action_roll import (
    ActionRollChoices,
    Helper,
    PushBenefit,
    Refusal,
    plan_action_roll,
    resolve_action_roll,
)
from gamerules.charge import Effect, Outcome, PoolRoll, Risk
from gamerules.party import (
    DANGER_FILLED,
    PROGRESS_FILLED,
    Disposition,
    KeyConcept,
    burn_errors,
    combined,
    concept_disposition,
    consequence_rating,
    detailed_disposition,
    downgraded,
    new_detail,
    upgraded,
)

P, N, M = Disposition.POSITIVE, Disposition.NEUTRAL, Disposition.NEGATIVE


def test_the_disposition_table():
    """Positive: controlled, -1 consequence rating; neutral: risky, no change; negative:
    desperate, +1 ("Dispositions")."""
    assert [(d.position, d.consequence_change) for d in (P, N, M)] == [(Risk.LOW, -1), (Risk.MODERATE, 0),
                                                                       (Risk.HIGH, 1)]
    assert consequence_rating(3, M) == 4 and consequence_rating(3, P) == 2 and consequence_rating(2, N) == 2
    assert consequence_rating(1, P) == 1  # a 1-5 still brings a consequence (project reading)


def test_the_authority_example_turns_negative_with_one_more_negative_detail():
    """Two negative details ("thorn in the side of the regional governor", "falsified spacecraft
    registration") leave Authority neutral; "Authority will become negative if it gains one more
    negative supporting detail"."""
    assert concept_disposition([M, M]) is N
    assert concept_disposition([M, M, M]) is M
    assert concept_disposition([P]) is N and concept_disposition([P, N]) is N


@pytest.mark.parametrize(("details", "expected"), [
    ((P, P, P), P), ((P, P, P, M), N), ((P, P, P, P), P), ((M, M, M, N), M), ((M, M, P, M), N), ((), N),
])
def test_a_key_concept_turns_at_a_score_past_2(details, expected):
    """"Score less than -2 ... greater than 2"; the recap: "three or more positive (or negative)"."""
    assert concept_disposition(details) is expected


def test_a_key_concept_has_at_most_four_details():
    with pytest.raises(ValueError, match="at most 4"):
        concept_disposition([N] * 5)


def test_detailed_disposition_counts_only_past_2():
    """"Only treat >+2 / <-2 as positive / negative"."""
    assert [detailed_disposition(v) for v in range(-4, 5)] == [M, M, N, N, N, N, N, P, P]
    assert concept_disposition([3, 4, 3], detailed=True) is P
    assert concept_disposition([2, 2, 2, 2], detailed=True) is N  # each reads neutral
    with pytest.raises(ValueError, match="-4 to \\+4"):
        detailed_disposition(5)


def test_conflicting_dispositions_cancel_out():
    assert combined([P, M]) is N and combined([P, N, P]) is P and combined([M]) is M and combined([]) is N


def test_filled_clocks_move_dispositions_and_the_no_neutral_dial_clears_instead():
    assert upgraded(M) is N and upgraded(N) is P and downgraded(P) is N and downgraded(N) is M
    assert upgraded(M, no_neutral=True) is None and downgraded(P, no_neutral=True) is None
    assert new_detail(from_progress=True) is N
    assert new_detail(from_progress=True, no_neutral=True) is P and new_detail(False, no_neutral=True) is M
    with pytest.raises(ValueError, match="cannot be upgraded"):
        upgraded(P)


def test_a_filled_clock_offers_the_four_changes_of_its_section():
    assert len(DANGER_FILLED) == len(PROGRESS_FILLED) == 4
    assert DANGER_FILLED[1].startswith("Downgrade") and PROGRESS_FILLED[1].startswith("Upgrade")


def test_progress_burns_as_momentum_one_for_one():
    assert burn_errors(2, 1) == [] and burn_errors(2, 2) == []
    assert burn_errors(1, 2) == ["The party's progress clock has 1 filled segment to burn."]
    assert burn_errors(3, 0) == ["Burn at least one segment of progress."]


def test_the_world_extra_suits_of_each_key_concept():
    assert {c.suit for c in KeyConcept} == {"hearts", "diamonds", "spades", "clubs"}
    assert KeyConcept.ALLIES.suit == "hearts" and KeyConcept.AUTHORITY.suit == "clubs"


def test_burned_progress_pays_the_rollers_push_one_for_one():
    """"Spend filled segments of the progress clock as momentum, on a one-for-one basis"."""
    plan = plan_action_roll(ActionRollChoices(rating=2, momentum=0, pushes=(PushBenefit.DIE,), progress=3,
                                              burned_progress=2))
    assert (plan.pool_size, plan.roller_cost, plan.progress_burned) == (3, 0, 2)
    assert not plan.generates_momentum  # momentum was spent on it ("Momentum")


def test_the_mechanic_assists_on_burned_progress():
    """The section's example: "they erase one progress ... to allow the mechanic to assist"."""
    mechanic = Helper("2", momentum=0, name="The mechanic")
    assert isinstance(plan_action_roll(ActionRollChoices(rating=2, momentum=0, helpers=(mechanic,))), Refusal)
    plan = plan_action_roll(ActionRollChoices(rating=2, momentum=0, helpers=(mechanic,), progress=1,
                                              burned_progress=1))
    assert (plan.pool_size, plan.helper_costs, plan.progress_burned) == (3, (("The mechanic", 0),), 1)


@pytest.mark.parametrize(("progress", "burned", "reason"), [
    (1, 2, "The party's progress clock has 1 filled segment to burn."),
    (4, 3, "Burn only the momentum this roll spends: pushes, a flashback, assists."),
])
def test_burning_more_than_there_is_or_than_the_roll_spends_is_refused(progress, burned, reason):
    planned = plan_action_roll(ActionRollChoices(rating=2, momentum=2, pushes=(PushBenefit.DIE,), progress=progress,
                                                 burned_progress=burned))
    assert reason in planned.reasons


def test_a_positive_detail_lowers_the_consequence_rating_or_gives_1_effect_decided_before_the_roll():
    partial = PoolRoll((5, 2), 2, Outcome.PARTIAL)
    risky = ActionRollChoices(rating=2, momentum=2, risk=Risk.HIGH, disposition=1)
    assert resolve_action_roll(plan_action_roll(risky), partial).consequence_rating == 2
    for_effect = plan_action_roll(dataclasses.replace(risky, disposition_for_effect=True))
    assert for_effect.effect is Effect.GREAT and resolve_action_roll(for_effect, partial).consequence_rating == 3
    negative = dataclasses.replace(risky, disposition=-1)
    assert resolve_action_roll(plan_action_roll(negative), partial).consequence_rating == 4
    assert "Only a positive party detail gives +1 effect." in plan_action_roll(
        dataclasses.replace(negative, disposition_for_effect=True)).reasons
