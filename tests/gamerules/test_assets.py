"""The loot roll ("Asset Extra": "Loot Roll"), against brute-force enumeration."""

from fractions import Fraction
from itertools import product

import pytest

from gamerules.assets import LOOT_POOL, assets_found, loot_odds
from gamerules.charge import Outcome


def test_the_loot_roll_is_1d6_and_finds_one_asset_on_a_6():
    assert LOOT_POOL == 1
    assert loot_odds() == {0: Fraction(5, 6), 1: Fraction(1, 6), 2: Fraction(0)}
    assert [assets_found(o) for o in (Outcome.BAD, Outcome.PARTIAL, Outcome.FULL, Outcome.CRITICAL)] == [0, 0, 1, 2]


@pytest.mark.parametrize("pool", [1, 2, 3])
def test_loot_odds_match_every_face_counted(pool):
    counts = {0: 0, 1: 0, 2: 0}
    for faces in product(range(1, 7), repeat=pool):
        sixes = faces.count(6)
        counts[2 if sixes >= 2 else 1 if sixes == 1 else 0] += 1
    total = 6 ** pool
    assert loot_odds(pool) == {found: Fraction(count, total) for found, count in counts.items()}


def test_two_dice_find_two_assets_on_two_sixes():
    assert loot_odds(2) == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}
