"""The "ability vs difficulty" dice system (``shared/rules/system-ability-vs-difficulty.md``): the
highest die of an ability pool (the skill's die, or d4 unskilled, plus a die per boost and per
helpful teamwork) against a difficulty die and, with advantage or disadvantage, a position die of
the same size; result = ability - difficulty, a tie succeeds, and an effect level for successes
and failures alike.

Section names below are the document's headings ("Action Roll", "Outcome and Effect", "Quick
Action Roll", "Unskilled Action Roll", ...). The lost tables are reading 1 of the shared README
(``gamerules.readings``); this project's own readings are the named constants at the top.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from gamerules import readings
from gamerules.honesty import Rolled, Scale
from gamerules.stored import json_object
from gamerules.words import said, said_as

DIE_SIZES = tuple(size for size, _ in readings.ABILITY_RATINGS)

TEAMWORK_DIFFICULTY = 4
""""The default difficulty associated with providing assistance is Challenging (d4)" ("Teamwork")."""

TEAMWORK_GRIT = 1
""""The character providing the assistance earns 1 grit point" ("Teamwork")."""

TEAMWORK_DIE_IS_THE_HELPERS_SKILL = True
"""Reading ("the character receiving the assistance can add an additional ability die", no size
given): the die is the helper's own skill die, the one they succeeded with (d4 when unskilled)."""

GRIT_BUYS_A_DIE = 1
"""Reading (grit points are earned, never spent, in the text): a player spends this many grit
points before an action roll to add one ability die the size of the roll's skill die, help they
earned by helping others."""

QUICK_UNSKILLED_AT_DISADVANTAGE = True
"""Reading ("Quick Action Roll" is "not subject to character boosts or fictional positioning";
"Unskilled rolls are always made with a disadvantage"): the unskilled disadvantage is not
positioning, so an unskilled quick action roll keeps it."""

CLOCK_TICKS = {1: 1, 2: 2, 3: 3}
"""Reading (the text has no clocks; this project's clocks are shared by every system): a success
ticks the progress clock it works on by its effect level, marginal 1, complete 2, critical 3; a
failure ticks the director's danger clock by its effect level the same way."""

MOST_POOL = 10
"""Reading: an ability pool of more than 10 dice is refused as a slip of the finger."""


class Position(Enum):
    """"Fictional Positioning": a position die joins the difficulty pool with advantage or
    disadvantage; none without."""

    ADVANTAGE = "advantage"
    NONE = "none"
    DISADVANTAGE = "disadvantage"

    @property
    def label(self) -> str:
        return {"advantage": said("Advantage"), "none": said("No position die"),
                "disadvantage": said("Disadvantage")}[self.value]

    @property
    def short(self) -> str:
        """For a table's narrow column."""
        return {"advantage": said("Adv."), "none": said_as("no position die", "None"),
                "disadvantage": said("Disadv.")}[self.value]

    @property
    def difficulty_dice(self) -> int:
        return 1 if self is Position.NONE else 2


class EffectLevel(Enum):
    """"Outcome and Effect": the effect is a level rated from 1 to 3."""

    MARGINAL = 1
    COMPLETE = 2
    CRITICAL = 3

    @property
    def label(self) -> str:
        return {1: said("Marginal"), 2: said_as("effect level", "Complete"), 3: said("Critical")}[self.value]

    @property
    def ticks(self) -> int:
        return CLOCK_TICKS[self.value]


def rating_name(size: int) -> str:
    """A skill's rating by its die: Novice d4 ... Master d12 (reading 1)."""
    return dict(readings.ABILITY_RATINGS)[size]


def difficulty_name(size: int) -> str:
    """A challenge's difficulty by its die: Challenging d4 ... Extremely Hard d12 (reading 1)."""
    return dict(readings.DIFFICULTY_RATINGS)[size]


def effect_level(result: int) -> EffectLevel:
    """"take the absolute value from the result and add 1": 1-3 marginal, 4-6 complete, 7+
    critical (reading 1)."""
    level = abs(result) + 1
    marginal, complete = readings.EFFECT_LEVEL_BANDS
    if level <= marginal:
        return EffectLevel.MARGINAL
    return EffectLevel.COMPLETE if level <= complete else EffectLevel.CRITICAL


def unskilled(position: Position) -> tuple[int, Position]:
    """"Unskilled action rolls are made using a Novice (d4) ability die ... always made with a
    disadvantage" (reading 1): the die, and the position whatever the director said."""
    return readings.UNSKILLED_DIE, Position.DISADVANTAGE if readings.UNSKILLED_AT_DISADVANTAGE else position


def difficulty_result(faces: Sequence[int], position: Position) -> int:
    """"If the character has an advantage on the roll, the player takes the lower result. If the
    character has a disadvantage on the roll, the player takes the higher result" ("Action Roll")."""
    if len(faces) != position.difficulty_dice:
        raise ValueError(f"{position.label}: roll {position.difficulty_dice} difficulty dice, not {len(faces)}")
    if position is Position.ADVANTAGE:
        return min(faces)
    return max(faces)


@dataclass(frozen=True)
class ActionResult:
    """An action roll read ("Action Roll", "Outcome and Effect")."""

    ability_faces: tuple[int, ...]
    difficulty_faces: tuple[int, ...]
    position: Position
    ability: int
    """The ability pool's highest die."""
    difficulty: int
    """The difficulty die read: its only die, the lower with advantage, the higher with disadvantage."""
    result: int
    success: bool
    effect: EffectLevel

    @property
    def in_a_sentence(self) -> str:
        """"marginal success" ... "critical failure", whole: the level agrees with its noun in
        other languages."""
        return {(True, EffectLevel.MARGINAL): said("marginal success"),
                (True, EffectLevel.COMPLETE): said("complete success"),
                (True, EffectLevel.CRITICAL): said("critical success"),
                (False, EffectLevel.MARGINAL): said("marginal failure"),
                (False, EffectLevel.COMPLETE): said("complete failure"),
                (False, EffectLevel.CRITICAL): said("critical failure")}[self.success, self.effect]


@dataclass(frozen=True)
class Outcome:
    """One way an action roll may end ("Outcome and Effect"): a success or a failure, at an effect
    level, "for successes and failures alike" (reading 1)."""

    success: bool
    level: EffectLevel

    @property
    def value(self) -> str:
        return f"{'success' if self.success else 'failure'}-{self.level.name.lower()}"

    @property
    def label(self) -> str:
        if self.success:
            return said("%(level)s success", level=self.level.label)
        return said("%(level)s failure", level=self.level.label)


OUTCOMES = tuple(Outcome(success, level) for success, levels in
                 ((True, reversed(EffectLevel)), (False, EffectLevel)) for level in levels)
"""The outcomes from best to worst: a critical success first, a critical failure last."""


def read_action(ability: Sequence[int], difficulty: Sequence[int], position: Position,
                *, ties_to_director: bool = False) -> ActionResult:
    """"The final result is determined by subtracting the difficulty dice result from ability dice
    result"; "If the result is 0 or greater, a success (a tie goes to the player)" — unless the
    campaign plays "Dangerous Encounters", where a tie goes to the director."""
    if not ability:
        raise ValueError("an ability pool has at least one die")
    highest = max(ability)
    read = difficulty_result(difficulty, position)
    result = highest - read
    success = result > 0 if ties_to_director else result >= 0
    return ActionResult(tuple(ability), tuple(difficulty), position, highest, read, result, success,
                        effect_level(result))


def _die(size: int) -> dict[int, Fraction]:
    return {face: Fraction(1, size) for face in range(1, size + 1)}


def ability_distribution(sizes: Sequence[int]) -> dict[int, Fraction]:
    """The chance of each highest face of the ability pool: P(max <= k) is the product of each
    die's P(die <= k)."""
    def at_most(k: int) -> Fraction:
        chance = Fraction(1)
        for size in sizes:
            chance *= Fraction(min(k, size), size)
        return chance
    return {k: at_most(k) - at_most(k - 1) for k in range(1, max(sizes) + 1) if at_most(k) != at_most(k - 1)}


def difficulty_distribution(size: int, position: Position) -> dict[int, Fraction]:
    """The chance of each difficulty face read: one die, or the lower or higher of two."""
    if position is Position.NONE:
        return _die(size)
    if position is Position.ADVANTAGE:
        return {k: Fraction((size - k + 1) ** 2 - (size - k) ** 2, size * size) for k in range(1, size + 1)}
    return {k: Fraction(k * k - (k - 1) ** 2, size * size) for k in range(1, size + 1)}


def action_odds(ability_sizes: Sequence[int], difficulty_size: int, position: Position,
                *, ties_to_director: bool = False) -> dict[tuple[bool, EffectLevel], Fraction]:
    """Exact chances of each (success, effect level), every pair present."""
    odds = {(success, level): Fraction(0) for success in (True, False) for level in EffectLevel}
    difficulty = difficulty_distribution(difficulty_size, position)
    for ability, p in ability_distribution(ability_sizes).items():
        for read, q in difficulty.items():
            result = ability - read
            odds[(result > 0 if ties_to_director else result >= 0, effect_level(result))] += p * q
    return odds


def success_chance(odds: dict[tuple[bool, EffectLevel], Fraction]) -> Fraction:
    return sum((chance for (success, _), chance in odds.items() if success), Fraction(0))


def quick_pool(skill_die: int | None) -> tuple[int, Position]:
    """The die and position of a quick action roll: the skill's die with no position die, or
    unskilled, d4 at disadvantage (``QUICK_UNSKILLED_AT_DISADVANTAGE``)."""
    if skill_die is not None:
        return skill_die, Position.NONE
    die, position = unskilled(Position.NONE)
    return die, position if QUICK_UNSKILLED_AT_DISADVANTAGE else Position.NONE


def _no_positioning(position: Position) -> None:
    if position is Position.ADVANTAGE:
        raise ValueError("a quick action roll is not subject to fictional positioning")


def quick_action(ability: int, difficulty: Sequence[int], position: Position = Position.NONE,
                 *, ties_to_director: bool = False) -> bool:
    """"Quick Action Roll": raw ability against the difficulty, "a simple success or fail with the
    level of effect being ignored"; no boosts and no positioning (``position`` is only the unskilled
    disadvantage, see ``QUICK_UNSKILLED_AT_DISADVANTAGE``)."""
    _no_positioning(position)
    return read_action((ability,), difficulty, position, ties_to_director=ties_to_director).success


def quick_odds(ability_size: int, difficulty_size: int, position: Position = Position.NONE,
               *, ties_to_director: bool = False) -> Fraction:
    _no_positioning(position)
    return success_chance(action_odds((ability_size,), difficulty_size, position, ties_to_director=ties_to_director))


def quick_chance(skill_die: int | None, difficulty_size: int, *, ties_to_director: bool = False) -> Fraction:
    """The chance of a quick action roll with this skill's die (None: unskilled)."""
    die, position = quick_pool(skill_die)
    return quick_odds(die, difficulty_size, position, ties_to_director=ties_to_director)


def pool_mean(sizes: Sequence[int]) -> Fraction:
    """The average of the pool's highest die."""
    return sum((face * p for face, p in ability_distribution(sizes).items()), Fraction(0))


def like_a_die(sizes: Sequence[int]) -> Fraction:
    """The single die size with the same average as the pool's highest die (a dN averages (N+1)/2):
    the honest number behind "Dice Pool Probability"."""
    return 2 * pool_mean(sizes) - 1


def half_step_claim(sizes: Sequence[int]) -> int:
    """"Each die added to a dice pool is roughly equivalent to a half-step relative to the selected
    die size" ("Dice Pool Probability": two d6 ≈ a d7, three ≈ a d8): the size the text's rule of
    thumb gives, from the largest die, one size (two faces) per two dice."""
    return max(sizes) + len(sizes) - 1


def roll(sizes: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(1, size) for size in sizes)


# What a roll keeps ----------------------------------------------------------------------------
# An action roll's and a quick action roll's numbers, kept as JSON in the roll (``to_data()``) and
# read back typed (``from_data()``). The ability dice, their sources, the position and the
# difficulty die's size are the roll's own columns and choices.


@dataclass(frozen=True)
class ClockTicked:
    """The clock a roll ticked and by how much it moved: "Outcome and Effect"'s level, in ticks by
    the reading ``CLOCK_TICKS``."""

    clock: int
    """The clock's id."""
    moved: int

    def to_data(self) -> dict:
        return {"clock": self.clock, "moved": self.moved}

    @classmethod
    def from_data(cls, data: Any) -> ClockTicked:
        data = json_object(data, "A clock ticked", ("clock", "moved"))
        return cls(data["clock"], data["moved"])


@dataclass(frozen=True)
class ActionRollResult:
    """An action roll as its roll keeps it ("Action Roll", "Outcome and Effect"): the difficulty
    dice, the highest ability die, the difficulty die read, the result (ability - difficulty), the
    effect level, and the clock it ticked."""

    difficulty_faces: tuple[int, ...]
    ability: int
    read: int
    result: int
    effect: EffectLevel
    ticked: ClockTicked | None = None

    @classmethod
    def of(cls, action: ActionResult) -> ActionRollResult:
        return cls(action.difficulty_faces, action.ability, action.difficulty, action.result, action.effect)

    def with_tick(self, ticked: ClockTicked) -> ActionRollResult:
        return replace(self, ticked=ticked)

    def to_data(self) -> dict:
        data: dict[str, Any] = {"difficulty": list(self.difficulty_faces), "ability": self.ability, "read": self.read,
                                "result": self.result, "effect": self.effect.value}
        if self.ticked is not None:
            data["ticked"] = self.ticked.to_data()
        return data

    @classmethod
    def from_data(cls, data: Any) -> ActionRollResult:
        data = json_object(data, "An action roll's result", ("difficulty", "ability", "read", "result", "effect"),
                           ("ticked",))
        return cls(tuple(data["difficulty"]), data["ability"], data["read"], data["result"],
                   EffectLevel(data["effect"]),
                   ClockTicked.from_data(data["ticked"]) if "ticked" in data else None)


@dataclass(frozen=True)
class QuickRollResult:
    """A quick action roll as its roll keeps it ("Quick Action Roll": "a simple success or fail
    with the level of effect being ignored"): the difficulty dice, the one read, and whether it
    succeeded."""

    difficulty_faces: tuple[int, ...]
    read: int
    success: bool

    def to_data(self) -> dict:
        return {"difficulty": list(self.difficulty_faces), "read": self.read, "success": self.success}

    @classmethod
    def from_data(cls, data: Any) -> QuickRollResult:
        data = json_object(data, "A quick action roll's result", ("difficulty", "read", "success"))
        return cls(tuple(data["difficulty"]), data["read"], data["success"])



@dataclass(frozen=True)
class TeamworkDie:
    """A helper's teamwork roll as the action roll keeps it ("Teamwork"): who, the die they added
    if it helped."""

    name: str
    die: int
    success: bool


@dataclass(frozen=True)
class RollChoices:
    """What an action roll or a quick action roll was made with, as its roll keeps it: the
    director's difficulty die, the position, whether ties went to the director ("Dangerous
    Encounters"); for an action roll, the one it was, the risks told, unskilled, grit, the boosts'
    benefits in words and each teamwork roll; for a teamwork roll, the action roll it helped."""

    difficulty: int
    position: Position = Position.NONE
    dangerous: bool = False
    action: int | None = None
    risks: str = ""
    unskilled: bool = False
    grit: bool = False
    benefits: tuple[tuple[str, str], ...] = ()
    teamwork: tuple[TeamworkDie, ...] = ()
    helps: int | None = None
    helped: str = ""

    def to_data(self) -> dict:
        data = {"difficulty": self.difficulty, "position": self.position.value, "dangerous": self.dangerous}
        if self.action is not None:
            data |= {"ability_action": self.action, "risks": self.risks, "unskilled": self.unskilled,
                     "grit": self.grit, "teamwork": [vars(help) for help in self.teamwork]}
        if self.benefits:
            data["benefits"] = [list(benefit) for benefit in self.benefits]
        if self.helps is not None:
            data |= {"helps": self.helps, "helped": self.helped}
        return data

    @classmethod
    def from_data(cls, data: Any) -> RollChoices:
        data = json_object(data, "An ability roll's choices", ("difficulty",), (
            "position", "dangerous", "ability_action", "risks", "unskilled", "grit", "benefits", "teamwork",
            "helps", "helped"))
        return cls(data["difficulty"], Position(data.get("position", "none")), data.get("dangerous", False),
                   data.get("ability_action"), data.get("risks", ""), data.get("unskilled", False),
                   data.get("grit", False), tuple(tuple(benefit) for benefit in data.get("benefits", ())),
                   tuple(TeamworkDie(**help) for help in data.get("teamwork", ())), data.get("helps"),
                   data.get("helped", ""))

# The dice statistics ----------------------------------------------------------------------------
# An action roll's and a quick action roll's exact odds as they were thrown (gamerules/honesty.py):
# the pool (the skill's die, boosts, grit, the teamwork dice already won), the difficulty die and
# the position are all set before the player rolls.

ACTION_OUTCOMES = ((False, EffectLevel.CRITICAL), (False, EffectLevel.COMPLETE), (False, EffectLevel.MARGINAL),
                   (True, EffectLevel.MARGINAL), (True, EffectLevel.COMPLETE), (True, EffectLevel.CRITICAL))
"""An action roll's (success, effect level), worst first: a critical failure to a critical success."""

ACTION_ROLL = Scale(ACTION_OUTCOMES, (said("critical failure"), said("complete failure"), said("marginal failure"),
                                      said("marginal success"), said("complete success"), said("critical success")),
                    said("Action rolls"))


class Quick(Enum):
    """A quick action roll: "a simple success or fail", worst first."""

    FAILURE = "failure"
    SUCCESS = "success"


QUICK_ROLL = Scale((Quick.FAILURE, Quick.SUCCESS), (said("Failure"), said("Success")), said("Quick action rolls"))


def action_rolled(sizes: Sequence[int], difficulty_size: int, position: Position, ability: Sequence[int],
                  difficulty: Sequence[int], *, ties_to_director: bool = False) -> Rolled:
    """An action roll read from its dice, with the exact odds of its pool against its difficulty."""
    _check_faces(sizes, ability, difficulty_size, difficulty)
    read = read_action(ability, difficulty, position, ties_to_director=ties_to_director)
    return _action_rolled(tuple(sorted(sizes)), difficulty_size, position, ties_to_director, (read.success, read.effect))


def quick_rolled(size: int, difficulty_size: int, position: Position, ability: int, difficulty: Sequence[int],
                 *, ties_to_director: bool = False) -> Rolled:
    """A quick action roll read from its dice, with its exact chance of success."""
    _check_faces((size,), (ability,), difficulty_size, difficulty)
    success = quick_action(ability, difficulty, position, ties_to_director=ties_to_director)
    return _quick_rolled(size, difficulty_size, position, ties_to_director, success)


def _check_faces(sizes: Sequence[int], ability: Sequence[int], difficulty_size: int, difficulty: Sequence[int]) -> None:
    if len(sizes) != len(ability) or not all(size in DIE_SIZES and 1 <= face <= size
                                             for size, face in zip(sizes, ability, strict=True)):
        raise ValueError(f"ability dice {ability} do not match the pool {sizes}")
    if difficulty_size not in DIE_SIZES or not all(1 <= face <= difficulty_size for face in difficulty):
        raise ValueError(f"difficulty dice {difficulty} are not d{difficulty_size}s")


@cache
def _action_rolled(sizes: tuple[int, ...], difficulty_size: int, position: Position, ties: bool,
                   outcome: tuple[bool, EffectLevel]) -> Rolled:
    """One Rolled for equal rolls: a long log counts them, not their odds again."""
    return Rolled.of(action_odds(sizes, difficulty_size, position, ties_to_director=ties), outcome, ACTION_ROLL)


@cache
def _quick_rolled(size: int, difficulty_size: int, position: Position, ties: bool, success: bool) -> Rolled:
    chance = quick_odds(size, difficulty_size, position, ties_to_director=ties)
    return Rolled.of({Quick.SUCCESS: chance, Quick.FAILURE: 1 - chance}, Quick.SUCCESS if success else Quick.FAILURE,
                     QUICK_ROLL)
