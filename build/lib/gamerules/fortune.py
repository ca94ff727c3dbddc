"""Fortune rolls, single and opposed, with exact odds ("Fortune Roll")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from fractions import Fraction
from types import MappingProxyType

from gamerules.charge import Outcome, PoolRoll, odds
from gamerules.readings import ZERO_DICE_ROLLED
from gamerules.words import said


class Likeliness(IntEnum):
    """How likely a thing is; its value is the fortune pool ("Fortune Roll").

    "If there's a 50% chance of success, roll 1d6. If it's more than that, add more dice. If it's
    really unlikely, roll 2d6 and pick the lowest result" (a pool of zero). The SRD's other pool:
    "by using a specific action" (a character's rating, see the roll's form).
    """

    REALLY_UNLIKELY = 0
    EVEN = 1
    LIKELY = 2
    VERY_LIKELY = 3
    ALMOST_CERTAIN = 4
    OVERWHELMING = 5
    ALL_BUT_SURE = 6

    @property
    def label(self) -> str:
        return {0: said("Really unlikely (2d6, lowest)"), 1: said("Even chance (1d6)"), 2: said("Likely (2d6)"),
                3: said("Very likely (3d6)"), 4: said("Almost certain (4d6)"),
                5: said("Overwhelmingly likely (5d6)"), 6: said("All but sure (6d6)")}[int(self)]


class Side(Enum):
    """Who an opposed fortune roll favours."""

    FIRST = "first"
    SECOND = "second"
    TIE = "tie"

    @property
    def words(self) -> str:
        """Who won, as the table says it."""
        return SIDE_WORDS[self.value]


SIDE_WORDS = {"first": said("Your side wins"), "tie": said("A tie"), "second": said("The other side wins")}


def fortune_pool(likeliness: Likeliness) -> int:
    """+1d6 per likeliness level; "really unlikely" is zero dice, read as 2d6 lowest ("Fortune
    Roll")."""
    return int(likeliness)


fortune_odds = odds
"""A fortune pool reads like any other pool ("Fortune Roll" recap)."""


def _standing(roll: PoolRoll) -> int:
    # A critical beats a lone 6; otherwise the die that is read decides.
    return 7 if roll.outcome is Outcome.CRITICAL else roll.read_face


@dataclass(frozen=True)
class OpposedResult:
    """Two opposing pools compared by their best result ("Fortune Roll")."""

    first: PoolRoll
    second: PoolRoll

    @property
    def winner(self) -> Side:
        a, b = _standing(self.first), _standing(self.second)
        return Side.FIRST if a > b else Side.SECOND if b > a else Side.TIE

    @property
    def margin(self) -> int:
        """By how much: the difference between the two dice read."""
        return abs(self.first.read_face - self.second.read_face)


def _standing_chances(pool_size: int) -> dict[int, Fraction]:
    """Chance of each standing: a read face 1-6 (6 meaning a lone 6), or 7 for a critical."""
    if pool_size <= 0:
        # The lowest of ZERO_DICE_ROLLED dice: P(min >= k) = ((7 - k) / 6)^dice.
        return {k: Fraction(7 - k, 6) ** ZERO_DICE_ROLLED - Fraction(6 - k, 6) ** ZERO_DICE_ROLLED for k in range(1, 7)}
    chances = {k: Fraction(k, 6) ** pool_size - Fraction(k - 1, 6) ** pool_size
               for k in range(1, 6)}
    pool_odds = odds(pool_size)
    chances[6] = pool_odds[Outcome.FULL]
    chances[7] = pool_odds[Outcome.CRITICAL]
    return chances


def opposed_odds(first_pool: int, second_pool: int) -> Mapping[Side, Fraction]:
    """Exact chances that the first pool wins, the second wins, or they tie ("Fortune Roll":
    "roll two opposing pools and take the best result of each")."""
    first, second = _standing_chances(first_pool), _standing_chances(second_pool)
    wins = {Side.FIRST: Fraction(0), Side.SECOND: Fraction(0), Side.TIE: Fraction(0)}
    for a, chance_a in first.items():
        for b, chance_b in second.items():
            side = Side.FIRST if a > b else Side.SECOND if b > a else Side.TIE
            wins[side] += chance_a * chance_b
    return MappingProxyType(wins)
