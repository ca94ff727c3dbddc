"""When talent dots are gained ("What to Hack", "Changing When Talent Dots are Gained"): after
narrative milestones by default; a hack may add "when they fail a `desperate` roll, or when they
finish a `project` clock on their character sheet"."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gamerules.charge import Outcome, Risk
from gamerules.words import said


class TalentTrigger(Enum):
    """What gives a talent dot: the rulebook's milestone, and the chapter's two other scenarios."""

    MILESTONE = "milestone"
    DESPERATE_FAIL = "desperate_fail"
    PROJECT = "project"

    @property
    def label(self) -> str:
        return {
            TalentTrigger.MILESTONE: said("A milestone (every character)"),
            TalentTrigger.DESPERATE_FAIL: said("A failed desperate roll (its roller)"),
            TalentTrigger.PROJECT: said("A finished project clock (its character)"),
        }[self]


DEFAULT_TALENT_TRIGGERS = frozenset({TalentTrigger.MILESTONE})
"""Talent dots "are usually gained after narrative `milestones`" ("Milestone")."""


def fails_desperate(risk: Risk, outcome: Outcome) -> bool:
    """A failed `desperate` roll: an action roll at desperate position (high risk) whose outcome is
    the 1-3 bad outcome, where "you fail at overcoming the obstacle" ("Action Roll"); a 4-5 is a
    partial success, not a failure."""
    return risk is Risk.HIGH and outcome is Outcome.BAD


@dataclass(frozen=True)
class TalentDots:
    """A character's talent dots by where they came from, each counted while its trigger is in play."""

    milestones: int = 0
    desperate_fails: int = 0
    projects: int = 0

    @classmethod
    def counted(cls, triggers: frozenset[TalentTrigger], milestones: int, desperate_fails: int,
                projects: int) -> TalentDots:
        return cls(milestones if TalentTrigger.MILESTONE in triggers else 0,
                   desperate_fails if TalentTrigger.DESPERATE_FAIL in triggers else 0,
                   projects if TalentTrigger.PROJECT in triggers else 0)

    @property
    def total(self) -> int:
        return self.milestones + self.desperate_fails + self.projects
