"""The Magic Extra's numbers, from its section ("Magic Extra"): what each level of effect gives a
roll, what a critical on a spell raises, automatic success, costs and casting limits."""

from fractions import Fraction
from itertools import product

import pytest

from gamerules.action_roll import (
    ActionRollChoices,
    PushBenefit,
    Refusal,
    effect_before_critical,
    plan_action_roll,
    resolve_action_roll,
)
from gamerules.charge import Effect, Outcome, PoolRoll, Risk, read_pool
from gamerules.dials import Ruleset
from gamerules.magic import (
    BENEFITS,
    CastingLimit,
    Casts,
    SpellBenefit,
    SpellBonus,
    SpellLevel,
    assured,
    casting_errors,
    charged_level,
    spell_bonus,
)


def test_each_level_gives_what_the_text_says():
    """"limited ... only provides a better effect or a better position"; "normal ... an extra d6";
    "great ... both better effect or position and ... an extra d6"; a critical on a great spell
    "either ... better effect, position and an extra d6, or ... automatically succeed"."""
    assert BENEFITS[SpellLevel.LIMITED] == (SpellBenefit.EFFECT, SpellBenefit.POSITION)
    assert spell_bonus(SpellLevel.LIMITED, SpellBenefit.EFFECT) == SpellBonus(effect_steps=1)
    assert spell_bonus(SpellLevel.LIMITED, SpellBenefit.POSITION) == SpellBonus(risk_steps=1)
    assert spell_bonus(SpellLevel.NORMAL, SpellBenefit.DIE) == SpellBonus(dice=1)
    assert spell_bonus(SpellLevel.GREAT, SpellBenefit.DIE_AND_EFFECT) == SpellBonus(dice=1, effect_steps=1)
    assert spell_bonus(SpellLevel.GREAT, SpellBenefit.DIE_AND_POSITION) == SpellBonus(dice=1, risk_steps=1)
    assert spell_bonus(SpellLevel.BEYOND_GREAT, SpellBenefit.ALL) == SpellBonus(dice=1, effect_steps=1, risk_steps=1)
    assert spell_bonus(SpellLevel.BEYOND_GREAT, SpellBenefit.SUCCESS) == SpellBonus(automatic_success=True)
    assert [level.segments for level in SpellLevel] == [1, 2, 3, 3]  # "the effect rating stays the same"


@pytest.mark.parametrize(("level", "benefit"), [(SpellLevel.LIMITED, SpellBenefit.DIE),
                                                (SpellLevel.NORMAL, SpellBenefit.EFFECT),
                                                (SpellLevel.GREAT, SpellBenefit.ALL),
                                                (SpellLevel.GREAT, SpellBenefit.SUCCESS)])
def test_a_spell_gives_nothing_its_level_does_not(level, benefit):
    with pytest.raises(ValueError, match="spell does not give"):
        spell_bonus(level, benefit)


@pytest.mark.parametrize(("effect", "outcome", "sixes", "level"), [
    (Effect.LIMITED, Outcome.PARTIAL, 0, SpellLevel.LIMITED),
    (Effect.STANDARD, Outcome.FULL, 1, SpellLevel.NORMAL),
    (Effect.GREAT, Outcome.FULL, 1, SpellLevel.GREAT),
    (Effect.LIMITED, Outcome.CRITICAL, 2, SpellLevel.NORMAL),  # one level for the second 6
    (Effect.LIMITED, Outcome.CRITICAL, 3, SpellLevel.GREAT),  # "for every additional d6 besides the first"
    (Effect.STANDARD, Outcome.CRITICAL, 2, SpellLevel.GREAT),
    (Effect.GREAT, Outcome.CRITICAL, 2, SpellLevel.BEYOND_GREAT),  # "already had a great effect"
    (Effect.STANDARD, Outcome.CRITICAL, 5, SpellLevel.BEYOND_GREAT),
    (Effect.STANDARD, Outcome.BAD, 0, None),  # a failed casting readies nothing
    (Effect.NONE, Outcome.CRITICAL, 2, None),  # no effect: there is no spell to raise
])
def test_a_casting_roll_readies_its_effect_and_a_critical_raises_it_per_extra_6(effect, outcome, sixes, level):
    assert charged_level(effect, outcome, sixes) == level


def test_an_automatic_success_still_rolls_for_a_critical_and_its_odds_match_enumeration():
    for pool in range(1, 5):
        counts = dict.fromkeys(Outcome, 0)
        for faces in product(range(1, 7), repeat=pool):
            counts[assured(read_pool(faces, pool))] += 1
        enumerated = {outcome: Fraction(count, 6 ** pool) for outcome, count in counts.items()}
        plan = plan_action_roll(ActionRollChoices(rating=pool, momentum=0,
                                                  spell=SpellBonus(automatic_success=True)))
        assert dict(plan.odds) == enumerated
    two = plan_action_roll(ActionRollChoices(rating=2, momentum=0, spell=SpellBonus(automatic_success=True)))
    assert two.odds[Outcome.CRITICAL] == Fraction(1, 36) and two.odds[Outcome.FULL] == Fraction(35, 36)


def test_the_spell_die_sits_outside_the_two_bonus_dice_and_its_steps_move_risk_and_effect():
    choices = ActionRollChoices(rating=2, momentum=2, pushes=(PushBenefit.DIE,), tension=True,
                                spell=SpellBonus(dice=1))
    assert isinstance(plan_action_roll(choices), Refusal)  # push and tension: the cap, as ever
    plan = plan_action_roll(ActionRollChoices(rating=2, momentum=2, pushes=(PushBenefit.DIE,),
                                              spell=SpellBonus(dice=1, effect_steps=1, risk_steps=1)))
    assert (plan.pool_size, plan.dice_sources.count("spell")) == (4, 1)
    assert (plan.risk, plan.effect) == (Risk.LOW, Effect.GREAT)


def test_a_spells_momentum_is_paid_by_the_caster_and_the_roll_gains_none():
    plan = plan_action_roll(ActionRollChoices(rating=2, momentum=3, spell_cost=2))
    assert plan.roller_cost == 2 and not plan.generates_momentum
    refused = plan_action_roll(ActionRollChoices(rating=2, momentum=1, spell_cost=2))
    assert isinstance(refused, Refusal)


def test_resolving_an_automatic_success_reads_a_full_success_and_keeps_a_critical():
    plan = plan_action_roll(ActionRollChoices(rating=2, momentum=0, spell=SpellBonus(automatic_success=True)))
    assert resolve_action_roll(plan, PoolRoll((1, 3), 2, Outcome.BAD)).outcome is Outcome.FULL
    assert resolve_action_roll(plan, PoolRoll((6, 6), 2, Outcome.CRITICAL)).outcome is Outcome.CRITICAL


def test_the_effect_before_a_critical_is_the_plans_in_charge_and_a_full_successes_in_quick_charge():
    plan = plan_action_roll(ActionRollChoices(rating=2, momentum=0, effect=Effect.LIMITED))
    critical = resolve_action_roll(plan, PoolRoll((6, 6), 2, Outcome.CRITICAL))
    assert critical.effect is Effect.STANDARD and effect_before_critical(plan, critical) is Effect.LIMITED
    quick = resolve_action_roll(plan, PoolRoll((6, 6), 2, Outcome.CRITICAL), Ruleset.QUICK_CHARGE)
    assert effect_before_critical(plan, quick, Ruleset.QUICK_CHARGE) is Effect.STANDARD
    full = resolve_action_roll(plan, PoolRoll((6, 2), 2, Outcome.FULL))
    assert effect_before_critical(plan, full) is Effect.LIMITED


@pytest.mark.parametrize(("limit", "casts", "day", "session", "refused"), [
    (CastingLimit.NONE, Casts(5, 1, 1), 1, 1, False),
    (CastingLimit.CAMPAIGN, Casts(0), 1, 1, False),
    (CastingLimit.CAMPAIGN, Casts(1, 1, 1), 9, 9, True),
    (CastingLimit.SESSION, Casts(1, 1, 1), 1, 1, True),
    (CastingLimit.SESSION, Casts(1, 1, 1), 1, 2, False),
    (CastingLimit.SESSION, Casts(1, 1, None), 1, None, True),  # outside sessions, once until one starts
    (CastingLimit.DAY, Casts(1, 3, 1), 3, 2, True),
    (CastingLimit.DAY, Casts(1, 3, 1), 4, 1, False),
])
def test_casting_limits(limit, casts, day, session, refused):
    """"Casting Limits (once per day; once per session; once in the whole campaign)"."""
    assert bool(casting_errors(limit, casts, day, session)) is refused
