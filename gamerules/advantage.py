"""The "advantage & threat" dice system (``shared/rules/system-advantage-and-threat.md``): a pool
of Advantage (PLUS) and Threat (MINUS) d6s, 1-3s discarded, pairs cancelled, Major / Minor /
Hollow by what is left, 6s left as Boons and Banes; Action Points; clocks by outcome.

Section names below are the document's headings ("Gather your Dice Pool", "Roll the Dice", "The
Result", "Clocks & Extended Checks", "Action Points"). The lost dice icons are reading 2 of the
shared README (``gamerules.readings``); this project's own readings are the named constants here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from gamerules import readings
from gamerules.honesty import Rolled, Scale
from gamerules.stored import json_object
from gamerules.words import said

FACES = range(1, 7)
MOST_DICE = readings.ADVANTAGE_MOST_DICE
"""'Add Advantage Dice PLUS (Max 10)', 'Add Threat Dice MINUS (Max 10)'."""

AP_MAX = 3
""""You begin play with a Maximum of 3AP" ("Action Points")."""

AP_ADVANCEMENT = 1
AP_MOST = 10
""""You can increase your AP limit with Advancements" ("Action Points"), with no number. Reading:
an Advancement the GM grants raises Maximum AP by 1, up to 10 (the most dice a pool rolls); the
Action Points on hand stay as they are until the pool fills ("start each job with a full pool")."""

TRAUMA_MINUS = 2
""""Add 2 MINUS for each Trauma you have. Added regardless of whether or not it is relevant"."""

FLAW_MINUS = 1
FLAW_AP = 1
""""Add 1 MINUS if you or the GM invoke a relevant Flaw ... Regain 1 Action Point. This can be done
once per-job, per-flaw"."""

WOUND_LEVELS = (1, 2)
WOUND_MINUS = range(1, 3)
""""You might add 1 or 2 MINUS if the GM invokes a relevant wound"; a wound's level is 1 or 2 too
("Suffer a Level 1 Wound"). Reading: the text ties the MINUS to no level, so the GM chooses 1 or 2
for any wound the character has, once a check (invoked again, her last word counts)."""

SIMPLE_ASSISTANCE_PLUS = 1
""""Multiple people providing simple assistance does not add more than +1 PLUS"."""

IMPROVES_MORE_THAN_ONCE = True
"""Reading ("Spend 1 AP to improve the result of a roll by one level", no limit given): a player may
spend again, one level a point, up to Major."""

SPENT_BOON_LEAVES_THE_CLOCK = True
"""Reading ("You can spend a Boon to gain 1 AP"): a Boon spent on AP is used up, so it no longer
marks a clock segment."""


class Outcome(Enum):
    """"The Result": Major, Minor or Hollow success, best first."""

    MAJOR = "major"
    MINOR = "minor"
    HOLLOW = "hollow"

    @property
    def label(self) -> str:
        return {"major": said("Major success"), "minor": said("Minor success"),
                "hollow": said("Hollow success")}[self.value]

    @property
    def in_a_sentence(self) -> str:
        """The label inside a line of the log ("Ada's check: minor success")."""
        return {"major": said("major success"), "minor": said("minor success"),
                "hollow": said("hollow success")}[self.value]

    def improved(self) -> Outcome:
        """"Improve Result ... Hollow -> Minor -> Major"."""
        return {Outcome.HOLLOW: Outcome.MINOR, Outcome.MINOR: Outcome.MAJOR}.get(self, Outcome.MAJOR)


def pool_size(plus: int, minus: int) -> tuple[int, int]:
    """The dice rolled: each pool capped at 10 ("Gather your Dice Pool"); "If for any reason you
    have 0 PLUS. Roll 1 PLUS but add an additional 1 MINUS" (before the cap)."""
    plus, minus = max(plus, 0), max(minus, 0)
    if plus == 0:
        plus, minus = 1, minus + 1
    return min(plus, MOST_DICE), min(minus, MOST_DICE)


@dataclass(frozen=True)
class CheckResult:
    """A check read ("Roll the Dice", "The Result")."""

    plus: tuple[int, ...]
    minus: tuple[int, ...]
    plus_left: tuple[int, ...]
    minus_left: tuple[int, ...]
    outcome: Outcome
    boons: int
    banes: int


def outcome_of(plus_left: int, minus_left: int) -> Outcome:
    """"Major Success: 1 or More PLUS Remaining. Minor Success: A single MINUS, or no PLUS/MINUS
    Remaining. Hollow Success: 2 or More MINUS Remaining"."""
    if plus_left:
        return Outcome.MAJOR
    return Outcome.MINOR if minus_left <= 1 else Outcome.HOLLOW


def read_check(plus: Sequence[int], minus: Sequence[int]) -> CheckResult:
    """Discard 1-3s of both colours; pair each remaining PLUS with a remaining MINUS, plain 4-5s
    first so that 6s survive (reading 2); the rest is the result, its 6s Boons and Banes."""
    kept_plus = sorted(face for face in plus if face not in readings.ADVANTAGE_DISCARDED_FACES)
    kept_minus = sorted(face for face in minus if face not in readings.ADVANTAGE_DISCARDED_FACES)
    pairs = min(len(kept_plus), len(kept_minus))
    plus_left, minus_left = tuple(kept_plus[pairs:]), tuple(kept_minus[pairs:])
    return CheckResult(tuple(plus), tuple(minus), plus_left, minus_left, outcome_of(len(plus_left), len(minus_left)),
                       plus_left.count(6), minus_left.count(6))


@cache
def _kept(dice: int) -> tuple[tuple[int, int, Fraction], ...]:
    """(dice kept, 6s among them, chance) for ``dice`` d6s: each die is discarded (1-3) with
    chance 1/2, a plain 4-5 with 1/3, a 6 with 1/6."""
    out = []
    for kept in range(dice + 1):
        for sixes in range(kept + 1):
            ways = comb(dice, kept) * comb(kept, sixes) * 2 ** (kept - sixes)
            out.append((kept, sixes, Fraction(ways * 3 ** (dice - kept), 6 ** dice)))
    return tuple(out)


@cache
def _distribution(plus: int, minus: int) -> tuple[tuple[Outcome, int, int, Fraction], ...]:
    """(outcome, boons, banes, chance) of a built pool, every case counted once."""
    cases: dict[tuple[Outcome, int, int], Fraction] = {}
    for kept_plus, plus_sixes, p in _kept(plus):
        for kept_minus, minus_sixes, q in _kept(minus):
            pairs = min(kept_plus, kept_minus)
            plus_left, minus_left = kept_plus - pairs, kept_minus - pairs
            key = (outcome_of(plus_left, minus_left), min(plus_sixes, plus_left), min(minus_sixes, minus_left))
            cases[key] = cases.get(key, Fraction(0)) + p * q
    return tuple((outcome, boons, banes, chance) for (outcome, boons, banes), chance in cases.items())


def check_odds(plus: int, minus: int) -> dict[Outcome, Fraction]:
    """Exact chances of Major, Minor and Hollow for a built pool of ``plus`` and ``minus`` dice."""
    odds = dict.fromkeys(Outcome, Fraction(0))
    for outcome, _, _, chance in _distribution(plus, minus):
        odds[outcome] += chance
    return odds


def expected_boons_and_banes(plus: int, minus: int) -> tuple[Fraction, Fraction]:
    distribution = _distribution(plus, minus)
    return (sum((boons * chance for _, boons, _, chance in distribution), Fraction(0)),
            sum((banes * chance for _, _, banes, chance in distribution), Fraction(0)))


CHECK = Scale((Outcome.HOLLOW, Outcome.MINOR, Outcome.MAJOR),
              (said("Hollow success"), said("Minor success"), said("Major success")), said("Checks"))
"""A check's outcome as rolled, worst first ("The Result"); what Action Points improve after the
dice is the player's choice, not the dice's, and is not counted."""


@cache
def check_rolled(plus: int, minus: int, outcome: Outcome) -> Rolled:
    """A check of ``plus`` and ``minus`` dice (as built: the cap and the 0 PLUS rule applied),
    its outcome as rolled, with the exact odds of the pool."""
    if not 1 <= plus <= MOST_DICE or not 0 <= minus <= MOST_DICE:
        raise ValueError(f"a check rolls 1 to {MOST_DICE} PLUS and 0 to {MOST_DICE} MINUS, not {plus} and {minus}")
    return Rolled.of(check_odds(plus, minus), outcome, CHECK)


def clock_marks(outcome: Outcome, boons: int, banes: int, *, positive: bool = True) -> int:
    """Segments a check marks, signed ("Clocks & Extended Checks"): a positive clock marks Major 2,
    Minor 1, Hollow 0, Boons add, Banes remove; a negative clock the reverse."""
    by_outcome = {Outcome.MAJOR: 2, Outcome.MINOR: 1, Outcome.HOLLOW: 0}
    if positive:
        return by_outcome[outcome] + boons - banes
    return by_outcome[{Outcome.MAJOR: Outcome.HOLLOW, Outcome.HOLLOW: Outcome.MAJOR}.get(outcome, outcome)] - boons + banes


def advanced(most: int) -> int | None:
    """Maximum AP after an Advancement, or None when it is already at ``AP_MOST``."""
    return most + AP_ADVANCEMENT if most + AP_ADVANCEMENT <= AP_MOST else None


class CrewClock(Enum):
    """The crew's two clocks the consequences name: "Two Ticks on a Problematic Clock ... The crew
    lose a tick of Status toward their next Rank" (a Major Consequence), "A Tick on a Problematic
    Clock ... The Crew gain a tick of Hostility" (a Minor one)."""

    STATUS = "status"
    HOSTILITY = "hostility"

    @property
    def ticks(self) -> int:
        return -1 if self is CrewClock.STATUS else 1

    def follows(self, outcome: Outcome, banes: int) -> bool:
        """"Minor Success ... with a Minor Consequence", "Hollow Success ... with a Major
        Consequence"; "Banes: Add additional Consequences", of either weight; a Major success
        without a Bane brings none."""
        if banes:
            return True
        return outcome is Outcome.HOLLOW if self is CrewClock.STATUS else outcome is not Outcome.MAJOR


CREW_CLOCK_SEGMENTS = 6
"""Reading: the text gives the crew's Status and Hostility no size; the GM keeps them as two clocks
of 6 ("Turf War" is 6), Status a progress clock toward the next Rank, Hostility a danger clock,
each ticked by the GM, once a check, from the consequence that names it."""


def recovered(ap: int, gained: int, most: int) -> int:
    """"You cannot recover AP above your Maximum AP"."""
    return min(ap + gained, most)


def roll(plus: int, minus: int, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(rng.randint(1, 6) for _ in range(plus)), tuple(rng.randint(1, 6) for _ in range(minus))


# What a roll keeps ----------------------------------------------------------------------------
# A check's numbers, kept as JSON in its roll (``to_data()``) and read back typed (``from_data()``).
# The PLUS dice and the outcome after Action Points are the roll's own columns.


class ApGain(Enum):
    """Why a check gave back Action Points ("Action Points"): a flaw invoked ("Regain 1 Action
    Point"), or Banes ("When a check results in any number of Banes gain 1 AP")."""

    FLAW = "a flaw invoked"
    BANES = "Banes"

    @property
    def label(self) -> str:
        return {"a flaw invoked": said("a flaw invoked"), "Banes": said("Banes")}[self.value]


@dataclass(frozen=True)
class ClockMarked:
    """The clock a check marked and by how many segments, signed ("Clocks & Extended Checks")."""

    clock: int
    """The clock's id."""
    marks: int

    def to_data(self) -> dict:
        return {"clock": self.clock, "marks": self.marks}

    @classmethod
    def from_data(cls, data: Any) -> ClockMarked:
        data = json_object(data, "A clock marked", ("clock", "marks"))
        return cls(data["clock"], data["marks"])


@dataclass(frozen=True)
class CheckChoices:
    """What a check was rolled with, as its roll keeps it ("Create a pool"): the PLUS and MINUS
    dice, the threat it faced (by name), the check it was and the clock it worked on."""

    plus: int
    minus: int
    threat: str = ""
    check: int | None = None
    works_on: int | None = None

    def to_data(self) -> dict:
        return {"check": self.check, "plus": self.plus, "minus": self.minus, "threat": self.threat,
                "works_on": self.works_on}

    @classmethod
    def from_data(cls, data: Any) -> CheckChoices:
        data = json_object(data, "A check's choices", ("plus", "minus"), ("threat", "check", "works_on"))
        return cls(data["plus"], data["minus"], data.get("threat", ""), data.get("check"), data.get("works_on"))


@dataclass(frozen=True)
class CheckRollResult:
    """A check as its roll keeps it: the MINUS dice, the outcome as rolled, Boons and Banes ("Roll
    the Dice", "The Result"); the levels improved, the Banes ignored and the Boons spent for AP
    ("Spending Action Points (AP)"); the Action Points before and after, why AP came back and how
    many ("Action Points"); whether it is done, and the clock it marked ("Clocks & Extended
    Checks")."""

    minus: tuple[int, ...]
    rolled: Outcome
    boons: int
    banes: int
    ap_before: int
    ap_after: int
    gained: tuple[ApGain, ...] = ()
    gained_ap: int = 0
    """The Action Points ``gained`` gave back: fewer than reasons when AP was at its maximum."""
    improved: int = 0
    ignored_banes: bool = False
    boons_spent: int = 0
    settled: bool = False
    marked: ClockMarked | None = None

    @property
    def boons_left(self) -> int:
        """Boons not spent on AP: they still mark a clock (``SPENT_BOON_LEAVES_THE_CLOCK``)."""
        return self.boons - self.boons_spent

    @property
    def banes_left(self) -> int:
        """"Ignore Banes": ignored, they count as 5s."""
        return 0 if self.ignored_banes else self.banes

    def to_data(self) -> dict:
        data: dict[str, Any] = {
            "minus": list(self.minus), "rolled": self.rolled.value, "boons": self.boons, "banes": self.banes,
            "improved": self.improved, "ignored_banes": self.ignored_banes, "boons_spent": self.boons_spent,
            "ap": [self.ap_before, self.ap_after], "gained": [reason.value for reason in self.gained],
            "gained_ap": self.gained_ap, "settled": self.settled}
        if self.marked is not None:
            data["marked"] = self.marked.to_data()
        return data

    @classmethod
    def from_data(cls, data: Any) -> CheckRollResult:
        data = json_object(data, "A check's result", ("minus", "rolled", "boons", "banes", "improved", "ignored_banes",
                                                      "boons_spent", "ap", "gained", "gained_ap", "settled"), ("marked",))
        if not isinstance(data["ap"], list) or len(data["ap"]) != 2:
            raise ValueError(f"AP should be [before, after], not {data['ap']!r}.")
        ap_before, ap_after = data["ap"]
        return cls(
            minus=tuple(data["minus"]), rolled=Outcome(data["rolled"]), boons=data["boons"], banes=data["banes"],
            ap_before=ap_before, ap_after=ap_after, gained=tuple(ApGain(reason) for reason in data["gained"]),
            gained_ap=data["gained_ap"], improved=data["improved"], ignored_banes=data["ignored_banes"],
            boons_spent=data["boons_spent"], settled=data["settled"],
            marked=ClockMarked.from_data(data["marked"]) if "marked" in data else None)
