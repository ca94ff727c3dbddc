"""Hacking conditions ("What to Hack" → "Hacking Conditions"): other opportunities to recover
("Changing Recovery"), conditions that worsen when ignored ("Introducing Deterioration") and the
one penalty a GM may switch on ("Introducing Penalties")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from gamerules.words import said

OPPORTUNITY_SEGMENTS = range(1, 5)
"""What an opportunity clears: a fixed 1-4, as the GM's recovery ("Recovery | Mechanics": "how much
stress (1-4) you clear"). Never a roll: "Be wary of making recovery based on luck" ("Luck Based
Recovery")."""
DETERIORATION_SEGMENTS = range(1, 13)
"""How many segments a trigger ticks: at least 1, at most the stress clock (12 at the most)."""
CONDITIONS_MOST = 8
"""Opportunities, and deterioration kinds, a campaign names: a handful is plenty."""
NAME_MOST = 40
TRIGGER_MOST = 200
PENALTY_DICE = 1
"""The penalty the site offers: one die fewer on action rolls ("Introducing Penalties")."""


class Often(Enum):
    """How often one character may use an opportunity to recover."""

    SESSION = "session"
    EACH_TIME = "each_time"

    @property
    def label(self) -> str:
        return {"session": said("once per session per character"), "each_time": said("each time")}[self.value]


@dataclass(frozen=True)
class Opportunity:
    """Another way to get better, "by going to see a doctor, or by interacting with the "medic" of
    the group" ("Changing Recovery"): it clears a fixed number of segments."""

    name: str
    segments: int
    often: Often = Often.SESSION

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "segments": self.segments, "often": self.often.value}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Opportunity:
        return cls(data["name"].strip(), int(data["segments"]), Often(data.get("often", Often.SESSION.value)))


@dataclass(frozen=True)
class Deterioration:
    """A condition that gets worse when ignored, "poison or untreated wounds": its trigger, and how
    many segments are ticked when it happens ("Introducing Deterioration")."""

    name: str
    trigger: str
    segments: int

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "trigger": self.trigger, "segments": self.segments}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Deterioration:
        return cls(data["name"].strip(), data["trigger"].strip(), int(data["segments"]))


def conditions_errors(opportunities: tuple[Opportunity, ...], deteriorations: tuple[Deterioration, ...],
                      penalty_at: int, stress_clock_size: int) -> list[tuple[str, str]]:
    """Every reason a campaign's conditions dials cannot be played, each with the dial it is about
    (named as the hack file names it)."""
    errors = []
    for field, named in (("recovery_opportunities", opportunities), ("deteriorations", deteriorations)):
        names = [one.name.strip() for one in named]
        if len(names) > CONDITIONS_MOST:
            errors.append((field, said("Name at most %(most)s of each: opportunities to recover, deteriorations.",
                                       most=CONDITIONS_MOST)))
        if any(not name or len(name) > NAME_MOST for name in names):
            errors.append((field, said("Each opportunity to recover and each deterioration needs a name of at most "
                                       "%(most)s characters.", most=NAME_MOST)))
        if len({name.casefold() for name in names}) != len(names):
            errors.append((field, said("Two opportunities to recover, or two deteriorations, have the same name.")))
    if any(one.segments not in OPPORTUNITY_SEGMENTS for one in opportunities):
        errors.append(("recovery_opportunities", said(
            "An opportunity to recover clears %(least)s to %(most)s stress, never by luck.",
            least=OPPORTUNITY_SEGMENTS.start, most=OPPORTUNITY_SEGMENTS.stop - 1)))
    if any(not 1 <= one.segments <= stress_clock_size for one in deteriorations):
        errors.append(("deteriorations", said("A deterioration ticks 1 to %(size)s segments (the stress clock).",
                                              size=stress_clock_size)))
    if any(not one.trigger.strip() or len(one.trigger) > TRIGGER_MOST for one in deteriorations):
        errors.append(("deteriorations", said("Every deterioration needs its trigger, in at most %(most)s characters.",
                                              most=TRIGGER_MOST)))
    if not 0 <= penalty_at <= stress_clock_size:
        errors.append(("stress_penalty_at", said("The penalty starts at a stress from 1 to %(size)s, or is off (0).",
                                                 size=stress_clock_size)))
    return errors


def opportunity_errors(opportunity: Opportunity, stress: int, used_this_session: bool) -> list[str]:
    """An opportunity helps a character with stress; one offered once per session is used once per
    session by each character ("Changing Recovery": by default "one segment per session")."""
    errors = []
    if stress == 0:
        errors.append(said("There is no stress to clear."))
    if used_this_session and opportunity.often is Often.SESSION:
        errors.append(said("%(opportunity)s helps each character once per session, and this one has had it.",
                           opportunity=opportunity.name))
    return errors


def recover_with(stress: int, opportunity: Opportunity) -> int:
    """Stress left after an opportunity: its segments cleared, never below zero."""
    return max(0, stress - opportunity.segments)


def stress_penalty(stress: int, penalty_at: int) -> int:
    """Dice an action roll loses to the campaign's penalty: "while a character's stress is at or above
    N, their action rolls roll one die fewer". Off (0) by default: "conditions don't inflict penalties
    on characters. This is by design." ("Introducing Penalties")."""
    return PENALTY_DICE if penalty_at and stress >= penalty_at else 0
