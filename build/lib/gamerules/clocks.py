"""Clocks: sizes, ticks by effect and risk, filling and emptying ("Clocks", "Projects and
Complications", "Stress & Condition")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gamerules.charge import Effect, Risk
from gamerules.words import said, said_n

DEFAULT_CLOCK_SIZES = (4, 6, 8)
"""A complex obstacle is 4 segments, a complicated one 6, a daunting one 8 ("Clocks")."""

EXTENDED_CLOCK_SIZES = (4, 6, 8, 10, 12)
"""The larger sizes a campaign may allow as a dial ("What to Hack")."""


class ClockKind(Enum):
    """What a clock tracks ("Clocks"; "Projects and Complications"; "Stress & Condition")."""

    PROGRESS = "progress"
    DANGER = "danger"
    OPPOSED = "opposed"
    PROJECT = "project"
    COMPLICATION = "complication"
    STRESS = "stress"

    @property
    def label(self) -> str:
        return {"progress": said("Progress"), "danger": said("Danger"), "opposed": said("Opposed (tug-of-war)"),
                "project": said("Long-term project"), "complication": said("Complication"),
                "stress": said("Stress")}[self.value]

    @property
    def ticks_up_by(self) -> str:
        """What a roll ticks it by: progress-like clocks by effect, danger-like by risk."""
        if self in (ClockKind.PROGRESS, ClockKind.PROJECT):
            return "effect"
        if self in (ClockKind.DANGER, ClockKind.COMPLICATION, ClockKind.STRESS):
            return "risk"
        return "either"


PROGRESS_KINDS = (ClockKind.PROGRESS, ClockKind.PROJECT, ClockKind.OPPOSED)
"""Clocks a success ticks by its effect ("Clocks": progress clocks; "Long-term Projects";
"Opposing Clocks")."""

DANGER_KINDS = (ClockKind.DANGER, ClockKind.COMPLICATION, ClockKind.OPPOSED)
"""Clocks a consequence ticks by its risk ("Clocks": danger clocks; "Complication"; "Opposing
Clocks")."""


def roll_moves(kind: ClockKind, ticks: int, *, success: bool, characters_fill: bool = True) -> int:
    """How far a roll moves a clock, signed ("Clocks"). A success ticks a progress clock or a
    project up by its effect; a consequence ticks a danger clock or a complication up by its
    risk. An opposed clock is one tug-of-war picture of "two opposing parties" whose progress
    "the effect and position ratings can both be used to tick": a success moves it toward the
    characters' side, a consequence toward the other side ("Opposing Clocks")."""
    if kind not in (PROGRESS_KINDS if success else DANGER_KINDS):
        raise ValueError(f"a {'success' if success else 'consequence'} does not tick a {kind.value} clock")
    if kind is ClockKind.OPPOSED and success != characters_fill:
        return -ticks
    return ticks


def progress_ticks(effect: Effect) -> int:
    """Segments a success ticks on a progress clock: 1 limited, 2 standard, 3 great ("Clocks")."""
    return int(effect)


def danger_ticks(risk: Risk) -> int:
    """Segments a consequence ticks on a danger clock: 1 low, 2 moderate, 3 high ("Clocks")."""
    return int(risk)


def opposed_start(size: int) -> int:
    """An opposed clock starts half full, so each side has as far to go ("Opposing Clocks")."""
    return size // 2


@dataclass(frozen=True)
class ClockTick:
    """A clock after a change: the segments filled, clamped to 0..size, and what that means."""

    before: int
    filled: int
    size: int

    @property
    def change(self) -> int:
        return self.filled - self.before

    @property
    def is_full(self) -> bool:
        return self.filled == self.size

    @property
    def is_empty(self) -> bool:
        return self.filled == 0

    @property
    def became_full(self) -> bool:
        """Filled by this change: "a narrative element in the story is now resolved"."""
        return self.is_full and self.before < self.size

    @property
    def became_empty(self) -> bool:
        """Emptied by this change: the other side of an opposed clock wins."""
        return self.is_empty and self.before > 0


def tick(filled: int, amount: int, size: int) -> ClockTick:
    """Tick ``amount`` segments (negative to clear), never past empty or full ("Clocks")."""
    if size < 1:
        raise ValueError("a clock has at least one segment")
    before = min(max(filled, 0), size)
    return ClockTick(before=before, filled=min(max(before + amount, 0), size), size=size)


def size_errors(size: int, allowed: tuple[int, ...]) -> list[str]:
    """A clock's size must be one the campaign allows: "divided into 4, 6, or 8 segments" by
    default ("Clocks"), more with the dial."""
    if size in allowed:
        return []
    if len(allowed) == 1:
        return [said_n("A clock has %(n)s segment in this campaign, not %(size)s.",
                       "A clock has %(n)s segments in this campaign, not %(size)s.", allowed[0], size=size)]
    # The sizes but the last, listed; the last one counts the segments.
    return [said_n("A clock has %(sizes)s or %(n)s segment in this campaign, not %(size)s.",
                   "A clock has %(sizes)s or %(n)s segments in this campaign, not %(size)s.", allowed[-1],
                   sizes=", ".join(str(value) for value in allowed[:-1]), size=size)]
