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
    resolve_odds,
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


def _brute_force_resolution(pool: int) -> dict[Resolution, Fraction]:
    """Every face of every die counted: 0 dice roll two and keep the lowest (no critical)."""
    dice = max(pool, 2)
    counts = dict.fromkeys(Resolution, 0)
    for faces in product(range(1, 7), repeat=dice):
        if pool == 0:
            low = min(faces)
            result = Resolution.SUCCESS if low == 6 else Resolution.PARTIAL if low >= 4 else Resolution.LOST
        else:
            faces = faces[:pool]
            sixes, high = faces.count(6), max(faces)
            result = (Resolution.CRITICAL if sixes >= 2 else Resolution.SUCCESS if high == 6
                      else Resolution.PARTIAL if high >= 4 else Resolution.LOST)
        counts[result] += 1
    total = 6 ** dice
    return {result: Fraction(n, total) for result, n in counts.items()}


@pytest.mark.parametrize("pool", [0, 1, 2, 3])
def test_resolve_odds_match_every_face_counted(pool):
    """The four pools the table gives: "Like having 0 dot", 1, 2 and 3 (a full clock)."""
    assert resolve_odds(pool) == _brute_force_resolution(pool)


def test_resolve_odds_with_a_full_clock_in_the_texts_numbers():
    """3 dice: lost (1/2)^3 = 27/216; a 66 needs two sixes: 16/216."""
    assert resolve_odds(3) == {Resolution.LOST: Fraction(27, 216), Resolution.PARTIAL: Fraction(98, 216),
                               Resolution.SUCCESS: Fraction(75, 216), Resolution.CRITICAL: Fraction(16, 216)}
