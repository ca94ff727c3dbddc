"""The Goals Extra with its tables' numbers ("Goals Extra"), odds against brute force."""

from fractions import Fraction
from itertools import product

import pytest

from gamerules.charge import Outcome
from gamerules.goals import (
    ADVANCE_POOL,
    GOAL_CLOCK_SEGMENTS,
    GOAL_CLOCK_SEGMENTS_HARDER,
    Difficulty,
    Resolution,
    advance_odds,
    advance_ticks,
    resolution,
    resolve_pool,
    resolved_dots,
)


def test_the_tables_of_advancing_and_finishing():
    assert (GOAL_CLOCK_SEGMENTS, GOAL_CLOCK_SEGMENTS_HARDER, ADVANCE_POOL) == (8, 12, 2)
    assert [d.ticks for d in Difficulty] == [3, 2, 1]
    assert [d.talent_dots for d in Difficulty] == [1, 2, 3]


@pytest.mark.parametrize(("difficulty", "ticks"), [
    (Difficulty.EASY, (0, 2, 3, 4)), (Difficulty.MEDIUM, (0, 1, 2, 3)), (Difficulty.HARD, (0, 0, 1, 2))])
def test_rolling_to_advance(difficulty, ticks):
    """1-3 none, 4-5 one fewer, 6 normal, 66 one more ("so 4 segments for easy")."""
    outcomes = (Outcome.BAD, Outcome.PARTIAL, Outcome.FULL, Outcome.CRITICAL)
    assert tuple(advance_ticks(difficulty, outcome) for outcome in outcomes) == ticks


def test_advance_odds_with_two_dice_match_every_face_counted():
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=2):
        high, sixes = max(faces), faces.count(6)
        ticks = 4 if sixes == 2 else 3 if high == 6 else 2 if high >= 4 else 0
        counts[ticks] = counts.get(ticks, 0) + 1
    assert advance_odds(Difficulty.EASY) == {t: Fraction(n, 36) for t, n in sorted(counts.items())}
    assert advance_odds(Difficulty.EASY) == {0: Fraction(9, 36), 2: Fraction(16, 36), 3: Fraction(10, 36),
                                             4: Fraction(1, 36)}


@pytest.mark.parametrize(("filled", "pool"), [(0, None), (2, None), (3, 0), (4, 0), (5, 1), (6, 1), (7, 2), (8, 3)])
def test_rolling_to_resolve_an_8_segment_goal(filled, pool):
    assert resolve_pool(filled, 8) == pool


@pytest.mark.parametrize(("filled", "pool"), [(3, None), (4, 0), (6, 0), (7, 1), (9, 1), (10, 2), (11, 2), (12, 3)])
def test_a_12_segment_goal_reads_the_same_fractions(filled, pool):
    assert resolve_pool(filled, 12) == pool


def test_what_resolving_gives():
    assert [resolution(o) for o in (Outcome.BAD, Outcome.PARTIAL, Outcome.FULL, Outcome.CRITICAL)] == list(Resolution)
    assert [resolved_dots(Difficulty.MEDIUM, r) for r in Resolution] == [0, 1, 2, 3]
    assert resolved_dots(Difficulty.MEDIUM, Resolution.PARTIAL, consequence_instead=True) == 2
