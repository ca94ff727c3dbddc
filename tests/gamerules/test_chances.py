"""Whole percentages that add up to 100, the same way for every dice system (largest remainder)."""

from fractions import Fraction
from itertools import product

from gamerules.chances import percentages, shares


def test_three_equal_thirds_give_the_spare_point_to_the_first():
    third = Fraction(1, 3)
    assert percentages({"whole": third, "mixed": third, "loss": third}) == {"whole": 34, "mixed": 33, "loss": 33}


def test_the_largest_remainders_take_the_missing_points():
    # 7/8 = 87.5, 15/128 = 11.71875, 1/128 = 0.78125: floors 87 + 11 + 0 = 98, two points short,
    # which go to .78125 and .71875 before .5.
    chances = {"whole": Fraction(7, 8), "mixed": Fraction(15, 128), "loss": Fraction(1, 128)}
    assert percentages(chances) == {"whole": 87, "mixed": 12, "loss": 1}
    assert shares(chances) == [("whole", Fraction(7, 8), 87), ("mixed", Fraction(15, 128), 12),
                               ("loss", Fraction(1, 128), 1)]


def test_every_split_of_a_small_denominator_adds_up_to_100():
    for a, b in product(range(0, 97), repeat=2):
        if a + b <= 96:
            shown = percentages({1: Fraction(a, 96), 2: Fraction(b, 96), 3: Fraction(96 - a - b, 96)})
            assert sum(shown.values()) == 100
            assert all(abs(shown[k] - Fraction(n, 96) * 100) < 1 for k, n in ((1, a), (2, b), (3, 96 - a - b)))
