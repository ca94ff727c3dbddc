"""What a roll changed after it landed, typed: the progress it ticked ("Clocks"), the consequence
the GM inflicted and how it was settled ("Consequences", "Determination Roll", "Team Work:
Protect"), a setup's benefit ("Set up"), an opposed fortune pool ("Fortune Roll") and a
determination roll's result ("Determination Roll").

Each type turns into the JSON kept in a roll's ``result`` with ``to_data()`` and back with
``from_data()``; a key that is absent stays absent. ``from_data()`` refuses (``ValueError``) a key
it does not know rather than drop it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from gamerules.action_roll import SetupBenefit
from gamerules.charge import Effect, Outcome, Risk
from gamerules.consequences import Consequence, ConsequenceKind, Resistance
from gamerules.fortune import OpposedResult, Side
from gamerules.stored import json_object


class ConsequenceStatus(Enum):
    """A chosen consequence waits for its target to accept, resist or be protected; then its
    numbers apply ("Consequences", "Determination Roll")."""

    PENDING = "pending"
    APPLIED = "applied"


@dataclass(frozen=True)
class StressTaken:
    """The stress a worse condition gave: before, after, and whether the stress clock filled and
    the character is taken out ("Stress & Condition"). Stored as ``[before, after, taken_out]``."""

    before: int
    after: int
    taken_out: bool

    def to_data(self) -> list:
        return [self.before, self.after, self.taken_out]

    @classmethod
    def from_data(cls, data: Any) -> StressTaken:
        if not isinstance(data, list | tuple) or len(data) != 3:
            raise ValueError(f"Stress should be [before, after, taken_out], not {data!r}.")
        before, after, taken_out = data
        return cls(before, after, taken_out)


@dataclass(frozen=True)
class InflictedConsequence:
    """The consequence the GM inflicted on a 1-5, as it stands ("Consequences"): its kind and
    rating, whom it falls on (the roller, a helper, or who stepped in: "Team Work: Protect"), the
    danger clock a complication ticks, and, once applied, the determination roll's result, the
    rating left and the stress taken ("Determination Roll")."""

    kind: ConsequenceKind
    rating: int
    target: int
    """The id of the character who suffers it."""
    clock: int | None = None
    """The id of the danger clock a complication ticks; ``None`` for the other kinds."""
    status: ConsequenceStatus = ConsequenceStatus.PENDING
    protected_by: str | None = None
    """The name of the character who stepped in to suffer it instead."""
    resistance: Resistance | None = None
    """How the target resisted it; accepting it is ``STILL_HAPPENS``."""
    final_rating: int | None = None
    """The rating left after resisting: 0 when avoided."""
    stress: StressTaken | None = None
    broken_attachment: str | None = None
    """The name of the attachment broken to cancel it ("Attachment Extra Rule")."""
    story: str = ""
    """What the consequence is in the story, in the GM's words ("Consequences": the GM says
    what happens); the numbers above are what it does."""

    @property
    def settled(self) -> bool:
        """The one test of a settled consequence: it was accepted or resisted and its numbers
        applied, so the effect it may reduce is final ("Consequences")."""
        return self.status is ConsequenceStatus.APPLIED

    @property
    def remaining(self) -> Consequence | None:
        """What took hold once applied, in numbers; ``None`` while pending or when avoided
        ("Determination Roll")."""
        if not self.settled or not self.final_rating:
            return None
        return Consequence(self.kind, self.final_rating)

    def protected(self, protector_id: int, protector_name: str) -> InflictedConsequence:
        """The protector suffers it instead ("Team Work: Protect")."""
        return replace(self, target=protector_id, protected_by=protector_name)

    def applied(self, resistance: Resistance, left: Consequence | None,
                stress: StressTaken | None = None) -> InflictedConsequence:
        """Settled: resisted (or accepted, ``STILL_HAPPENS``) with what is ``left`` of it
        ("Determination Roll")."""
        return replace(self, status=ConsequenceStatus.APPLIED, resistance=resistance,
                       final_rating=left.rating if left else 0, stress=stress)

    def to_data(self) -> dict:
        """The JSON kept under a roll's "consequence"."""
        data: dict[str, Any] = {"kind": self.kind.value, "rating": self.rating,
                                "target": self.target, "clock": self.clock,
                                "status": self.status.value}
        if self.protected_by is not None:
            data["protected_by"] = self.protected_by
        if self.resistance is not None:
            data["resistance"] = self.resistance.value
        if self.final_rating is not None:
            data["final_rating"] = self.final_rating
        if self.stress is not None:
            data["stress"] = self.stress.to_data()
        if self.broken_attachment is not None:
            data["broken_attachment"] = self.broken_attachment
        if self.story:
            data["story"] = self.story
        return data

    @classmethod
    def from_data(cls, data: Any) -> InflictedConsequence:
        data = json_object(data, "A consequence", ("kind", "rating", "target", "clock", "status"),
                           ("protected_by", "resistance", "final_rating", "stress", "story", "broken_attachment"))
        return cls(
            kind=ConsequenceKind(data["kind"]), rating=data["rating"], target=data["target"],
            clock=data["clock"], status=ConsequenceStatus(data["status"]),
            protected_by=data.get("protected_by"),
            resistance=Resistance(data["resistance"]) if "resistance" in data else None,
            final_rating=data.get("final_rating"),
            stress=StressTaken.from_data(data["stress"]) if "stress" in data else None,
            story=data.get("story", ""), broken_attachment=data.get("broken_attachment"))


@dataclass(frozen=True)
class ProgressTick:
    """A success ticked a progress clock by its effect ("Clocks")."""

    clock: int
    """The clock's id."""
    name: str
    """The clock's name when it was ticked."""
    ticks: int

    def to_data(self) -> dict:
        return {"clock": self.clock, "name": self.name, "ticks": self.ticks}

    @classmethod
    def from_data(cls, data: Any) -> ProgressTick:
        data = json_object(data, "A progress tick", ("clock", "name", "ticks"))
        return cls(clock=data["clock"], name=data["name"], ticks=data["ticks"])


@dataclass(frozen=True)
class OpposedFortune:
    """The opposing pool of a fortune roll and who won, by how much ("Fortune Roll": "roll two
    opposing pools and take the best result of each")."""

    pool: int
    dice: tuple[int, ...]
    outcome: Outcome
    """How the opposing pool reads on its own."""
    winner: Side
    margin: int

    @classmethod
    def of(cls, opposed: OpposedResult) -> OpposedFortune:
        """The record of an opposed fortune roll; the second pool is the opposition ("Fortune
        Roll")."""
        second = opposed.second
        return cls(pool=second.pool_size, dice=second.dice, outcome=second.outcome,
                   winner=opposed.winner, margin=opposed.margin)

    def to_data(self) -> dict:
        return {"pool": self.pool, "dice": list(self.dice), "outcome": self.outcome.value,
                "winner": self.winner.value, "margin": self.margin}

    @classmethod
    def from_data(cls, data: Any) -> OpposedFortune:
        data = json_object(data, "An opposed pool", ("pool", "dice", "outcome", "winner", "margin"))
        return cls(pool=data["pool"], dice=tuple(data["dice"]), outcome=Outcome(data["outcome"]),
                   winner=Side(data["winner"]), margin=data["margin"])


@dataclass(frozen=True)
class MomentumMove:
    """A character's momentum before and after a roll: the roller's cost and gain, a helper's
    cost, a determination roll's burn ("Momentum", "Team Work")."""

    character: int
    """The character's id."""
    before: int
    after: int


@dataclass(frozen=True)
class Aftermath:
    """What a Charge roll landed with (its risk, its effect, its consequence rating, the momentum
    it moved) and everything it changed after it landed ("Clocks", "Consequences", "Set up",
    "Fortune Roll", "Determination Roll"); a field is ``None`` (or empty) until it happens."""

    risk: Risk | None = None
    """The risk it was rolled at ("Action Roll"); ``None`` for a roll without one (fortune)."""
    effect: Effect | None = None
    """The effect achieved: a critical raises it, a consequence may reduce it later
    ("GM Sets the Effect", "Reduced Effect")."""
    consequence_rating: int = 0
    """What a 1-5 brings ("Consequence Rating"): 0 when it brings none."""
    momentum: tuple[MomentumMove, ...] = ()
    progress: ProgressTick | None = None
    consequence: InflictedConsequence | None = None
    setup_benefit: SetupBenefit | None = None
    """What a successful setup's player chose for the followers ("Set up")."""
    opposed: OpposedFortune | None = None
    resistance: Resistance | None = None
    """A determination roll's result ("Determination Roll")."""

    def momentum_of(self, character_id: int) -> MomentumMove | None:
        return next((move for move in self.momentum if move.character == character_id), None)

    @property
    def consequence_settled(self) -> bool:
        """A consequence was inflicted and is settled (see ``InflictedConsequence.settled``;
        "Consequences")."""
        return self.consequence is not None and self.consequence.settled

    def to_data(self) -> dict:
        """The JSON kept in a roll's ``result``: only what happened has a key."""
        data: dict[str, Any] = {}
        if self.risk is not None:
            data["risk"] = int(self.risk)
        if self.effect is not None:
            data["effect"] = int(self.effect)
        if self.consequence_rating:
            data["consequence_rating"] = self.consequence_rating
        if self.momentum:
            data["momentum"] = {str(move.character): [move.before, move.after] for move in self.momentum}
        if self.consequence is not None:
            data["consequence"] = self.consequence.to_data()
        if self.progress is not None:
            data["progress"] = self.progress.to_data()
        if self.setup_benefit is not None:
            data["setup_benefit"] = self.setup_benefit.value
        if self.opposed is not None:
            data["opposed"] = self.opposed.to_data()
        if self.resistance is not None:
            data["resistance"] = self.resistance.value
        return data

    @classmethod
    def from_data(cls, data: Any) -> Aftermath:
        data = json_object(data or {}, "A roll's result", (),
                           ("risk", "effect", "consequence_rating", "momentum",
                            "progress", "consequence", "setup_benefit", "opposed", "resistance"))
        return cls(
            risk=Risk(data["risk"]) if data.get("risk") is not None else None,
            effect=Effect(data["effect"]) if data.get("effect") is not None else None,
            consequence_rating=data.get("consequence_rating", 0),
            momentum=tuple(MomentumMove(int(character), before, after)
                           for character, (before, after) in (data.get("momentum") or {}).items()),
            progress=ProgressTick.from_data(data["progress"]) if "progress" in data else None,
            consequence=(InflictedConsequence.from_data(data["consequence"])
                         if "consequence" in data else None),
            setup_benefit=SetupBenefit(data["setup_benefit"]) if "setup_benefit" in data else None,
            opposed=OpposedFortune.from_data(data["opposed"]) if "opposed" in data else None,
            resistance=Resistance(data["resistance"]) if "resistance" in data else None)

