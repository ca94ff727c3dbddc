"""Hacking conditions ("What to Hack" → "Hacking Conditions"): "Changing Recovery", "Introducing
Deterioration" and "Introducing Penalties", as rules; the penalty's odds checked exactly against
every face the dice can show."""

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import product

from gamerules.action_roll import ActionRollChoices, ActionRollPlan, plan_action_roll
from gamerules.characters import take_stress
from gamerules.charge import Outcome, read_pool
from gamerules.conditions import (
    OPPORTUNITY_SEGMENTS,
    Deterioration,
    Often,
    Opportunity,
    opportunity_errors,
    recover_with,
    stress_penalty,
)
from gamerules.dials import CHARGE_DIALS, Dials
from gamerules.hacks import PRESETS_BY_SLUG, Hack

MEDIC = Opportunity("The group's medic", 1, Often.SESSION)
DOCTOR = Opportunity("A doctor", 2, Often.EACH_TIME)
POISON = Deterioration("Poison", "a scene ends and the poison is untreated", 1)


def brute_force(pool: int) -> dict:
    """Every face the pool's dice can show, each read as the table reads it."""
    rolled = pool if pool >= 1 else 2
    counted = Counter(read_pool(faces, pool) for faces in product(range(1, 7), repeat=rolled))
    return {outcome: Fraction(counted[outcome], 6 ** rolled) for outcome in Outcome}


def test_by_default_nothing_is_hacked_recovery_is_once_a_session_and_no_penalty():
    """"By default, a stress clocks recovers one segment per session"; "conditions don't inflict
    penalties on characters. This is by design.\""""
    assert CHARGE_DIALS.recovery_opportunities == () and CHARGE_DIALS.deteriorations == ()
    assert CHARGE_DIALS.stress_penalty_at == 0
    assert all(stress_penalty(stress, 0) == 0 for stress in range(13))


def test_an_opportunity_clears_its_fixed_segments_never_below_zero():
    """"going to see a doctor, or ... the "medic" of the group" ("Changing Recovery"); fixed 1-4."""
    assert range(1, 5) == OPPORTUNITY_SEGMENTS
    assert recover_with(3, DOCTOR) == 1
    assert recover_with(1, DOCTOR) == 0
    assert recover_with(4, MEDIC) == 3


def test_once_per_session_is_per_character_each_time_is_not():
    assert opportunity_errors(MEDIC, 2, used_this_session=False) == []
    assert opportunity_errors(MEDIC, 2, used_this_session=True) == [
        "The group's medic helps each character once per session, and this one has had it."]
    assert opportunity_errors(DOCTOR, 2, used_this_session=True) == []
    assert opportunity_errors(DOCTOR, 0, used_this_session=False) == ["There is no stress to clear."]


def test_luck_based_or_too_large_recovery_is_refused():
    """"Be wary of making recovery based on luck": an amount is fixed, 1 to 4."""
    dials = replace(CHARGE_DIALS, recovery_opportunities=(Opportunity("A long rest", 5),))
    assert dials.conditions_errors() == [("recovery_opportunities",
                                          "An opportunity to recover clears 1 to 4 stress, never by luck.")]


def test_deterioration_fits_the_stress_clock_and_needs_a_trigger():
    """"Figure out what those triggers are and how many segments are ticked when they happen"."""
    assert replace(CHARGE_DIALS, deteriorations=(POISON,)).errors() == []
    too_much = replace(CHARGE_DIALS, deteriorations=(Deterioration("Plague", "a day passes", 5),))
    assert too_much.conditions_errors() == [("deteriorations", "A deterioration ticks 1 to 4 segments (the stress clock).")]
    assert replace(too_much, stress_clock_size=6).errors() == []
    no_trigger = replace(CHARGE_DIALS, deteriorations=(Deterioration("Plague", " ", 1),))
    assert [field for field, _ in no_trigger.conditions_errors()] == ["deteriorations"]
    twice = replace(CHARGE_DIALS, deteriorations=(POISON, replace(POISON, name="poison")))
    assert [field for field, _ in twice.conditions_errors()] == ["deteriorations"]


def test_a_deterioration_ticks_through_taking_stress_a_full_clock_as_usual():
    """Deterioration makes the stress clock "auto-advance": the same rule as stress taken."""
    assert take_stress(2, POISON.segments, 4).stress == 3
    full = take_stress(3, POISON.segments, 4)
    assert (full.stress, full.taken_out) == (0, True)


def test_the_penalty_is_at_or_above_its_stress_and_within_the_clock():
    assert [stress_penalty(stress, 3) for stress in range(5)] == [0, 0, 0, 1, 1]
    assert replace(CHARGE_DIALS, stress_penalty_at=5).conditions_errors() == [
        ("stress_penalty_at", "The penalty starts at a stress from 1 to 4, or is off (0).")]
    assert replace(CHARGE_DIALS, stress_penalty_at=4).errors() == []


def test_the_penalty_takes_a_die_from_the_pool_and_the_odds_are_exact():
    """One die fewer: 2 dice roll as 1; the odds shown are the pool's, checked against every face."""
    for rating in range(0, 5):
        plain = plan_action_roll(ActionRollChoices(rating=rating, momentum=2))
        hit = plan_action_roll(ActionRollChoices(rating=rating, momentum=2, stress_penalty=1))
        assert isinstance(plain, ActionRollPlan) and isinstance(hit, ActionRollPlan)
        assert hit.pool_size == max(0, rating - 1) and hit.dice_lost == min(1, rating)
        assert dict(hit.odds) == brute_force(hit.pool_size)
        assert dict(plain.odds) == brute_force(rating)
    one = plan_action_roll(ActionRollChoices(rating=2, momentum=2, stress_penalty=1))
    assert one.odds[Outcome.FULL] == Fraction(1, 6) and one.odds[Outcome.CRITICAL] == 0  # one die: 6 is full


def test_at_zero_dice_the_zero_dice_rule_applies():
    """Reading 3: with zero dice, roll 2d6 and read the lowest; no critical."""
    zero = plan_action_roll(ActionRollChoices(rating=1, momentum=2, stress_penalty=1))
    assert zero.pool_size == 0
    assert dict(zero.odds) == brute_force(0)
    assert (zero.odds[Outcome.FULL], zero.odds[Outcome.PARTIAL], zero.odds[Outcome.CRITICAL]) == (
        Fraction(1, 36), Fraction(8, 36), 0)


def test_the_hack_carries_the_conditions_and_the_chapters_preset():
    """The preset "A medic and poison" ("Hacking Conditions"): a medic once per session, poison that ticks 1."""
    dials = PRESETS_BY_SLUG["medic-and-poison"].change(CHARGE_DIALS)
    assert dials.recovery_opportunities == (MEDIC,)
    assert dials.deteriorations == (POISON,)
    assert PRESETS_BY_SLUG["medic-and-poison"].change(dials) is None  # already played: not offered
    hacked = replace(dials, stress_penalty_at=3)
    assert Hack.from_document(Hack(hacked).to_document()).dials == hacked
    assert Dials.from_data(hacked.to_data()) == hacked
