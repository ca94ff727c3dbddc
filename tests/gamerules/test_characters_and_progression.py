"""Creation, dials and progression ("Actions", "What to Hack", "Quick Charge Extra",
"Progression"; reading 7)."""

import dataclasses

import pytest

from gamerules.characters import (
    creation_errors,
    rating_errors,
    session_start_momentum,
    spend_errors,
)
from gamerules.charge import RiskWording
from gamerules.dials import (
    CHARGE_DIALS,
    NINE_ACTIONS,
    QUICK_CHARGE_DIALS,
    ActionName,
    Attribute,
    Dials,
    Extra,
    ExtraDial,
    Ruleset,
    default_dials,
)
from gamerules.progression import (
    TALENT_LINE,
    Talent,
    TalentKind,
    slot_kind,
    unlocked_slots,
)
from gamerules.threat import ThreatRule


def test_the_twelve_actions_in_three_attributes():
    assert CHARGE_DIALS.actions_under(Attribute.PHYSIQUE) == ("Muscle", "Finesse", "Move", "Sneak")
    assert CHARGE_DIALS.actions_under(Attribute.INSIGHT) == ("Shoot", "Tinker", "Study", "Notice")
    assert CHARGE_DIALS.actions_under(Attribute.RESOLVE) == ("Bond", "Command", "Focus", "Sway")


def test_the_default_dials_are_the_rulebooks():
    dials = Dials()
    assert (dials.starting_dots, dials.creation_cap, dials.max_rating, dials.starting_momentum,
            dials.stress_clock_size, dials.clock_sizes) == (7, 2, 4, 2, 4, (4, 6, 8))
    assert (dials.momentum.partial, dials.momentum.full, dials.momentum.critical) == (1, 2, 3)
    assert dials.errors() == []
    assert session_start_momentum(dials) == 2


def test_seven_dots_with_at_most_two_in_an_action_make_a_valid_character():
    assert creation_errors({"Sneak": 2, "Finesse": 2, "Notice": 1, "Sway": 1, "Move": 1}, CHARGE_DIALS) == []


def test_creation_says_how_many_dots_are_left():
    assert creation_errors({"Sneak": 2, "Move": 1}, CHARGE_DIALS) == ["You have 4 dots left to spend."]
    assert creation_errors({"Sneak": 2, "Move": 2, "Shoot": 2}, CHARGE_DIALS) == ["You have 1 dot left to spend."]


def test_creation_refuses_more_than_two_dots_in_an_action_and_too_many_dots():
    errors = creation_errors({"Sneak": 3, "Move": 2, "Shoot": 2, "Bond": 1}, CHARGE_DIALS)
    assert errors == ["At creation an action has at most 2 dots (Sneak has more).",
                      "You spent 8 dots; a new character has 7."]


def test_creation_refuses_unknown_actions_and_negative_dots():
    errors = creation_errors({"Hack": 2, "Sneak": -1, "Move": 2, "Shoot": 2, "Bond": 2}, CHARGE_DIALS)
    assert "Hack is not an action in this campaign." in errors
    assert "An action cannot have fewer than 0 dots." in errors


def test_quick_charge_has_six_actions_and_four_dots():
    assert QUICK_CHARGE_DIALS.action_names == ("Muscle", "Finesse", "Move", "Study", "Talk", "Focus")
    assert default_dials(Ruleset.QUICK_CHARGE) is QUICK_CHARGE_DIALS
    assert creation_errors({"Talk": 2, "Move": 2}, QUICK_CHARGE_DIALS) == []
    assert creation_errors({"Talk": 2, "Move": 2, "Focus": 1}, QUICK_CHARGE_DIALS) == [
        "You spent 5 dots; a new character has 4."]
    assert "Sneak is not an action in this campaign." in creation_errors({"Sneak": 2, "Move": 2}, QUICK_CHARGE_DIALS)


def test_a_campaign_may_rename_actions_and_play_with_nine():
    renamed = tuple(ActionName("Hack", a.attribute) if a.name == "Tinker" else a for a in NINE_ACTIONS)
    dials = dataclasses.replace(CHARGE_DIALS, actions=renamed)
    assert dials.errors() == []
    assert "Hack" in dials.action_names and "Tinker" not in dials.action_names


def test_dials_that_cannot_be_played_are_refused_with_reasons():
    broken = Dials(actions=CHARGE_DIALS.actions[:5], starting_dots=0, creation_cap=5, max_rating=4,
                   stress_clock_size=5, clock_sizes=(3,))
    assert broken.errors() == [
        "Use 6, 9 or 12 actions, not 5.",
        "The cap at creation must be between 1 and the maximum rating.",
        "The starting dots must be at least 1 and fit under the cap at creation (5 actions x 5).",
        "The stress clock has 4, 6, 8, 10 or 12 segments.",
        "Clocks may have 4, 6, 8, 10 or 12 segments.",
    ]
    twice = CHARGE_DIALS.actions[:11] + (ActionName("muscle", Attribute.RESOLVE),)
    assert Dials(actions=twice).errors() == ["Two actions have the same name."]


def test_dials_survive_a_round_trip_through_plain_data():
    dials = Dials(actions=NINE_ACTIONS, starting_dots=6, max_rating=5, stress_clock_size=6,
                  clock_sizes=(4, 6, 8, 10, 12), extras=frozenset({Extra.ASSET, Extra.SOLO, Extra.GOALS}),
                  extra_dials=frozenset({ExtraDial.GOALS_ROLL_TO_RESOLVE}))
    assert Dials.from_data(dials.to_data()) == dials
    assert Dials.from_data(None) == CHARGE_DIALS
    assert Dials.from_data({}) == CHARGE_DIALS
    assert Dials.from_data({"starting_momentum": 3}, base=QUICK_CHARGE_DIALS) == dataclasses.replace(
        QUICK_CHARGE_DIALS, starting_momentum=3)


def test_after_creation_ratings_are_capped_at_four():
    assert rating_errors({"Sneak": 4}, CHARGE_DIALS) == []
    assert rating_errors({"Sneak": 5}, CHARGE_DIALS) == ["An action's rating is at most 4 (Sneak is higher)."]


def test_spending_momentum_that_is_not_there_is_refused():
    assert spend_errors(2, 2) == []
    assert spend_errors(1, 2) == ["This needs 2 momentum and there is only 1."]
    assert spend_errors(3, -1) == ["A cost in momentum cannot be negative."]


def test_the_talent_line_has_thirteen_slots_in_the_sheets_order():
    dot, effect, risk, die = (TalentKind.ACTION_DOT, TalentKind.EXTRA_EFFECT,
                              TalentKind.LOWER_RISK, TalentKind.EXTRA_DIE)
    assert (dot, effect, dot, risk, dot, die, dot, effect, dot, risk, dot, die, dot) == TALENT_LINE
    assert TALENT_LINE.count(dot) == 7
    assert TALENT_LINE.count(effect) == TALENT_LINE.count(risk) == TALENT_LINE.count(die) == 2
    assert slot_kind(0) is dot and slot_kind(3) is risk


def test_each_milestone_unlocks_one_slot_up_to_thirteen():
    assert [unlocked_slots(m) for m in (0, 1, 5, 13, 20)] == [0, 1, 5, 13, 13]


def test_risk_talents_read_as_position_in_the_classic_wording():
    assert TalentKind.LOWER_RISK.label() == "-1 risk when ___"
    assert TalentKind.LOWER_RISK.label(RiskWording.POSITION) == "+1 position when ___"


def test_a_situational_talent_needs_an_action_and_a_situation():
    actions = CHARGE_DIALS.action_names
    shoot = Talent(TalentKind.EXTRA_DIE, "Shoot", "monsters in the forest")
    assert shoot.errors(actions, TalentKind.EXTRA_DIE) == []
    assert shoot.describe() == "+1d6 when I Shoot monsters in the forest"
    assert Talent(TalentKind.EXTRA_DIE, "Shoot", "  ").errors(actions) == [
        "Say when the talent applies (the situation)."]
    assert Talent(TalentKind.EXTRA_DIE, "", "in the dark").errors(actions) == [
        "Choose the action the talent works with."]


def test_a_dot_slot_takes_only_an_action_dot():
    actions = CHARGE_DIALS.action_names
    assert Talent(TalentKind.ACTION_DOT, "Sneak").errors(actions, TalentKind.ACTION_DOT) == []
    assert Talent(TalentKind.EXTRA_DIE, "Sneak", "x").errors(actions, TalentKind.ACTION_DOT) == [
        "This slot gives an action dot."]
    assert "This slot gives a situational talent, not an action dot." in Talent(
        TalentKind.ACTION_DOT, "Sneak").errors(actions, TalentKind.EXTRA_DIE)


def test_the_other_situational_kinds():
    actions = CHARGE_DIALS.action_names
    swap = Talent(TalentKind.ACTION_SWAP, "Study", "reading old maps", instead_of="Notice")
    assert swap.errors(actions) == []
    assert swap.describe() == "Use Study instead of Notice when reading old maps"
    assert Talent(TalentKind.ACTION_SWAP, "Study", "x", instead_of="Study").errors(actions) == [
        "An action cannot replace itself."]
    liberty = Talent(TalentKind.NARRATIVE_LIBERTY, situation="I can speak with ghosts at night")
    assert liberty.errors(actions) == []


@pytest.mark.parametrize("kind", [TalentKind.EXTRA_DIE, TalentKind.EXTRA_EFFECT, TalentKind.LOWER_RISK])
def test_three_kinds_change_a_rolls_numbers(kind):
    assert kind.changes_roll


def test_an_extras_dial_plays_only_with_its_extra():
    """The optional dials of "Scars", "Goals", "Attachment", "Party" and "Threat Level" belong to their Extra;
    the two ways to make threats hit harder are one or the other."""
    assert {dial.extra for dial in ExtraDial} == {Extra.GOALS, Extra.SCARS, Extra.ATTACHMENT, Extra.PARTY,
                                                  Extra.THREAT_LEVEL}
    assert ExtraDial.THREAT_LEVEL_HARSHER.extra is Extra.THREAT_LEVEL
    harder = Dials(extras=frozenset({Extra.THREAT_LEVEL}),
                   extra_dials=frozenset({ExtraDial.THREAT_LEVEL_DEADLIER, ExtraDial.THREAT_LEVEL_HARSHER}))
    assert harder.errors() == ["Choose one way for threat dice to hit harder: deadlier or harsher."]
    assert dataclasses.replace(harder, extra_dials=frozenset({ExtraDial.THREAT_LEVEL_HARSHER})).threat_rule \
        is ThreatRule.HARSHER
    alone = Dials(extra_dials=frozenset({ExtraDial.SCARS_COMPENSATING}))
    assert alone.errors() == ["Switch on the Scars extra to play its dial \u201cScars: compensating\u201d."]
    assert not alone.dialled(ExtraDial.SCARS_COMPENSATING)
    both = dataclasses.replace(alone, extras=frozenset({Extra.SCARS}))
    assert both.errors() == [] and both.dialled(ExtraDial.SCARS_COMPENSATING)
