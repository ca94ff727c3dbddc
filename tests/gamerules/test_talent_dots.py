"""What to Hack, "Changing When Talent Dots are Gained" and "Changing the Details": the dials'
new settings as rules ("A player could gain a talent dot when they fail a `desperate` roll, or
when they finish a `project` clock on their character sheet")."""

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from gamerules.charge import Outcome, Risk, odds, read_pool
from gamerules.dials import CHARGE_DIALS, RULEBOOK_DETAIL_NAMES, ActionName, Attribute, Dials
from gamerules.hacks import PRESETS_BY_SLUG, Hack
from gamerules.progression import unlocked_slots
from gamerules.talent_dots import (
    DEFAULT_TALENT_TRIGGERS,
    TalentDots,
    TalentTrigger,
    fails_desperate,
)


def test_talent_dots_are_gained_after_milestones_as_written():
    assert CHARGE_DIALS.talent_triggers == DEFAULT_TALENT_TRIGGERS == {TalentTrigger.MILESTONE}
    assert CHARGE_DIALS.details == ()


@pytest.mark.parametrize("risk", list(Risk))
@pytest.mark.parametrize("outcome", list(Outcome))
def test_only_a_bad_outcome_at_desperate_position_is_a_failed_desperate_roll(risk, outcome):
    # "On a 1-3 bad outcome, you fail"; a 4-5 "You haven't failed"; desperate is the high risk.
    assert fails_desperate(risk, outcome) == (risk is Risk.HIGH and outcome is Outcome.BAD)


@pytest.mark.parametrize("pool", range(0, 5))
def test_the_chance_of_a_talent_dot_from_a_desperate_roll_is_the_chance_of_failing(pool):
    rolled = max(pool, 2) if pool == 0 else pool  # zero dice: 2d6, the lowest read (reading 3)
    faces = list(itertools.product(range(1, 7), repeat=rolled))
    brute = Fraction(sum(fails_desperate(Risk.HIGH, read_pool(dice, pool)) for dice in faces), len(faces))
    assert brute == odds(pool)[Outcome.BAD] == (Fraction(3, 4) if pool == 0 else Fraction(1, 2) ** pool)


def test_each_trigger_counts_only_while_the_hack_plays_it():
    dots = TalentDots.counted(frozenset(TalentTrigger), milestones=2, desperate_fails=1, projects=3)
    assert (dots.milestones, dots.desperate_fails, dots.projects, dots.total) == (2, 1, 3, 6)
    assert TalentDots.counted(DEFAULT_TALENT_TRIGGERS, 2, 1, 3).total == 2
    assert TalentDots.counted(frozenset({TalentTrigger.PROJECT}), 2, 1, 3).total == 3
    assert unlocked_slots(TalentDots.counted(frozenset(TalentTrigger), 9, 4, 3).total) == 13  # the line's 13 slots


def test_a_hack_needs_one_way_to_gain_talent_dots():
    assert "Talent dots need at least one way to be gained." in replace(CHARGE_DIALS, talent_triggers=frozenset()).errors()


@pytest.mark.parametrize(("details", "error"), [
    (("God",) * 2, "Two details have the same name."),
    (("God", "god"), "Two details have the same name."),
    (tuple(f"D{n}" for n in range(7)), "At most 6 details of your own."),
    (("x" * 31,), "A detail's name has 1 to 30 characters, without < or >."),
    (("<b>God</b>",), "A detail's name has 1 to 30 characters, without < or >."),
    (("",), "A detail's name has 1 to 30 characters, without < or >."),
])
def test_details_are_a_few_short_names(details, error):
    assert error in replace(CHARGE_DIALS, details=details).errors()


def test_six_details_of_thirty_characters_are_fine():
    assert replace(CHARGE_DIALS, details=tuple(f"{n}" * 30 for n in range(6))).errors() == []


def test_an_action_name_with_angle_brackets_is_refused_as_the_hack_file_does():
    actions = (ActionName("<script>", Attribute.PHYSIQUE), *CHARGE_DIALS.actions[1:])
    assert "An action's name may not hold a control character, < or >." in replace(CHARGE_DIALS, actions=actions).errors()


def test_the_dials_keep_details_and_triggers_through_their_data():
    dials = replace(CHARGE_DIALS, details=("God", "Role in the group"),
                    talent_triggers=frozenset({TalentTrigger.DESPERATE_FAIL, TalentTrigger.PROJECT}))
    data = dials.to_data()
    assert data["details"] == ["God", "Role in the group"] and data["talent_triggers"] == ["desperate_fail", "project"]
    assert Dials.from_data(data) == dials
    assert Dials.from_data({}) == CHARGE_DIALS  # stored before these dials: the rulebook's


def test_the_hack_document_carries_them_and_an_older_one_plays_the_rulebook():
    hack = Hack(replace(CHARGE_DIALS, details=("God",), talent_triggers=frozenset(TalentTrigger)))
    document = hack.to_document()
    assert document["details"] == ["God"] and document["talent_triggers"] == ["desperate_fail", "milestone", "project"]
    assert Hack.from_document(document) == hack
    older = {k: v for k, v in document.items() if k not in ("details", "talent_triggers")}
    assert Hack.from_document(older).dials == CHARGE_DIALS


def test_a_bad_detail_is_refused_with_its_field():
    assert Hack(replace(CHARGE_DIALS, details=("God", "GOD"))).errors() == [("details", "Two details have the same name.")]
    assert Hack(replace(CHARGE_DIALS, talent_triggers=frozenset())).errors() == [
        ("talent_triggers", "Talent dots need at least one way to be gained.")]


def test_the_chapters_presets():
    god = PRESETS_BY_SLUG["god-and-role"]
    assert god.source == "Changing the Details"
    assert god.change(CHARGE_DIALS).details == RULEBOOK_DETAIL_NAMES == ("God", "Role in the group")
    assert god.change(god.change(CHARGE_DIALS)) is None  # played already: not offered
    for slug, trigger in (("talent-dots-desperate-fail", TalentTrigger.DESPERATE_FAIL),
                          ("talent-dots-project", TalentTrigger.PROJECT)):
        preset = PRESETS_BY_SLUG[slug]
        assert preset.source == "Changing When Talent Dots are Gained"
        assert preset.change(CHARGE_DIALS).talent_triggers == {TalentTrigger.MILESTONE, trigger}
        assert preset.change(preset.change(CHARGE_DIALS)) is None
