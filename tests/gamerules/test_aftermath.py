"""What a roll changed after it landed, typed, and the JSON it is kept as ("Consequences",
"Determination Roll", "Team Work: Protect", "Clocks", "Set up", "Fortune Roll")."""

import json

import pytest

from gamerules.action_roll import SetupBenefit
from gamerules.aftermath import (
    Aftermath,
    ConsequenceStatus,
    InflictedConsequence,
    MomentumMove,
    OpposedFortune,
    ProgressTick,
    StressTaken,
)
from gamerules.charge import Effect, Outcome, PoolRoll, Risk
from gamerules.consequences import Consequence, ConsequenceKind, Resistance
from gamerules.fortune import OpposedResult, Side

# The JSON the roll actions write today, literally, with what each must read as.
PENDING = {"kind": "complication", "rating": 2, "target": 7, "clock": 3, "status": "pending"}
LITERALS = [
    ({}, Aftermath()),
    ({"consequence": PENDING},
     Aftermath(consequence=InflictedConsequence(ConsequenceKind.COMPLICATION, 2, 7, 3))),
    # protected: the protector's id and name
    ({"consequence": {"kind": "worse_condition", "rating": 3, "target": 9, "clock": None,
                      "status": "pending", "protected_by": "Bo"}},
     Aftermath(consequence=InflictedConsequence(ConsequenceKind.WORSE_CONDITION, 3, 9, None,
                                                protected_by="Bo"))),
    # accepted worse condition: stress [before, after, taken_out]
    ({"consequence": {"kind": "worse_condition", "rating": 3, "target": 9, "clock": None,
                      "status": "applied", "protected_by": "Bo", "resistance": "still_happens",
                      "final_rating": 3, "stress": [4, 6, True]}},
     Aftermath(consequence=InflictedConsequence(
         ConsequenceKind.WORSE_CONDITION, 3, 9, None, ConsequenceStatus.APPLIED, "Bo",
         Resistance.STILL_HAPPENS, 3, StressTaken(4, 6, True)))),
    # resisted and avoided, then a progress tick (the demo's roll has the same shape, applied)
    ({"consequence": {"kind": "reduced_effect", "rating": 2, "target": 7, "clock": None,
                      "status": "applied", "resistance": "avoided", "final_rating": 0},
      "progress": {"clock": 5, "name": "Open the vault", "ticks": 2}},
     Aftermath(progress=ProgressTick(5, "Open the vault", 2),
               consequence=InflictedConsequence(ConsequenceKind.REDUCED_EFFECT, 2, 7, None,
                                                ConsequenceStatus.APPLIED,
                                                resistance=Resistance.AVOIDED, final_rating=0))),
    ({"setup_benefit": "risk"}, Aftermath(setup_benefit=SetupBenefit.RISK)),
    ({"opposed": {"pool": 1, "dice": [4], "outcome": "partial", "winner": "first", "margin": 1}},
     Aftermath(opposed=OpposedFortune(1, (4,), Outcome.PARTIAL, Side.FIRST, 1))),
    ({"resistance": "avoided_and_risk_improved"},
     Aftermath(resistance=Resistance.AVOIDED_AND_RISK_IMPROVED)),
    # what an action roll landed with, as they were the shared roll's columns (charge 0007):
    # moderate risk, great effect, a 1-5's rating 2, the roller's and a helper's momentum
    ({"risk": 2, "effect": 3, "consequence_rating": 2, "momentum": {"7": [2, 0], "9": [3, 2]}, "consequence": PENDING},
     Aftermath(risk=Risk.MODERATE, effect=Effect.GREAT, consequence_rating=2,
               momentum=(MomentumMove(7, 2, 0), MomentumMove(9, 3, 2)),
               consequence=InflictedConsequence(ConsequenceKind.COMPLICATION, 2, 7, 3))),
    ({"risk": 1, "effect": 0}, Aftermath(risk=Risk.LOW, effect=Effect.NONE)),  # no effect is kept, not dropped
    ({"momentum": {"4": [5, 3]}, "resistance": "avoided"},
     Aftermath(momentum=(MomentumMove(4, 5, 3),), resistance=Resistance.AVOIDED)),
]


@pytest.mark.parametrize(("data", "expected"), LITERALS)
def test_todays_json_reads_as_the_typed_aftermath_and_writes_back_exactly(data, expected):
    assert Aftermath.from_data(data) == expected
    assert expected.to_data() == data
    stored = json.loads(json.dumps(expected.to_data()))  # as the JSON field keeps it
    assert Aftermath.from_data(stored) == expected
    assert list(expected.to_data()) == list(data)  # no key added, none lost


def test_a_characters_momentum_move_is_found_by_their_id():
    moved = Aftermath(momentum=(MomentumMove(7, 2, 0), MomentumMove(9, 3, 2)))
    assert moved.momentum_of(9) == MomentumMove(9, 3, 2)
    assert moved.momentum_of(8) is None


def test_a_missing_result_is_an_empty_aftermath():
    assert Aftermath.from_data(None) == Aftermath()
    assert Aftermath().to_data() == {}


def test_absent_keys_stay_absent_and_a_complications_clock_is_always_written():
    pending = InflictedConsequence(ConsequenceKind.LOST_OPPORTUNITY, 1, 4)
    assert pending.to_data() == {"kind": "lost_opportunity", "rating": 1, "target": 4,
                                 "clock": None, "status": "pending"}


@pytest.mark.parametrize("data", [
    {"surprise": 1},
    {"consequence": {**PENDING, "surprise": 1}},
    {"consequence": {key: value for key, value in PENDING.items() if key != "rating"}},
    {"consequence": {**PENDING, "status": "forgotten"}},
    {"consequence": {**PENDING, "stress": [1, 2]}},
    {"progress": {"clock": 5, "name": "Vault"}},
    {"setup_benefit": "dice"},
    {"resistance": "maybe"},
    {"consequence": "complication"},
    {"risk": 4},
    {"effect": 5},
    {"momentum": {"7": [2]}},
])
def test_json_it_does_not_know_is_refused_rather_than_dropped(data):
    with pytest.raises(ValueError):  # noqa: PT011 -- each message names the fault differently
        Aftermath.from_data(data)


def test_a_consequence_is_settled_only_once_applied():
    pending = InflictedConsequence(ConsequenceKind.COMPLICATION, 2, 7, 3)
    assert not pending.settled
    assert not Aftermath(consequence=pending).consequence_settled
    assert not Aftermath().consequence_settled  # nor is a consequence not yet chosen
    applied = pending.applied(Resistance.STILL_HAPPENS, Consequence(ConsequenceKind.COMPLICATION, 2))
    assert applied.settled and applied.status is ConsequenceStatus.APPLIED
    assert Aftermath(consequence=applied).consequence_settled


def test_protecting_moves_the_consequence_and_names_the_protector():
    pending = InflictedConsequence(ConsequenceKind.WORSE_CONDITION, 2, 7)
    protected = pending.protected(9, "Bo")
    assert (protected.target, protected.protected_by, protected.status) == (9, "Bo",
                                                                           ConsequenceStatus.PENDING)
    assert protected.to_data() == {"kind": "worse_condition", "rating": 2, "target": 9,
                                   "clock": None, "status": "pending", "protected_by": "Bo"}


def test_applying_records_the_resistance_the_rating_left_and_the_stress():
    pending = InflictedConsequence(ConsequenceKind.WORSE_CONDITION, 3, 7)
    reduced = pending.applied(Resistance.REDUCED, Consequence(ConsequenceKind.WORSE_CONDITION, 2),
                              StressTaken(1, 3, False))
    assert reduced.to_data() == {"kind": "worse_condition", "rating": 3, "target": 7, "clock": None,
                                 "status": "applied", "resistance": "reduced", "final_rating": 2,
                                 "stress": [1, 3, False]}
    assert reduced.remaining == Consequence(ConsequenceKind.WORSE_CONDITION, 2)
    avoided = pending.applied(Resistance.AVOIDED, None)
    assert (avoided.final_rating, avoided.remaining, avoided.stress) == (0, None, None)
    assert "stress" not in avoided.to_data()


def test_nothing_remains_of_a_consequence_still_waiting():
    assert InflictedConsequence(ConsequenceKind.REDUCED_EFFECT, 2, 7).remaining is None


def test_the_opposed_record_is_the_second_pool_and_who_won():
    first = PoolRoll((5, 2), 2, Outcome.PARTIAL)
    second = PoolRoll((4,), 1, Outcome.PARTIAL)
    record = OpposedFortune.of(OpposedResult(first, second))
    assert record == OpposedFortune(1, (4,), Outcome.PARTIAL, Side.FIRST, 1)
    assert record.to_data() == {"pool": 1, "dice": [4], "outcome": "partial", "winner": "first",
                                "margin": 1}


def test_the_typed_aftermath_is_frozen():
    with pytest.raises(AttributeError):
        Aftermath().resistance = Resistance.AVOIDED  # type: ignore[misc]
