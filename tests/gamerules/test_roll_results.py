"""What the other dice systems' rolls keep, typed, and the JSON it is kept as: a conflict and an
aftermath ("Traits & Consequence"), an action roll and a quick action roll ("Ability vs
Difficulty"), a check ("Advantage & Threat"). Every shape today's actions write reads back as
its type and writes back exactly; what a type writes, it reads back equal."""

import inspect
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamerules import ability, advantage, traits

faces = st.lists(st.integers(1, 12), max_size=6).map(tuple)
count = st.integers(0, 20)
names = st.text(max_size=30)
damage = st.dictionaries(names, st.integers(1, 6), max_size=3).map(lambda points: tuple(points.items()))

BID = {"id": 7, "kind": "trait", "name": "© Stubborn", "tagged": True, "dice": [5]}
ITEM = {"id": 9, "kind": "item", "name": "Rope", "tagged": False, "dice": [4, 2]}
ROLLED = {"gm": 3, "gm_dice": [], "powers": 2, "tags": 0, "bids": [], "settled": False}
LOST = {"gm": 4, "gm_dice": [5, 4, 1, 6, 6], "powers": 0, "tags": 1, "bids": [BID, ITEM], "settled": False,
        "resolved": True, "margin": 1, "tagged": 1, "consequence": 2, "total": 3}
SETTLED = {**LOST, "settled": True, "proposed": {"Speed": 2}, "damage": {"Speed": 2}, "pool": 0, "agreed": True,
           "explosions": []}
TYPED_LOST = traits.ConflictRollResult(
    gm=4, gm_dice=(5, 4, 1, 6, 6), tags=1, resolution=traits.Resolution(1, 1, 2, 3),
    bids=(traits.Bid(7, traits.BidKind.TRAIT, "© Stubborn", True, (5,)),
          traits.Bid(9, traits.BidKind.ITEM, "Rope", False, (4, 2))))
CHECK = {"minus": [6, 5, 4, 4, 1, 2, 3], "rolled": "minor", "boons": 0, "banes": 1, "improved": 0, "ignored_banes": False,
         "boons_spent": 0, "ap": [2, 3], "gained": ["Banes"], "gained_ap": 1, "settled": False}
TYPED_CHECK = advantage.CheckRollResult((6, 5, 4, 4, 1, 2, 3), advantage.Outcome.MINOR, 0, 1, 2, 3,
                                        (advantage.ApGain.BANES,), 1)

# The JSON each system's actions write today, literally, with what each must read as.
LITERALS = [
    (traits.ConflictRollResult, ROLLED, traits.ConflictRollResult(gm=3, powers=2)),
    (traits.ConflictRollResult, {**ROLLED, "settled": True, "resolved": True, "margin": 0, "tagged": 0,
                                 "consequence": 0, "total": 3},
     traits.ConflictRollResult(gm=3, powers=2, settled=True, resolution=traits.Resolution(0, 0, 0, 3))),
    (traits.ConflictRollResult, LOST, TYPED_LOST),
    (traits.ConflictRollResult, {**LOST, "proposed": {"Speed": 1, "Focus": 1}},
     traits.ConflictRollResult(**{**TYPED_LOST.__dict__, "proposed": (("Speed", 1), ("Focus", 1))})),
    (traits.ConflictRollResult, SETTLED,
     traits.ConflictRollResult(**{**TYPED_LOST.__dict__, "settled": True, "proposed": (("Speed", 2),),
                                  "settlement": traits.Settlement((("Speed", 2),), 0, True)})),
    (traits.ConflictRollResult, {**LOST, "settled": True, "damage": {}, "pool": 1, "agreed": False,
                                 "explosions": [{"gl": 5, "dice": [1, 2, 3, 4, 5], "successes": 2}]},
     traits.ConflictRollResult(**{**TYPED_LOST.__dict__, "settled": True, "settlement": traits.Settlement(
         (), 1, False, (traits.Explosion(5, (1, 2, 3, 4, 5), 2),))})),
    (traits.AftermathRollResult, {"burned": 2, "successes": 1, "settled": True}, traits.AftermathRollResult(2, 1)),
    (ability.ActionRollResult, {"difficulty": [1, 4], "ability": 3, "read": 4, "result": -1, "effect": 1},
     ability.ActionRollResult((1, 4), 3, 4, -1, ability.EffectLevel.MARGINAL)),
    (ability.ActionRollResult, {"difficulty": [5], "ability": 8, "read": 5, "result": 3, "effect": 2,
                                "ticked": {"clock": 4, "moved": 2}},
     ability.ActionRollResult((5,), 8, 5, 3, ability.EffectLevel.COMPLETE, ability.ClockTicked(4, 2))),
    (ability.QuickRollResult, {"difficulty": [2], "read": 2, "success": True}, ability.QuickRollResult((2,), 2, True)),
    (advantage.CheckRollResult, CHECK, TYPED_CHECK),
    (advantage.CheckRollResult, {**CHECK, "rolled": "hollow", "gained": ["a flaw invoked", "Banes"], "gained_ap": 0,
                                 "improved": 1, "ignored_banes": True, "settled": True, "marked": {"clock": 4, "marks": -1}},
     advantage.CheckRollResult(**{**TYPED_CHECK.__dict__, "rolled": advantage.Outcome.HOLLOW, "gained_ap": 0,
                                  "gained": (advantage.ApGain.FLAW, advantage.ApGain.BANES), "improved": 1,
                                  "ignored_banes": True, "settled": True, "marked": advantage.ClockMarked(4, -1)})),
]


@pytest.mark.parametrize(("kind", "data", "expected"), LITERALS)
def test_todays_json_reads_as_its_type_and_writes_back_exactly(kind, data, expected):
    assert kind.from_data(data) == expected
    assert expected.to_data() == data
    assert list(expected.to_data()) == list(data)  # no key added, none lost, in the order written


def _stored(result):
    """Written, kept by the JSON field, read back."""
    return type(result).from_data(json.loads(json.dumps(result.to_data())))


bids = st.lists(st.builds(traits.Bid, st.integers(1, 999), st.sampled_from(traits.BidKind), names, st.booleans(), faces),
                max_size=4).map(tuple)
explosions = st.lists(st.builds(traits.Explosion, st.integers(1, 9), faces, count), max_size=2).map(tuple)
conflicts = st.builds(
    traits.ConflictRollResult, count, faces, count, count, bids, st.booleans(),
    st.none() | st.builds(traits.Resolution, count, count, count, count), st.none() | damage,
    st.none() | st.builds(traits.Settlement, damage, count, st.booleans(), explosions))


@given(conflicts)
def test_a_conflict_reads_back_as_written(result):
    assert _stored(result) == result


@given(st.builds(traits.AftermathRollResult, count, count, st.booleans()))
def test_an_aftermath_reads_back_as_written(result):
    assert _stored(result) == result


@given(st.builds(ability.ActionRollResult, faces, count, count, st.integers(-11, 11), st.sampled_from(ability.EffectLevel),
                 st.none() | st.builds(ability.ClockTicked, st.integers(1, 999), st.integers(-6, 6))))
def test_an_action_roll_reads_back_as_written(result):
    assert _stored(result) == result


@given(st.builds(ability.QuickRollResult, faces, count, st.booleans()))
def test_a_quick_action_roll_reads_back_as_written(result):
    assert _stored(result) == result


@given(st.builds(advantage.CheckRollResult, faces, st.sampled_from(advantage.Outcome), count, count, count, count,
                 st.lists(st.sampled_from(advantage.ApGain), max_size=2).map(tuple), count, count, st.booleans(), count,
                 st.booleans(), st.none() | st.builds(advantage.ClockMarked, st.integers(1, 999), st.integers(-9, 9))))
def test_a_check_reads_back_as_written(result):
    assert _stored(result) == result


@pytest.mark.parametrize(("kind", "data"), [
    (traits.ConflictRollResult, {**ROLLED, "surprise": 1}),
    (traits.ConflictRollResult, {key: value for key, value in ROLLED.items() if key != "gm"}),
    (traits.ConflictRollResult, {**ROLLED, "resolved": True, "margin": 1}),  # half a resolution
    (traits.ConflictRollResult, {**LOST, "resolved": False}),
    (traits.ConflictRollResult, {**ROLLED, "bids": [{**BID, "kind": "power"}]}),
    (traits.ConflictRollResult, {**SETTLED, "explosions": {"gl": 5, "dice": [1], "successes": 0}}),
    (traits.ConflictRollResult, {**LOST, "proposed": [["Speed", 2]]}),
    (traits.AftermathRollResult, {"burned": 2, "successes": 1}),
    (ability.ActionRollResult, {"difficulty": [1], "ability": 3, "read": 1, "result": 2, "effect": 4}),
    (ability.ActionRollResult, {"difficulty": [1], "ability": 3, "read": 1, "result": 2, "effect": 1, "ticked": {"clock": 1}}),
    (ability.QuickRollResult, {"difficulty": [2], "read": 2, "success": True, "effect": 1}),
    (advantage.CheckRollResult, {**CHECK, "gained": ["luck"]}),
    (advantage.CheckRollResult, {**CHECK, "ap": [2]}),
    (advantage.CheckRollResult, {key: value for key, value in CHECK.items() if key != "gained_ap"}),
    (advantage.CheckRollResult, None),
])
def test_json_a_type_does_not_know_is_refused_rather_than_dropped(kind, data):
    with pytest.raises(ValueError):  # noqa: PT011 -- each message names the fault differently
        kind.from_data(data)


def test_a_conflict_bids_resolves_and_settles_step_by_step():
    """"For every Trait you bid, roll an extra die", tags count on every die; "... and Resolve";
    the Consequence taken settles it ("Getting Rid of Consequence")."""
    rolled = traits.ConflictRollResult(gm=3, powers=0)
    bid = rolled.bid([traits.Bid(7, traits.BidKind.TRAIT, "© Stubborn", True, (1,)),
                      traits.Bid(9, traits.BidKind.ITEM, "Rope", False, (5, 2))])
    assert (bid.tags, bid.bid_count(traits.BidKind.TRAIT), bid.bid_count(traits.BidKind.ITEM)) == (1, 1, 1)
    assert bid.numbers((4, 3)) == traits.Conflict((4, 3), 0, 3, (1, 5, 2), 1)
    resolved = bid.resolve((4, 3))  # 2 successes of 3: a loss by 1, and the tag's 1 on the bid's 1
    assert (resolved.resolution, resolved.consequence, resolved.settled) == (traits.Resolution(1, 1, 2, 2), 2, False)
    assert rolled.consequence == 0 and not rolled.resolved
    settled = resolved.propose((("Speed", 1),)).settle(traits.Settlement((("Speed", 1),), 1, True))
    assert settled.settled and settled.proposed == (("Speed", 1),)
    assert rolled.resolve((4, 5, 6)).settled  # a whole success without tags: nothing to take


def test_boons_spent_and_banes_ignored_leave_the_clock():
    """"You can spend a Boon to gain 1 AP"; "Ignore Banes" ("Spending Action Points (AP)")."""
    result = advantage.CheckRollResult((6, 6), advantage.Outcome.HOLLOW, 2, 2, 1, 2, boons_spent=1)
    assert (result.boons_left, result.banes_left) == (1, 2)
    assert advantage.CheckRollResult((6,), advantage.Outcome.HOLLOW, 0, 1, 1, 2, ignored_banes=True).banes_left == 0
    assert [reason.label for reason in advantage.ApGain] == ["a flaw invoked", "Banes"]


def test_an_action_roll_keeps_the_rules_reading():
    """"The final result is determined by subtracting the difficulty dice result from ability dice
    result" ("Action Roll")."""
    read = ability.read_action((3, 6), (2, 5), ability.Position.DISADVANTAGE)
    assert ability.ActionRollResult.of(read) == ability.ActionRollResult((2, 5), 6, 5, 1, ability.EffectLevel.MARGINAL)


def test_the_typed_results_are_frozen():
    with pytest.raises(AttributeError):
        TYPED_CHECK.settled = True  # type: ignore[misc]


def test_every_typed_result_names_its_section():
    missing = [f"{module.__name__}.{name}" for module in (traits, ability, advantage)
               for name, kind in inspect.getmembers(module, inspect.isclass)
               if kind.__module__ == module.__name__ and hasattr(kind, "to_data") and '"' not in (kind.__doc__ or "")]
    assert missing == []
