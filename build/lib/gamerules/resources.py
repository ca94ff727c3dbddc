"""The Resource Pool meta-extra ("Resource Pool Extra"): a resource the GM defines (shared or
personal, how it is gained, what spending it does), gathered by the recap's roll, spent on action
rolls, partly retained on 5-6, and expiring after a planned scenario."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import comb

from gamerules.readings import RESOURCE_RETENTION_DIE_PER_POINT
from gamerules.words import said, said_n

GATHER_FACES = frozenset({4, 5, 6})
""""For each result of 4, 5, or 6, mark 1 Resource in a shared Resource Pool" (Recap)."""

NO_DOTS_FACES = frozenset({6})
""""If you have no action points in a relevant action, roll 1d6 and mark 1 Resource on a result of 6"."""

RETAIN_FACES = frozenset({5, 6})
""""Retain 1 Resource spent during an action roll for each result of 5 or 6 on a d6"."""

DICE_CAP = 3
"""The Mana example: "for each point of Mana you spend that turn, add a d6 ... Rolls are capped at
3d6": the default most points spent on one roll, which the GM changes per resource."""


class Gain(Enum):
    """How a resource is gained: by hand (the GM's and the players' say, as the examples' Grit),
    or by the recap's roll before a planned scenario."""

    BY_HAND = "by_hand"
    RECAP_ROLL = "recap_roll"

    @property
    def label(self) -> str:
        return {"by_hand": said("By hand, as the fiction says"),
                "recap_roll": said("The recap's roll before a planned scenario (each 4-6 marks 1)")}[self.value]


class Spend(Enum):
    """What spending a point does: a die on the roll, or an effect the GM describes."""

    DIE = "die"
    DESCRIBED = "described"


@dataclass(frozen=True)
class Resource:
    """A resource as the GM defines it ("Resource Pool Rule")."""

    name: str
    shared: bool = True
    gain: Gain = Gain.RECAP_ROLL
    spend: Spend = Spend.DIE
    cap: int = DICE_CAP
    retained: bool = False
    expires: bool = False

    def errors(self) -> list[str]:
        errors = []
        if not self.name.strip():
            errors.append(said("Name the resource: Grit, Mana, Expedition Funds..."))
        if self.spend is Spend.DIE and not 1 <= self.cap <= 6:
            errors.append(said("A resource adds 1 to 6 dice to a roll at most."))
        return errors

    def spend_errors(self, held: int, spent: int) -> list[str]:
        if spent < 0:
            return [said("Points spent cannot be negative.")]
        if spent > held:
            return [said_n("There is only %(n)s %(resource)s to spend.", "There are only %(n)s %(resource)s to spend.",
                           held, resource=self.name)]
        if self.spend is Spend.DIE and spent > self.cap:
            return [said("At most %(cap)s %(resource)s on one roll.", cap=self.cap, resource=self.name)]
        return []


def gathered(dice: Sequence[int], rating: int) -> int:
    """What one player's recap roll marks: each 4-6, or with no dots in the action (one die
    rolled) a 6."""
    faces = GATHER_FACES if rating > 0 else NO_DOTS_FACES
    return sum(1 for die in dice if die in faces)


def gather_dice(rating: int) -> int:
    """A player rolls their relevant action's dots; with none, 1d6."""
    return rating if rating > 0 else 1


def roll_gathered(rating: int, rng: random.Random) -> tuple[tuple[int, ...], int]:
    dice = tuple(rng.randint(1, 6) for _ in range(gather_dice(rating)))
    return dice, gathered(dice, rating)


def retained(dice: Sequence[int]) -> int:
    """After spending, one d6 per point spent (reading RESOURCE_RETENTION_DIE_PER_POINT): each 5-6
    gives a point back."""
    return sum(1 for die in dice if die in RETAIN_FACES)


def roll_retained(spent: int, rng: random.Random) -> tuple[tuple[int, ...], int]:
    dice = tuple(rng.randint(1, 6) for _ in range(spent if RESOURCE_RETENTION_DIE_PER_POINT else min(spent, 1)))
    return dice, retained(dice)


def _binomial(dice: int, hits: int) -> dict[int, Fraction]:
    chance = Fraction(hits, 6)
    return {k: comb(dice, k) * chance ** k * (1 - chance) ** (dice - k) for k in range(dice + 1)}


def gather_odds(rating: int) -> dict[int, Fraction]:
    """The exact chance of marking each number of points on one player's recap roll."""
    return _binomial(gather_dice(rating), len(GATHER_FACES if rating > 0 else NO_DOTS_FACES))


def retain_odds(spent: int) -> dict[int, Fraction]:
    """The exact chance of getting back each number of the points spent."""
    return _binomial(spent, len(RETAIN_FACES))
