"""Dice honesty: the outcomes a group rolled against the exact odds of the pools it rolled.

Each roll is read as the rulebook reads a pool ("Rolling Dice": 1-3 bad, 4-5 partial, 6 full, 66
critical; readings 3 and 4 for zero dice and criticals), and its exact odds are the pool's
(:func:`gamerules.charge.odds`, or :func:`gamerules.threat.threat_odds` for a roll against a
threat, "Threat Level Extra"). The expected count of each outcome is the sum of every roll's
chance of it, in exact fractions.

The test. Each outcome is scored on its rank, bad 0 < partial 1 < full 2 < critical 3, and the
**luck** of a log is the sum of its rolls' scores. Rolls are independent, so the exact
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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import erfc, lcm, sqrt
from types import MappingProxyType

from gamerules.charge import Outcome
from gamerules.words import said, said_n

SCORES = MappingProxyType({Outcome.BAD: 0, Outcome.PARTIAL: 1, Outcome.FULL: 2, Outcome.CRITICAL: 3})
"""Each outcome's rank, worst first ("Rolling Dice"): the luck a roll adds."""

RANKED = (Outcome.BAD, Outcome.PARTIAL, Outcome.FULL, Outcome.CRITICAL)
"""The outcomes worst first, as the charts show them."""

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

    chances: tuple[Fraction, Fraction, Fraction, Fraction]
    """The chances of bad, partial, full and critical (:data:`RANKED`), adding up to 1."""
    outcome: Outcome

    @classmethod
    def of(cls, chances: Mapping[Outcome, Fraction], outcome: Outcome) -> Rolled:
        ranked = tuple(Fraction(chances[rank]) for rank in RANKED)
        if sum(ranked) != 1 or min(ranked) < 0:
            raise ValueError(f"chances must add up to 1, not {ranked}")
        if chances[outcome] == 0:
            raise ValueError(f"{outcome} cannot be rolled with these chances")
        return cls(ranked, outcome)


class Verdict(Enum):
    TOO_FEW = "too_few"
    AS_EXPECTED = "as_expected"
    LUCKIER = "luckier"
    UNLUCKIER = "unluckier"


@dataclass(frozen=True)
class Honesty:
    """What a log of rolls shows against the exact odds of its pools."""

    rolls: int
    observed: Mapping[Outcome, int]
    expected: Mapping[Outcome, Fraction]
    """The sum of each roll's chance of each outcome."""
    luck: int
    """The observed luck: the sum of the outcomes' scores (:data:`SCORES`)."""
    expected_luck: Fraction
    at_most: float
    """P(luck <= observed), for fair dice."""
    at_least: float
    """P(luck >= observed), for fair dice."""
    exact: bool
    """Counted exactly (else the normal approximation, above :data:`EXACT_UP_TO` rolls)."""
    distribution: tuple[float, ...] = ()
    """P(luck = t) for t = 0, 1, ... when counted exactly, for a picture of the test."""

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


def honesty(rolls: Iterable[Rolled] | Mapping[Rolled, int], exact_up_to: int = EXACT_UP_TO) -> Honesty:
    """Observed against expected outcomes, and the exact test of the luck (see the module).
    ``rolls``: each roll, or each different roll with how many times it was rolled (a campaign
    rolls few different pools: a long log is counted so, not hashed roll by roll)."""
    tally = rolls if isinstance(rolls, Mapping) else Counter(rolls)
    observed, groups, luck = Counter(), Counter(), 0
    for roll, times in tally.items():
        observed[roll.outcome] += times
        groups[roll.chances] += times
        luck += SCORES[roll.outcome] * times
    rolled = sum(tally.values())
    expected = {rank: sum((count * chances[place] for chances, count in groups.items()), Fraction(0))
                for place, rank in enumerate(RANKED)}
    expected_luck = sum(expected[rank] * SCORES[rank] for rank in RANKED)
    if rolled <= exact_up_to:
        counts, throws = luck_counts(groups)
        at_most, at_least = sum(counts[:luck + 1]) / throws, sum(counts[luck:]) / throws
        return Honesty(rolled, _frozen(observed), _frozen(expected), luck, expected_luck,
                       at_most, at_least, True, tuple(count / throws for count in counts))
    at_most, at_least = _normal_tails(groups, luck)
    return Honesty(rolled, _frozen(observed), _frozen(expected), luck, expected_luck, at_most, at_least, False)


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
    terms = 3 * sum(groups.values()) + 1
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


def _frozen(counts: Mapping[Outcome, int | Fraction]) -> Mapping[Outcome, int | Fraction]:
    return MappingProxyType({rank: counts.get(rank, 0) for rank in RANKED})
