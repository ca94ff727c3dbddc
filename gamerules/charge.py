"""Charge's core dice: reading a pool, rolling it, its exact odds, and momentum gained.

Rulebook sections: "Rolling Dice", "Action Roll", "Momentum". Numbers come from the text and from
the readings in :mod:`gamerules.readings`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from fractions import Fraction
from types import MappingProxyType

from gamerules.chances import percentages  # noqa: F401 (Charge's pages import it from here)
from gamerules.readings import DEFAULT_MOMENTUM_GAIN, SIXES_FOR_CRITICAL, ZERO_DICE_ROLLED
from gamerules.words import said

FACES = range(1, 7)


class Outcome(Enum):
    """The four results of a pool ("Rolling Dice"), best first."""

    CRITICAL = "critical"
    FULL = "full"
    PARTIAL = "partial"
    BAD = "bad"

    @property
    def label(self) -> str:
        return _OUTCOME_LABELS[self]

    @property
    def meaning(self) -> str:
        """One line from the action roll's recap ("Action Roll", "Recap")."""
        return _OUTCOME_MEANINGS[self]

    @property
    def is_success(self) -> bool:
        """A 4 or better: you do what you were trying to do ("Rolling Dice")."""
        return self is not Outcome.BAD

    @property
    def brings_consequence(self) -> bool:
        """A 1-5 brings a consequence ("Consequences")."""
        return self in (Outcome.PARTIAL, Outcome.BAD)


_OUTCOME_LABELS = {
    Outcome.CRITICAL: said("Critical success"),
    Outcome.FULL: said("Full success"),
    Outcome.PARTIAL: said("Partial success"),
    Outcome.BAD: said("Bad outcome"),
}
_OUTCOME_MEANINGS = {
    Outcome.CRITICAL: said("You greatly overcome the obstacle."),
    Outcome.FULL: said("You overcome the obstacle."),
    Outcome.PARTIAL: said("You overcome the obstacle, but there's a consequence."),
    Outcome.BAD: said("You fail at overcoming the obstacle, and there's a consequence."),
}


class RiskWording(Enum):
    """Which words a campaign's screens use: Charge 1.1's risk, or the classic position."""

    RISK = "risk"
    POSITION = "position"

    @property
    def noun(self) -> str:
        """The word itself, as a label: "Risk" or "Position"."""
        return {"risk": said("Risk"), "position": said("Position")}[self.value]


class Risk(IntEnum):
    """The risk of an action roll; its value is the consequence rating ("Consequence Rating").

    Charge 1.1 says risk low / moderate / high; the rulebook says position controlled / risky /
    desperate. The numbers are identical.
    """

    LOW = 1
    MODERATE = 2
    HIGH = 3

    def label(self, wording: RiskWording = RiskWording.RISK) -> str:
        if wording is RiskWording.POSITION:
            return (said("Controlled"), said("Risky"), said("Desperate"))[self - 1]
        return (said("Low"), said("Moderate"), said("High"))[self - 1]

    def meaning(self, wording: RiskWording = RiskWording.RISK) -> str:
        """One line from "GM Sets the Position" / SRD "GM Sets the Risk"."""
        return (
            said("Even if things go wrong, there is a way out."),
            said("The situation is dangerous. If you fail, there will be repercussions."),
            said("The odds are against you. Going against them might backfire heavily."),
        )[self - 1]

    def improved(self) -> Risk:
        """One level less risky (a better position), never below low."""
        return Risk(max(Risk.LOW, self - 1))

    def escalated(self) -> Risk:
        """One level riskier (a worse position), never above high ("Worse Position")."""
        return Risk(min(Risk.HIGH, self + 1))


class Effect(IntEnum):
    """The effect rating; its value is the ticks on a progress clock ("GM Sets the Effect")."""

    NONE = 0
    LIMITED = 1
    STANDARD = 2
    GREAT = 3

    @property
    def label(self) -> str:
        return (said("No effect"), said("Limited"), said("Standard"), said("Great"))[self]

    @property
    def meaning(self) -> str:
        return (
            said("Whatever is attempted, there is no chance of success."),
            said("You achieve a partial or weak effect."),
            said("You achieve what we would have expected."),
            said("You achieve more than usual."),
        )[self]

    def raised(self, steps: int = 1) -> Effect:
        """``steps`` levels better, never above great."""
        return Effect(min(Effect.GREAT, self + steps))

    def reduced(self, steps: int = 1) -> Effect:
        """``steps`` levels worse, never below no effect ("Reduced Effect")."""
        return Effect(max(Effect.NONE, self - steps))


def dice_rolled(pool_size: int) -> int:
    """How many dice are thrown for a pool: zero or fewer dice throw two ("Rolling Dice")."""
    return pool_size if pool_size >= 1 else ZERO_DICE_ROLLED


def read_pool(dice: Sequence[int], pool_size: int) -> Outcome:
    """Read the faces rolled for a pool of ``pool_size`` dice ("Rolling Dice").

    Read the single highest die: 6 is a full success, 4-5 partial, 1-3 bad; two or more 6s are a
    critical. With zero or fewer dice, the two dice rolled are read lowest and no critical is
    possible.
    """
    if len(dice) != dice_rolled(pool_size):
        raise ValueError(f"a pool of {pool_size} rolls {dice_rolled(pool_size)} dice, not {len(dice)}")
    if any(face not in FACES for face in dice):
        raise ValueError(f"dice must show 1 to 6, not {tuple(dice)}")
    if pool_size <= 0:
        return _read_face(min(dice))
    if dice.count(6) >= SIXES_FOR_CRITICAL:
        return Outcome.CRITICAL
    return _read_face(max(dice))


def _read_face(face: int) -> Outcome:
    if face == 6:
        return Outcome.FULL
    if face >= 4:
        return Outcome.PARTIAL
    return Outcome.BAD


def read_face(dice: Sequence[int], pool_size: int) -> int:
    """The single die that is read: the highest, or the lowest of two for zero dice ("Rolling
    Dice")."""
    return min(dice) if pool_size <= 0 else max(dice)


@dataclass(frozen=True)
class PoolRoll:
    """Dice thrown for one pool, as rolled, and how they read ("Rolling Dice")."""

    dice: tuple[int, ...]
    pool_size: int
    outcome: Outcome

    @property
    def read_face(self) -> int:
        return read_face(self.dice, self.pool_size)

    @property
    def lowest_read(self) -> bool:
        """True when zero dice made this two dice read lowest."""
        return self.pool_size <= 0


def roll_pool(pool_size: int, rng: random.Random) -> PoolRoll:
    """Roll a pool of ``pool_size`` d6 with ``rng`` and read it ("Rolling Dice").

    Production passes a ``random.SystemRandom``; tests pass a seeded ``random.Random``.
    """
    dice = tuple(rng.randint(1, 6) for _ in range(dice_rolled(pool_size)))
    return PoolRoll(dice=dice, pool_size=pool_size, outcome=read_pool(dice, pool_size))


def odds(pool_size: int) -> Mapping[Outcome, Fraction]:
    """Exact chances of the four outcomes for a pool ("Rolling Dice").

    For n >= 1 dice: bad = (1/2)^n, partial = (5/6)^n - (1/2)^n, full = n (1/6) (5/6)^(n-1)
    (exactly one 6), critical = the rest. For zero or fewer dice, two dice read lowest: full is
    both 6 (1/36), partial is both 4 or more but not both 6 (8/36), bad the rest (27/36).
    """
    n = pool_size
    if n <= 0:
        full = Fraction(1, 36)
        partial = Fraction(9, 36) - full
        return _frozen({Outcome.CRITICAL: Fraction(0), Outcome.FULL: full,
                        Outcome.PARTIAL: partial, Outcome.BAD: 1 - full - partial})
    no_six = Fraction(5, 6) ** n
    bad = Fraction(1, 2) ** n
    one_six = n * Fraction(1, 6) * Fraction(5, 6) ** (n - 1)
    return _frozen({Outcome.CRITICAL: 1 - no_six - one_six, Outcome.FULL: one_six,
                    Outcome.PARTIAL: no_six - bad, Outcome.BAD: bad})


def _frozen(chances: dict[Outcome, Fraction]) -> Mapping[Outcome, Fraction]:
    return MappingProxyType({outcome: chances[outcome] for outcome in Outcome})


@dataclass(frozen=True)
class MomentumDial:
    """How much momentum an action roll generates ("Momentum Dial"); reading 5 is the default."""

    partial: int = DEFAULT_MOMENTUM_GAIN[0]
    full: int = DEFAULT_MOMENTUM_GAIN[1]
    critical: int = DEFAULT_MOMENTUM_GAIN[2]

    def errors(self) -> list[str]:
        refusals = ((self.partial, said("Momentum for a partial success must be between 0 and 6.")),
                    (self.full, said("Momentum for a full success must be between 0 and 6.")),
                    (self.critical, said("Momentum for a critical success must be between 0 and 6.")))
        return [refusal for amount, refusal in refusals if not 0 <= amount <= 6]


DEFAULT_MOMENTUM_DIAL = MomentumDial()


def momentum_gain(outcome: Outcome, momentum_spent: bool | int,
                  dial: MomentumDial = DEFAULT_MOMENTUM_DIAL) -> int:
    """Momentum an action roll generates ("Momentum from an Action").

    +1 on 4-5, +2 on 6, +3 on 66 by default; nothing on 1-3; and nothing at all when momentum was
    spent on the roll ("When momentum is spent for a roll, that roll cannot in turn generate
    momentum"). ``momentum_spent`` is the amount spent, or whether any was.
    """
    if momentum_spent:
        return 0
    return {Outcome.CRITICAL: dial.critical, Outcome.FULL: dial.full,
            Outcome.PARTIAL: dial.partial, Outcome.BAD: 0}[outcome]
