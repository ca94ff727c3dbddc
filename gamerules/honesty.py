"""Dice honesty: the outcomes a group rolled against the exact odds of the pools it rolled.

Each roll is read in its own system's outcomes, a :class:`Scale` worst first: Charge's pool as
the rulebook reads it (:data:`CHARGE`, "Rolling Dice": 1-3 bad, 4-5 partial, 6 full, 66
critical; readings 3 and 4 for zero dice and criticals), another system's in its own words (each
system's rule module defines its scales and the exact odds of its rolls). The expected count of
each outcome is the sum of every roll's chance of it, in exact fractions.

The test. Each outcome is scored on its place in its scale, worst first (Charge: bad 0 < partial
1 < full 2 < critical 3), and the **luck** of a log is the sum of its rolls' scores. Rolls are independent, so the exact
distribution of the luck is the convolution of the rolls' own distributions; the chance of
results at least this unusual is the smaller tail at the observed luck (P(luck <= observed) or
P(luck >= observed)) doubled, and capped at 1: the usual two-sided exact test, which needs no
choice of a distance from the expected luck. Up to :data:`EXACT_UP_TO` rolls it is counted exactly
(whole numbers of throws, each tail divided by the number of throws once, into the nearest float);
above, the luck is a sum of that many small independent scores and the normal approximation with
a continuity correction is used (``Honesty.exact`` is then false, and the page says so).

The verdict: fewer than :data:`FEWEST_ROLLS` rolls are too few to tell; a chance of at least
:data:`UNUSUAL` (5%) is dice "behaving as expected"; below it, luckier or unluckier than
expected, with how rarely results at least this lucky (or unlucky) happen: "about 1 time in 40".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from math import erfc, lcm, sqrt
from types import MappingProxyType

from gamerules.charge import Outcome
from gamerules.words import said, said_as, said_n


@dataclass(frozen=True)
class Scale:
    """The outcomes one kind of roll can have, worst first, as its system reads the dice: a roll
    scores its outcome's place (0 for the worst). Its outcomes are its own (an ``Enum``'s members,
    or values no other scale uses), so that a log of several kinds counts each apart."""

    outcomes: tuple[Hashable, ...]
    words: tuple[str, ...] = field(compare=False)
    """Each outcome, short, as the charts say it."""
    name: str = field(default="", compare=False)
    """Which rolls are read so, when a log has several scales ("Quick action rolls")."""
    faces: tuple[str, ...] = field(default=(), compare=False)
    """What each outcome is on the dice ("1-3"), under its word; none when it would not fit."""
    counted: bool = False
    """Its outcomes are a count (successes) rather than named ones: the charts show only the counts
    that could come up."""

    def __post_init__(self):
        if len(self.words) != len(self.outcomes) or len(set(self.outcomes)) != len(self.outcomes):
            raise ValueError(f"a scale needs one word for each of its different outcomes: {self.outcomes}")

    def said(self, outcome: Hashable) -> str:
        return self.words[self.outcomes.index(outcome)]


RANKED = (Outcome.BAD, Outcome.PARTIAL, Outcome.FULL, Outcome.CRITICAL)
"""Charge's outcomes worst first, as the charts show them ("Rolling Dice")."""

SCORES = MappingProxyType({outcome: place for place, outcome in enumerate(RANKED)})
"""Each of Charge's outcomes' rank, worst first ("Rolling Dice"): the luck a roll adds."""

CHARGE = Scale(RANKED, (said_as("outcome, short", "Bad"), said_as("outcome, short", "Partial"),
                        said_as("outcome, short", "Full"), said_as("outcome, short", "Critical")),
               faces=("1-3", "4-5", "6", "66"))
"""A pool read as Charge's rulebook reads it ("Rolling Dice"): the scale a roll has unless said."""

FEWEST_ROLLS = 10
"""Below this many rolls no verdict is given: a handful of rolls says little, and a single roll's
outcome is "unusual" for a pool of many dice more often than it says anything about the dice."""

UNUSUAL = Fraction(1, 20)
"""The chance below which results are called luckier or unluckier than expected (5%, the usual
threshold: dice that are fair cross it in 1 log in 20, which the page says)."""

EXACT_UP_TO = 200
"""Above this many rolls the luck's distribution is approximated (normal, continuity-corrected)
rather than counted: counting 200 rolls of 0-5 dice takes about 50 ms and 500 about a second
(the numbers grow with the rolls, and so does their count), while the approximation is then
within about 0.002 of the exact chance (measured: 0.2387 exact against 0.2390 at 500 rolls)."""


@dataclass(frozen=True)
class Rolled:
    """One roll: the exact chance of each outcome of the pool it rolled, and the outcome read."""

    chances: tuple[Fraction, ...]
    """The chances of each of its scale's outcomes, worst first (Charge: bad, partial, full and
    critical, :data:`RANKED`), adding up to 1."""
    outcome: Hashable
    scale: Scale = CHARGE

    @classmethod
    def of(cls, chances: Mapping[Hashable, Fraction], outcome: Hashable, scale: Scale = CHARGE) -> Rolled:
        """``chances``: each outcome's; an outcome of the scale not in them cannot come up."""
        ranked = tuple(Fraction(chances.get(rank, 0)) for rank in scale.outcomes)
        if sum(ranked) != 1 or min(ranked) < 0:
            raise ValueError(f"chances must add up to 1, not {ranked}")
        if outcome not in scale.outcomes or ranked[scale.outcomes.index(outcome)] == 0:
            raise ValueError(f"{outcome} cannot be rolled with these chances")
        return cls(ranked, outcome, scale)

    @property
    def score(self) -> int:
        """The luck it adds: its outcome's place in its scale, worst first."""
        return self.scale.outcomes.index(self.outcome)


class Verdict(Enum):
    TOO_FEW = "too_few"
    AS_EXPECTED = "as_expected"
    LUCKIER = "luckier"
    UNLUCKIER = "unluckier"


@dataclass(frozen=True)
class Honesty:
    """What a log of rolls shows against the exact odds of its pools."""

    rolls: int
    observed: Mapping[Hashable, int]
    expected: Mapping[Hashable, Fraction]
    """The sum of each roll's chance of each outcome."""
    luck: int
    """The observed luck: the sum of the outcomes' scores (their places in their scales)."""
    expected_luck: Fraction
    at_most: float
    """P(luck <= observed), for fair dice."""
    at_least: float
    """P(luck >= observed), for fair dice."""
    exact: bool
    """Counted exactly (else the normal approximation, above :data:`EXACT_UP_TO` rolls)."""
    distribution: tuple[float, ...] = ()
    """P(luck = t) for t = 0, 1, ... when counted exactly, for a picture of the test."""
    scales: tuple[Scale, ...] = (CHARGE,)
    """The scales whose outcomes ``observed`` and ``expected`` count, in their order."""

    def rolled_on(self, scale: Scale) -> int:
        """How many of the rolls were read on ``scale``."""
        return sum(self.observed[outcome] for outcome in scale.outcomes)

    @property
    def unusual(self) -> float:
        """The chance of results at least this unusual: the smaller tail doubled, at most 1."""
        return min(1.0, 2 * min(self.at_most, self.at_least))

    @property
    def verdict(self) -> Verdict:
        if self.rolls < FEWEST_ROLLS:
            return Verdict.TOO_FEW
        if self.unusual >= UNUSUAL:
            return Verdict.AS_EXPECTED
        return Verdict.LUCKIER if self.luck > self.expected_luck else Verdict.UNLUCKIER

    @property
    def one_in(self) -> int:
        """How rarely results at least this lucky (luckier dice) or this unlucky (unluckier)
        happen with fair dice: about 1 time in this many."""
        tail = self.at_least if self.luck > self.expected_luck else self.at_most
        return max(1, round(1 / tail)) if tail > 0 else 0

    @property
    def said(self) -> str:
        """The verdict in plain words."""
        verdict = self.verdict
        if verdict is Verdict.TOO_FEW:
            return said_n("Too few rolls to tell: %(n)s roll counted, %(fewest)s needed.",
                          "Too few rolls to tell: %(n)s rolls counted, %(fewest)s needed.",
                          self.rolls, fewest=FEWEST_ROLLS)
        if verdict is Verdict.AS_EXPECTED:
            return said("These dice are behaving as expected.")
        if self.one_in == 0:
            return said("Luckier than expected: fair dice practically never do this.") if verdict is Verdict.LUCKIER \
                else said("Unluckier than expected: fair dice practically never do this.")
        if verdict is Verdict.LUCKIER:
            return said("Luckier than expected: results at least this lucky happen about 1 time in %(n)s.",
                        n=self.one_in)
        return said("Unluckier than expected: results at least this unlucky happen about 1 time in %(n)s.",
                    n=self.one_in)


def honesty(rolls: Iterable[Rolled] | Mapping[Rolled, int], exact_up_to: int = EXACT_UP_TO,
            scales: Sequence[Scale] = (CHARGE,)) -> Honesty:
    """Observed against expected outcomes, and the exact test of the luck (see the module).
    ``rolls``: each roll, or each different roll with how many times it was rolled (a campaign
    rolls few different pools: a long log is counted so, not hashed roll by roll). ``scales``: the
    outcomes counted even when none was rolled (a campaign's system's); a roll's own scale joins
    them after."""
    tally = rolls if isinstance(rolls, Mapping) else Counter(rolls)
    observed, expected, groups, luck = Counter(), Counter(), Counter(), 0
    shown = list(dict.fromkeys(scales))
    for roll, times in tally.items():
        observed[roll.outcome] += times
        groups[roll.chances] += times
        luck += roll.score * times
        for outcome, chance in zip(roll.scale.outcomes, roll.chances, strict=True):
            expected[outcome] += times * chance
        if roll.scale not in shown:
            shown.append(roll.scale)
    rolled = sum(tally.values())
    ranked = [outcome for scale in shown for outcome in scale.outcomes]
    expected = {outcome: Fraction(expected[outcome]) for outcome in ranked}
    expected_luck = sum((expected[outcome] * place for scale in shown for place, outcome in enumerate(scale.outcomes)),
                        Fraction(0))
    observed, expected = _frozen(observed, ranked), _frozen(expected, ranked)
    if rolled <= exact_up_to:
        counts, throws = luck_counts(groups)
        at_most, at_least = sum(counts[:luck + 1]) / throws, sum(counts[luck:]) / throws
        return Honesty(rolled, observed, expected, luck, expected_luck, at_most, at_least, True,
                       tuple(count / throws for count in counts), tuple(shown))
    at_most, at_least = _normal_tails(groups, luck)
    return Honesty(rolled, observed, expected, luck, expected_luck, at_most, at_least, False, scales=tuple(shown))


def luck_counts(groups: Mapping[tuple[Fraction, ...], int]) -> tuple[list[int], int]:
    """For every luck t, the number of throws of all the rolls' dice that give it, and the number
    of throws: P(luck = t) exactly, for rolls grouped by their chances (``{chances: rolls}``).

    Counted in whole numbers: each pool's chances over their common denominator are the
    coefficients of a polynomial in x (x^score), the rolls' polynomials multiplied together give
    the number of throws for each luck. Each polynomial is packed into one integer, a coefficient
    every ``bits`` bits (more than the largest count can take), so that multiplying polynomials is
    multiplying integers and a group of identical rolls is one power."""
    if not groups:
        return [1], 1
    denominators = {chances: lcm(*(chance.denominator for chance in chances)) for chances in groups}
    throws = 1
    for chances, count in groups.items():
        throws *= denominators[chances] ** count
    width = (throws.bit_length() + 8) // 8  # bytes a coefficient: every count is at most ``throws``
    bits = width * 8
    packed = 1
    for chances, count in groups.items():
        polynomial = sum(int(chance * denominators[chances]) << (bits * score) for score, chance in enumerate(chances))
        packed *= polynomial ** count
    terms = sum((len(chances) - 1) * count for chances, count in groups.items()) + 1
    data = packed.to_bytes(terms * width, "little")
    return [int.from_bytes(data[t * width:(t + 1) * width], "little") for t in range(terms)], throws


def _normal_tails(groups: Mapping[tuple[Fraction, ...], int], luck: int) -> tuple[float, float]:
    """P(luck <= observed) and P(luck >= observed) by the normal approximation, continuity-corrected:
    the luck's mean and variance are the sums of each roll's."""
    mean = variance = 0.0
    for chances, count in groups.items():
        first = sum(score * chance for score, chance in enumerate(chances))
        second = sum(score * score * chance for score, chance in enumerate(chances))
        mean += count * float(first)
        variance += count * float(second - first * first)
    if variance == 0:
        return (1.0 if luck >= mean else 0.0), (1.0 if luck <= mean else 0.0)
    spread = sqrt(2 * variance)
    return erfc((mean - luck - 0.5) / spread) / 2, erfc((luck - 0.5 - mean) / spread) / 2


def _frozen(counts: Mapping[Hashable, int | Fraction], ranked: Sequence[Hashable]) -> Mapping[Hashable, int | Fraction]:
    return MappingProxyType({rank: counts.get(rank, 0) for rank in ranked})
