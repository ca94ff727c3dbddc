"""Exact chances shown as whole percentages, the same way for every dice system: each system's
odds are a partition of what may happen, so the shares shown add up to 100."""

from collections.abc import Mapping
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K")


def percentages(chances: Mapping[K, Fraction]) -> dict[K, int]:
    """Whole percentages that add up to exactly 100 (largest remainder): each share rounded down,
    then the points still missing go to the largest remainders, the first given winning a tie.
    ``chances`` add up to 1."""
    exact = {outcome: chance * 100 for outcome, chance in chances.items()}
    whole = {outcome: int(value) for outcome, value in exact.items()}
    short = 100 - sum(whole.values())
    by_remainder = sorted(exact, key=lambda outcome: exact[outcome] - whole[outcome], reverse=True)
    for outcome in by_remainder[:short]:
        whole[outcome] += 1
    return whole


def shares(chances: Mapping[K, Fraction]) -> list[tuple[K, Fraction, int]]:
    """(outcome, exact chance, whole percent) in the order given, the percents adding up to 100:
    what an odds bar and its legend show."""
    shown = percentages(chances)
    return [(outcome, chance, shown[outcome]) for outcome, chance in chances.items()]
