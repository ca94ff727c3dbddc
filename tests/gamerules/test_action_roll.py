"""Action rolls from choices to numbers ("Action Roll", "Team Work", "Flashbacks", Extras)."""

import pytest

from gamerules.action_roll import (
    ActionRollChoices,
    ActionRollPlan,
    AssetBenefit,
    Helper,
    PushBenefit,
    Refusal,
    SetupBenefit,
    flashback_errors,
    plan_action_roll,
    quick_charge_reads,
    resolve_action_roll,
    setup_succeeded,
)
from gamerules.charge import Effect, MomentumDial, Outcome, PoolRoll, Risk, read_pool
from gamerules.clocks import danger_ticks, progress_ticks
from gamerules.consequences import Consequence, ConsequenceKind, consequence_rating
from gamerules.dials import Extra, Ruleset
from gamerules.progression import TalentKind


def plan(**choices) -> ActionRollPlan:
    result = plan_action_roll(ActionRollChoices(**choices), frozenset(Extra))
    assert isinstance(result, ActionRollPlan), result
    return result


def refusal(extras=frozenset(Extra), **choices) -> tuple[str, ...]:
    result = plan_action_roll(ActionRollChoices(**choices), extras)
    assert isinstance(result, Refusal), result
    return result.reasons


def rolled(*dice, pool_size=None) -> PoolRoll:
    size = len(dice) if pool_size is None else pool_size
    return PoolRoll(dice=dice, pool_size=size, outcome=read_pool(dice, size))


def test_the_xavier_example():
    # Sneak, risky position, great effect, a push for +1d6, rolls a 5: partial success, and the
    # GM ticks 2 segments on an "Alert Clock".
    xavier = plan(rating=1, momentum=2, risk=Risk.MODERATE, effect=Effect.GREAT,
                  pushes=(PushBenefit.DIE,))
    assert xavier.pool_size == 2
    assert xavier.dice_sources == ("rating", "push")
    assert xavier.roller_cost == 2
    result = resolve_action_roll(xavier, rolled(5, 2))
    assert result.outcome is Outcome.PARTIAL
    assert result.consequence_rating == 2
    assert Consequence(ConsequenceKind.COMPLICATION, result.consequence_rating).danger_ticks == 2
    assert result.momentum_gained == 0  # momentum was spent on the roll
    assert result.progress_ticks == 3   # the guard is taken out, with great effect


def test_the_base_pool_is_the_action_rating_and_defaults_are_moderate_and_standard():
    p = plan(rating=2, momentum=0)
    assert (p.pool_size, p.risk, p.effect, p.roller_cost, p.generates_momentum) == (
        2, Risk.MODERATE, Effect.STANDARD, 0, True)


def test_no_dots_and_no_help_is_a_zero_pool():
    assert plan(rating=0, momentum=0).pool_size == 0


def test_assist_and_push_give_the_two_normal_bonus_dice():
    p = plan(rating=1, momentum=2, pushes=(PushBenefit.DIE,), helpers=(Helper("Ada", 1),))
    assert p.pool_size == 3
    assert p.roller_cost == 2
    assert dict(p.helper_costs) == {"Ada": 1}
    assert p.momentum_spent == 3
    assert not p.generates_momentum


def test_an_assist_alone_spends_momentum_so_the_roll_generates_none():
    p = plan(rating=2, momentum=0, helpers=(Helper("Ada", 3),))
    result = resolve_action_roll(p, rolled(6, 1, 1))
    assert result.outcome is Outcome.FULL
    assert result.momentum_gained == 0


def test_added_tension_costs_nothing_and_gains_momentum_of_its_own():
    """"Momentum": gained "as a result of an action roll, or by adding tension" (reading
    TENSION_MOMENTUM: +1 for the tension, on top of the roll's +3 for a 66)."""
    p = plan(rating=1, momentum=0, tension=True)
    assert p.pool_size == 2
    assert resolve_action_roll(p, rolled(6, 6)).momentum_gained == 3 + 1
    assert resolve_action_roll(p, rolled(2, 1)).momentum_gained == 0 + 1
    pushed = plan(rating=1, momentum=2, pushes=(PushBenefit.EFFECT,), tension=True)
    assert resolve_action_roll(pushed, rolled(6, 1)).momentum_gained == 0 + 1  # spent: only tension


def test_push_and_tension_together_break_the_cap():
    reasons = refusal(rating=1, momentum=2, pushes=(PushBenefit.DIE,), tension=True)
    assert any("two bonus dice" in reason for reason in reasons)


def test_two_assists_break_the_cap():
    reasons = refusal(rating=1, momentum=0, helpers=(Helper("Ada", 1), Helper("Bo", 1)))
    assert any("two bonus dice" in reason for reason in reasons)


def test_a_gm_may_lift_the_cap():
    p = plan(rating=1, momentum=4, pushes=(PushBenefit.DIE, PushBenefit.DIE), tension=True,
             helpers=(Helper("Ada", 1), Helper("Bo", 1)), cap_lifted=True)
    assert p.pool_size == 6
    assert p.roller_cost == 4


def test_momentum_that_is_not_there_cannot_be_spent():
    assert refusal(rating=1, momentum=1, pushes=(PushBenefit.DIE,)) == (
        "This needs 2 momentum and there is only 1.",)


def test_a_helper_without_momentum_cannot_assist():
    assert refusal(rating=1, momentum=0, helpers=(Helper("Ada", 0),)) == (
        "Ada has no momentum left to assist.",)


def test_a_character_assists_a_roll_only_once():
    reasons = refusal(rating=1, momentum=0, helpers=(Helper("Ada", 2), Helper("Ada", 2)),
                      cap_lifted=True)
    assert "A character can assist a roll only once." in reasons


def test_a_push_for_effect_raises_it_one_level_without_a_die():
    p = plan(rating=2, momentum=2, pushes=(PushBenefit.EFFECT,))
    assert (p.pool_size, p.effect, p.roller_cost) == (2, Effect.GREAT, 2)


def test_a_push_boosts_no_effect_to_limited():
    assert plan(rating=2, momentum=2, effect=Effect.NONE, pushes=(PushBenefit.EFFECT,)).effect is Effect.LIMITED


def test_a_push_for_effect_past_great_is_refused_as_wasted():
    reasons = refusal(rating=2, momentum=2, effect=Effect.GREAT, pushes=(PushBenefit.EFFECT,))
    assert reasons == ("The effect would pass great: a push for effect would be wasted.",)


def test_a_push_for_a_die_and_another_for_effect_cost_four():
    p = plan(rating=1, momentum=4, pushes=(PushBenefit.DIE, PushBenefit.EFFECT))
    assert (p.pool_size, p.effect, p.roller_cost) == (2, Effect.GREAT, 4)


def test_a_taken_out_character_must_push_to_act():
    reasons = refusal(rating=2, momentum=2, taken_out=True)
    assert reasons == ("A character who is taken out must push themselves (2 momentum) to act.",)
    p = plan(rating=2, momentum=2, taken_out=True, pushes=(PushBenefit.ACT_WHILE_TAKEN_OUT,))
    assert (p.pool_size, p.roller_cost) == (2, 2)


def test_talents_add_a_die_an_effect_level_or_a_better_risk():
    p = plan(rating=1, momentum=0, risk=Risk.HIGH, effect=Effect.LIMITED,
             talents=(TalentKind.EXTRA_DIE, TalentKind.EXTRA_EFFECT, TalentKind.LOWER_RISK))
    assert (p.pool_size, p.effect, p.risk) == (2, Effect.STANDARD, Risk.MODERATE)
    assert p.generates_momentum  # talents are free to invoke ("Hacking Talents")


def test_yanns_talent_makes_a_risky_shot_controlled():
    # "+1 Position when I'm Shooting monsters in the forest"
    assert plan(rating=2, momentum=0, risk=Risk.MODERATE,
                talents=(TalentKind.LOWER_RISK,)).risk is Risk.LOW


def test_risk_never_improves_below_low():
    assert plan(rating=1, momentum=0, risk=Risk.LOW, talents=(TalentKind.LOWER_RISK,),
                setup=SetupBenefit.RISK).risk is Risk.LOW


def test_a_setup_gives_a_follower_effect_or_risk_and_lifts_zero_to_limited():
    assert plan(rating=1, momentum=0, setup=SetupBenefit.RISK).risk is Risk.LOW
    assert plan(rating=1, momentum=0, effect=Effect.NONE, setup=SetupBenefit.EFFECT).effect is Effect.LIMITED
    assert setup_succeeded(Outcome.PARTIAL) and not setup_succeeded(Outcome.BAD)


def test_a_determination_critical_improves_the_next_rolls_risk():
    assert plan(rating=1, momentum=0, risk=Risk.HIGH, risk_improved=True).risk is Risk.MODERATE


def test_an_asset_gives_a_die_or_effect_and_needs_the_asset_extra():
    assert plan(rating=1, momentum=0, asset=AssetBenefit.DIE).pool_size == 2
    assert plan(rating=1, momentum=0, asset=AssetBenefit.EFFECT).effect is Effect.GREAT
    assert refusal(extras=frozenset(), rating=1, momentum=0, asset=AssetBenefit.DIE) == (
        "The Asset extra is not used in this campaign.",)
    assert any("two bonus dice" in r for r in refusal(rating=1, momentum=2, asset=AssetBenefit.DIE,
                                                       pushes=(PushBenefit.DIE,)))


def test_the_last_one_standing_pushes_for_one_momentum():
    p = plan(rating=1, momentum=1, last_standing=True, pushes=(PushBenefit.DIE,))
    assert p.roller_cost == 1
    assert refusal(extras=frozenset(), rating=1, momentum=1, last_standing=True,
                   pushes=(PushBenefit.DIE,)) == ("The Solo extra is not used in this campaign.",)
    assert "Nobody can assist the last one standing." in refusal(
        rating=1, momentum=1, last_standing=True, helpers=(Helper("Ada", 1),))


def test_a_flashback_costs_zero_to_two_and_its_roll_then_generates_no_momentum():
    assert flashback_errors(0, 0) == []
    assert flashback_errors(2, 1) == ["This flashback costs 2 momentum and there is only 1."]
    assert flashback_errors(3, 5) == ["A flashback costs 0, 1 or 2 momentum."]
    p = plan(rating=2, momentum=1, flashback_cost=1)
    assert p.roller_cost == 1 and not p.generates_momentum
    assert plan(rating=2, momentum=0, flashback_cost=0).generates_momentum


def test_the_consequence_rating_is_the_risk_on_one_to_five_only():
    high = plan(rating=1, momentum=0, risk=Risk.HIGH)
    assert resolve_action_roll(high, rolled(2)).consequence_rating == 3
    assert resolve_action_roll(high, rolled(4)).consequence_rating == 3
    assert resolve_action_roll(high, rolled(6)).consequence_rating == 0
    assert consequence_rating(Risk.LOW) == 1


def test_a_bad_outcome_ticks_no_progress_and_a_success_ticks_the_effect():
    p = plan(rating=2, momentum=0, effect=Effect.STANDARD)
    assert resolve_action_roll(p, rolled(3, 1)).progress_ticks == 0
    assert resolve_action_roll(p, rolled(4, 1)).progress_ticks == 2
    assert progress_ticks(Effect.LIMITED) == 1 and danger_ticks(Risk.HIGH) == 3


def test_a_critical_achieves_the_goal_with_increased_effect():
    p = plan(rating=2, momentum=0, effect=Effect.STANDARD)
    result = resolve_action_roll(p, rolled(6, 6))
    assert (result.effect, result.progress_ticks, result.momentum_gained) == (Effect.GREAT, 3, 3)
    great = plan(rating=2, momentum=0, effect=Effect.GREAT)
    assert resolve_action_roll(great, rolled(6, 6)).effect is Effect.GREAT


def test_momentum_gained_follows_the_campaigns_dial():
    p = plan(rating=1, momentum=0)
    assert resolve_action_roll(p, rolled(6), dial=MomentumDial(1, 1, 1)).momentum_gained == 1


@pytest.mark.parametrize(("dice", "effect", "rating"), [
    ((6, 6), Effect.GREAT, 0), ((6, 1), Effect.STANDARD, 0),
    ((5, 1), Effect.LIMITED, 1), ((3, 1), Effect.NONE, 2)])
def test_quick_charge_reads_effect_and_consequence_from_the_result(dice, effect, rating):
    p = plan(rating=2, momentum=0)
    result = resolve_action_roll(p, rolled(*dice), Ruleset.QUICK_CHARGE)
    assert (result.effect, result.consequence_rating) == (effect, rating)


def test_quick_charge_push_for_effect_adds_to_the_effect_read():
    p = plan(rating=2, momentum=2, pushes=(PushBenefit.EFFECT,))
    assert resolve_action_roll(p, rolled(5, 1), Ruleset.QUICK_CHARGE).effect is Effect.STANDARD


def test_quick_charge_reads_the_effect_and_the_consequence_from_the_result():
    """"A 66 gives a +3 effect. A 6 gives a +2 effect. A 4-5 gives a +1 effect", "A 1-3 creates a
    +2 consequence, a 4-5 creates a +1 consequence" ("Quick Charge Extra"); an effect step bought
    raises a success's effect, up to great."""
    assert quick_charge_reads() == ((Outcome.CRITICAL, 3, 0), (Outcome.FULL, 2, 0),
                                    (Outcome.PARTIAL, 1, 1), (Outcome.BAD, 0, 2))
    assert quick_charge_reads(1) == ((Outcome.CRITICAL, 3, 0), (Outcome.FULL, 3, 0),
                                     (Outcome.PARTIAL, 2, 1), (Outcome.BAD, 0, 2))
