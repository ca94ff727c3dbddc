"""The "advantage & threat" system's numbers (``system-advantage-and-threat.md``, reading 2 of the
shared README): every face combination of small pools read by the test's own reading of the text,
the exact odds against brute-force enumeration and, for 10 against 10, against an independent
count; the pool caps, the zero-PLUS rule, Improve Result, clocks and Action Points."""

from collections import Counter
from fractions import Fraction as F
from functools import cache
from itertools import product
from math import comb, factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamerules import readings
from gamerules.advantage import (
    AP_MAX,
    FLAW_AP,
    FLAW_MINUS,
    MOST_DICE,
    SIMPLE_ASSISTANCE_PLUS,
    TRAUMA_MINUS,
    WOUND_MINUS,
    CrewClock,
    Outcome,
    advanced,
    check_odds,
    clock_marks,
    expected_boons_and_banes,
    outcome_of,
    pool_size,
    read_check,
    recovered,
)

MAJOR, MINOR, HOLLOW = Outcome.MAJOR, Outcome.MINOR, Outcome.HOLLOW
FACES = (1, 2, 3, 4, 5, 6)
SMALL_POOLS = [(p, m) for p in range(6) for m in range(6) if p + m <= 5]


# --- The test's own reading of the text --------------------------------------------------------

def text_outcome(plus_left, minus_left):
    """"Major Success: 1 or More PLUS Remaining. Minor Success: A single MINUS, or no PLUS/MINUS
    Remaining. Hollow Success: 2 or More MINUS Remaining"."""
    if plus_left >= 1:
        return MAJOR
    if minus_left >= 2:
        return HOLLOW
    return MINOR


def text_counts(plus_plain, plus_sixes, minus_plain, minus_sixes):
    """The reading from what survives step 1, counted by kind: plain 4-5 dice and 6s of each colour.
    "Pair each remaining PLUS with one of the remaining MINUS, and discard them ... Any PLUS
    cancels out any MINUS"; reading 2: "cancel plain 4-5 dice before 6s, so that 6s survive as long
    as possible"; "Any remaining 6 ... become Boons and Banes"."""
    pairs = min(plus_plain + plus_sixes, minus_plain + minus_sixes)
    plus_sixes_paired = max(pairs - plus_plain, 0)  # a PLUS 6 is paired only once its 4-5s are gone
    minus_sixes_paired = max(pairs - minus_plain, 0)
    plus_left = plus_plain + plus_sixes - pairs
    minus_left = minus_plain + minus_sixes - pairs
    return (text_outcome(plus_left, minus_left), plus_left, minus_left,
            plus_sixes - plus_sixes_paired, minus_sixes - minus_sixes_paired)


def text_reading(plus, minus):
    """"Discard any PLUS and MINUS showing 11, 22, or 33"; reading 2: "discard every die, of either
    colour, that shows 1, 2 or 3". Returns (outcome, PLUS left, MINUS left, Boons, Banes)."""
    def kinds(dice):
        plain = sixes = 0
        for face in dice:
            if face == 6:
                sixes += 1
            elif face in (4, 5):
                plain += 1
            else:
                assert face in (1, 2, 3)
        return plain, sixes
    return text_counts(*kinds(plus), *kinds(minus))


@cache
def enumerated(plus, minus):
    """Every face of every die, both colours, read by ``text_reading``: counts of each (outcome,
    Boons, Banes), and the number of rolls."""
    counts = Counter()
    for faces in product(FACES, repeat=plus + minus):
        outcome, _, _, boons, banes = text_reading(faces[:plus], faces[plus:])
        counts[outcome, boons, banes] += 1
    return counts, 6 ** (plus + minus)


def multinomial_counts(plus, minus):
    """An independent count, without listing faces: each die falls in one of three classes,
    discarded (1-3: 3 faces), plain (4-5: 2 faces) or a six (1 face). A pool of n dice with d, a
    and s dice in those classes arises in n! / (d! a! s!) * 3^d * 2^a * 1^s ways."""
    def classes(n):
        for sixes in range(n + 1):
            for plain in range(n - sixes + 1):
                discarded = n - sixes - plain
                ways = (factorial(n) // (factorial(discarded) * factorial(plain) * factorial(sixes))
                        * 3 ** discarded * 2 ** plain)
                yield plain, sixes, ways
    counts = Counter()
    for plus_plain, plus_sixes, plus_ways in classes(plus):
        for minus_plain, minus_sixes, minus_ways in classes(minus):
            outcome, _, _, boons, banes = text_counts(plus_plain, plus_sixes, minus_plain, minus_sixes)
            counts[outcome, boons, banes] += plus_ways * minus_ways
    return counts, 6 ** (plus + minus)


def odds_from(counts, total):
    odds = {outcome: F(0) for outcome in Outcome}
    for (outcome, _, _), ways in counts.items():
        odds[outcome] += F(ways, total)
    return odds


def expectations_from(counts, total):
    return (sum(F(boons * ways, total) for (_, boons, _), ways in counts.items()),
            sum(F(banes * ways, total) for (_, _, banes), ways in counts.items()))


# --- Reading 2 and the numbers the text gives -----------------------------------------------------

def test_reading_2_discards_1_2_and_3_and_caps_each_pool_at_10():
    """Reading 2: "discard every die, of either colour, that shows 1, 2 or 3 ... Each pool is capped
    at 10 dice"; "Add Advantage Dice PLUS (Max 10)", "Add Threat Dice MINUS (Max 10)"."""
    assert set(readings.ADVANTAGE_DISCARDED_FACES) == {1, 2, 3}
    assert readings.ADVANTAGE_MOST_DICE == 10
    assert MOST_DICE == 10


def test_the_numbers_of_the_text():
    """"You begin play with a Maximum of 3AP"; "Trauma: Add 2 MINUS for each Trauma you have";
    "Flaw: Add 1 MINUS ... Regain 1 Action Point"; "Wounds: You might add 1 or 2 MINUS";
    "Multiple people providing simple assistance does not add more than +1 PLUS"."""
    assert AP_MAX == 3
    assert TRAUMA_MINUS == 2
    assert (FLAW_MINUS, FLAW_AP) == (1, 1)
    assert list(WOUND_MINUS) == [1, 2]
    assert SIMPLE_ASSISTANCE_PLUS == 1


# --- "Gather your Dice Pool" ----------------------------------------------------------------------

@pytest.mark.parametrize(("gathered", "rolled"), [
    ((3, 2), (3, 2)),
    ((10, 10), (10, 10)),
    ((12, 3), (10, 3)),  # "Max 10"
    ((3, 14), (3, 10)),
    ((25, 25), (10, 10)),
    ((1, 0), (1, 0)),
    ((0, 0), (1, 1)),  # "If for any reason you have 0 PLUS. Roll 1 PLUS but add an additional 1 MINUS"
    ((0, 4), (1, 5)),
    ((0, 9), (1, 10)),
    ((0, 10), (1, 10)),
    ((0, 15), (1, 10)),
    ((-2, 3), (1, 4)),  # fewer than none is none
    ((4, -1), (4, 0)),
    ((-1, -1), (1, 1)),
])
def test_pool_size(gathered, rolled):
    assert pool_size(*gathered) == rolled


def test_pool_size_for_every_small_gathering():
    for plus, minus in product(range(-3, 16), repeat=2):
        have_plus, have_minus = max(plus, 0), max(minus, 0)
        if have_plus == 0:
            expected = (1, min(have_minus + 1, 10))
        else:
            expected = (min(have_plus, 10), min(have_minus, 10))
        assert pool_size(plus, minus) == expected, (plus, minus)


# --- "Roll the Dice" and "The Result", face by face ---------------------------------------------

@pytest.mark.parametrize(("plus", "minus", "outcome", "boons", "banes"), [
    # 1 is discarded; the 4 and the 5 pair off; the PLUS 6 is left: Major with a Boon.
    ((1, 4, 6), (2, 5), MAJOR, 1, 0),
    # Two PLUS pair with two MINUS: the MINUS 4 and 5 go first, so the MINUS 6 is left: a single
    # MINUS is Minor, and its 6 is a Bane.
    ((6, 6), (4, 5, 6), MINOR, 0, 1),
    # The PLUS 3 is discarded; two MINUS 6s are left: Hollow with two Banes.
    ((3,), (6, 6), HOLLOW, 0, 2),
    # "Any PLUS cancels out any MINUS": a PLUS 6 and a MINUS 4 cancel; nothing is left.
    ((6,), (4,), MINOR, 0, 0),
    ((5,), (5,), MINOR, 0, 0),
    # Everything discarded: "no PLUS/MINUS Remaining" is Minor.
    ((1, 2, 3), (1, 2, 3), MINOR, 0, 0),
    # The PLUS 4 is paired before the PLUS 6, which survives; the MINUS 6 is paired.
    ((4, 6), (6,), MAJOR, 1, 0),
    # A zero-PLUS pool (1 PLUS, and 1 MINUS more): the PLUS shows 2, two MINUS are left.
    ((2,), (4, 4), HOLLOW, 0, 0),
    ((5,), (4, 4), MINOR, 0, 0),
    # Three PLUS against one MINUS: the 6 survives the pairing, two PLUS are left.
    ((6, 4, 5), (6,), MAJOR, 1, 0),
    ((6, 6, 6), (1, 1, 1), MAJOR, 3, 0),
    ((1,), (6, 6, 6, 5), HOLLOW, 0, 3),
    ((4, 4), (6, 6, 6, 5), HOLLOW, 0, 2),  # the MINUS 5 and one 6 are paired; two 6s are left
])
def test_worked_examples(plus, minus, outcome, boons, banes):
    read = read_check(plus, minus)
    assert (read.outcome, read.boons, read.banes) == (outcome, boons, banes)
    by_text = text_reading(plus, minus)
    assert (by_text[0], by_text[3], by_text[4]) == (outcome, boons, banes)


def assert_reads_as_the_text_says(plus, minus):
    read = read_check(plus, minus)
    outcome, plus_left, minus_left, boons, banes = text_reading(plus, minus)
    assert (read.outcome, read.boons, read.banes) == (outcome, boons, banes), (plus, minus)
    assert (len(read.plus_left), len(read.minus_left)) == (plus_left, minus_left), (plus, minus)
    # The dice left are dice that were rolled, none of them a 1-3, and their 6s are the Boons and Banes.
    for left, rolled in ((read.plus_left, plus), (read.minus_left, minus)):
        rolled = list(rolled)
        for face in left:
            assert face >= 4, (plus, minus)
            rolled.remove(face)  # a ValueError if the die was never rolled
    assert (read.plus_left.count(6), read.minus_left.count(6)) == (boons, banes)
    assert (tuple(read.plus), tuple(read.minus)) == (tuple(plus), tuple(minus))
    assert outcome_of(plus_left, minus_left) is outcome


@pytest.mark.parametrize(("plus", "minus"), SMALL_POOLS)
def test_every_face_combination_reads_as_the_text_says(plus, minus):
    for faces in product(FACES, repeat=plus + minus):
        assert_reads_as_the_text_says(faces[:plus], faces[plus:])


@settings(max_examples=100, deadline=None, derandomize=True)
@given(plus=st.lists(st.sampled_from(FACES), max_size=10), minus=st.lists(st.sampled_from(FACES), max_size=10))
def test_large_pools_read_as_the_text_says(plus, minus):
    assert_reads_as_the_text_says(tuple(plus), tuple(minus))
    # The order in which the dice fall does not matter.
    read, backwards = read_check(plus, minus), read_check(plus[::-1], minus[::-1])
    assert (read.outcome, read.boons, read.banes) == (backwards.outcome, backwards.boons, backwards.banes)


@pytest.mark.parametrize(("plus_left", "minus_left", "outcome"), [
    (1, 0, MAJOR), (5, 0, MAJOR), (0, 0, MINOR), (0, 1, MINOR), (0, 2, HOLLOW), (0, 7, HOLLOW),
])
def test_outcome_of_what_is_left(plus_left, minus_left, outcome):
    assert outcome_of(plus_left, minus_left) is outcome


# --- Exact odds -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("plus", "minus"), SMALL_POOLS)
def test_check_odds_match_enumeration(plus, minus):
    counts, total = enumerated(plus, minus)
    odds = check_odds(plus, minus)
    assert set(odds) == {MAJOR, MINOR, HOLLOW}
    assert all(isinstance(chance, F) for chance in odds.values())
    assert sum(odds.values()) == 1
    assert odds == odds_from(counts, total)
    # The test's independent count agrees with its own enumeration too.
    assert multinomial_counts(plus, minus) == (counts, total)


@pytest.mark.parametrize(("plus", "minus"), SMALL_POOLS)
def test_expected_boons_and_banes_match_enumeration(plus, minus):
    assert expected_boons_and_banes(plus, minus) == expectations_from(*enumerated(plus, minus))


def test_odds_by_hand():
    # One PLUS alone: it is kept (4-6) half the time.
    assert check_odds(1, 0) == {MAJOR: F(1, 2), MINOR: F(1, 2), HOLLOW: 0}
    # One against one: Major only when the PLUS is kept and the MINUS is not, 1/4.
    assert check_odds(1, 1) == {MAJOR: F(1, 4), MINOR: F(3, 4), HOLLOW: 0}
    # The zero-PLUS pool with 1 MINUS gathered (1 PLUS, 2 MINUS): Hollow when the PLUS is a 1-3 and
    # both MINUS are kept, 1/2 * 1/4; Major when the PLUS is kept and neither MINUS, 1/2 * 1/4.
    assert check_odds(*pool_size(0, 1)) == {MAJOR: F(1, 8), MINOR: F(3, 4), HOLLOW: F(1, 8)}
    # One PLUS: a Boon on a 6, 1/6. (1, 2): Boons need the PLUS kept, neither MINUS kept, and the
    # PLUS a 6: 1/2 * 1/4 * 1/3 = 1/24. Banes: with the PLUS discarded (1/2), 2 * 1/6 expected; with
    # it kept (1/2) and both MINUS kept (1/4), one is left, a 6 unless both are plain (1 - 4/9).
    assert expected_boons_and_banes(1, 0) == (F(1, 6), 0)
    assert expected_boons_and_banes(1, 2) == (F(1, 24), F(1, 2) * F(1, 3) + F(1, 2) * F(1, 4) * F(5, 9))
    assert F(1, 2) * F(1, 3) + F(1, 2) * F(1, 4) * F(5, 9) == F(17, 72)


def test_ten_against_ten_by_an_independent_count():
    """6^20 faces are too many to list. Each die is kept with chance 1/2, so the PLUS kept K+ and
    the MINUS kept K- are binomial(10, 1/2), and X = K+ + (10 - K-) is binomial(20, 1/2). Major is
    K+ > K-, X >= 11: (2^20 - C(20, 10)) / 2 = 431910 of 2^20. Minor is K- = K+ or K+ + 1, X = 10
    or 9: C(20, 10) + C(20, 9) = 184756 + 167960 = 352716. Hollow is the rest, 263950."""
    total = 2 ** 20
    assert (total - comb(20, 10)) // 2 == 431910 and comb(20, 10) + comb(20, 9) == 352716
    by_hand = {MAJOR: F(431910, total), MINOR: F(352716, total), HOLLOW: F(263950, total)}
    assert sum(by_hand.values()) == 1
    odds = check_odds(10, 10)
    assert set(odds) == {MAJOR, MINOR, HOLLOW} and sum(odds.values()) == 1
    assert odds == by_hand
    # The three-class count (discarded, plain, six) gives the same, and the Boons and Banes.
    counts, faces = multinomial_counts(10, 10)
    assert sum(counts.values()) == faces == 6 ** 20
    assert odds_from(counts, faces) == by_hand
    boons, banes = expected_boons_and_banes(10, 10)
    assert (boons, banes) == expectations_from(counts, faces)
    assert boons == banes  # the pools are alike


@pytest.mark.parametrize(("plus", "minus"), [(10, 0), (0, 10), (10, 1), (1, 10), (7, 4), (3, 9), (10, 9)])
def test_large_pools_by_the_independent_counts(plus, minus):
    """For any pool, K+ + (minus - K-) is binomial(plus + minus, 1/2): Major when it is above
    ``minus``, Minor when it is ``minus`` or ``minus - 1``, Hollow when lower."""
    n = plus + minus
    def chance(xs):
        return F(sum(comb(n, x) for x in xs if 0 <= x <= n), 2 ** n)
    by_binomial = {MAJOR: chance(range(minus + 1, n + 1)), MINOR: chance((minus, minus - 1)),
                   HOLLOW: chance(range(minus - 1))}
    counts, faces = multinomial_counts(plus, minus)
    assert check_odds(plus, minus) == by_binomial == odds_from(counts, faces)
    assert expected_boons_and_banes(plus, minus) == expectations_from(counts, faces)


def test_more_plus_and_less_minus_never_hurt():
    for plus, minus in product(range(1, 11, 3), range(0, 11, 3)):
        odds = check_odds(plus, minus)
        if plus < 10:
            more = check_odds(plus + 1, minus)
            assert more[MAJOR] >= odds[MAJOR] and more[HOLLOW] <= odds[HOLLOW]
        if minus < 10:
            worse = check_odds(plus, minus + 1)
            assert worse[MAJOR] <= odds[MAJOR] and worse[HOLLOW] >= odds[HOLLOW]


# --- Action Points: "Improve Result" and "Recovering Action Points" -----------------------------

def test_outcomes_best_first_and_their_labels():
    assert list(Outcome) == [MAJOR, MINOR, HOLLOW]
    assert [o.label for o in Outcome] == ["Major success", "Minor success", "Hollow success"]


def test_improve_result_one_level():
    """"Spend 1 AP to improve the result of a roll by one level. Hollow -> Minor -> Major"."""
    assert HOLLOW.improved() is MINOR
    assert MINOR.improved() is MAJOR
    assert MAJOR.improved() is MAJOR  # nothing above Major
    assert HOLLOW.improved().improved() is MAJOR


@pytest.mark.parametrize(("ap", "gained", "most", "after"), [
    (0, 1, 3, 1), (2, 1, 3, 3), (3, 1, 3, 3), (1, 5, 3, 3), (0, 0, 3, 0), (3, 0, 3, 3),
    (3, 1, 4, 4),  # "You can increase your AP limit with Advancements"
    (0, 3, 3, 3),  # "At the end of a Job, restore AP back to its maximum"
])
def test_recovered_never_above_the_maximum(ap, gained, most, after):
    """"You cannot recover AP above your Maximum AP"."""
    assert recovered(ap, gained, most) == after


def test_recovered_for_every_small_case():
    for most in range(1, 7):
        for ap, gained in product(range(most + 1), range(6)):
            after = recovered(ap, gained, most)
            assert after == min(ap + gained, most)
            assert ap <= after <= most
    assert recovered(0, 1, AP_MAX) == 1 and recovered(AP_MAX, 1, AP_MAX) == AP_MAX


# --- "Clocks & Extended Checks" -----------------------------------------------------------------

POSITIVE = {MAJOR: 2, MINOR: 1, HOLLOW: 0}
""""Positive Clock ... Major Success: mark two segments. Minor Success: mark one segment. Hollow
Success: mark zero segments. Boons: mark additional segments. Banes: remove segments"."""

NEGATIVE = {MAJOR: 0, MINOR: 1, HOLLOW: 2}
""""Negative Clock ... Major Success: mark zero segments. Minor Success: mark one segment. Hollow
Success: mark two segments. Boons: remove segments. Banes: mark additional segments"."""


@pytest.mark.parametrize("outcome", list(Outcome))
def test_clock_marks(outcome):
    for boons, banes in product(range(5), repeat=2):
        assert clock_marks(outcome, boons, banes) == POSITIVE[outcome] + boons - banes
        assert clock_marks(outcome, boons, banes, positive=True) == POSITIVE[outcome] + boons - banes
        assert clock_marks(outcome, boons, banes, positive=False) == NEGATIVE[outcome] - boons + banes


def test_clock_marks_by_hand():
    assert clock_marks(MAJOR, 0, 0) == 2
    assert clock_marks(MINOR, 0, 0) == 1
    assert clock_marks(HOLLOW, 0, 0) == 0
    assert clock_marks(MAJOR, 1, 0) == 3
    assert clock_marks(HOLLOW, 0, 2) == -2
    assert clock_marks(MAJOR, 0, 0, positive=False) == 0
    assert clock_marks(MINOR, 0, 0, positive=False) == 1
    assert clock_marks(HOLLOW, 0, 0, positive=False) == 2
    assert clock_marks(HOLLOW, 0, 1, positive=False) == 3
    assert clock_marks(MAJOR, 2, 0, positive=False) == -2


@pytest.mark.parametrize(("outcome", "banes", "status", "hostility"), [
    (Outcome.MAJOR, 0, False, False),  # "You do it, with no Consequences"
    (Outcome.MINOR, 0, False, True),  # "with a Minor Consequence": a tick of Hostility
    (Outcome.HOLLOW, 0, True, True),  # "with a Major Consequence": a tick of Status lost
    (Outcome.MAJOR, 1, True, True),  # "Banes: Add additional Consequences"
])
def test_the_crews_clocks_tick_from_the_consequences_a_result_brings(outcome, banes, status, hostility):
    assert CrewClock.STATUS.follows(outcome, banes) is status
    assert CrewClock.HOSTILITY.follows(outcome, banes) is hostility
    assert (CrewClock.STATUS.ticks, CrewClock.HOSTILITY.ticks) == (-1, 1)


def test_an_advancement_raises_maximum_ap_by_one_up_to_ten():
    assert [advanced(most) for most in (3, 4, 9, 10)] == [4, 5, 10, None]
