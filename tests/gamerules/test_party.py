"""The Party Extra's numbers ("Party Extra"): the key concept's majority, the disposition table,
conflicting dispositions, the party clocks and burning progress."""

import pytest

from gamerules.charge import Risk
from gamerules.party import (
    DANGER_FILLED,
    PROGRESS_FILLED,
    Disposition,
    KeyConcept,
    burn_errors,
    combined,
    concept_disposition,
    consequence_rating,
    detailed_disposition,
    downgraded,
    new_detail,
    tick_party_clock,
    upgraded,
)

P, N, M = Disposition.POSITIVE, Disposition.NEUTRAL, Disposition.NEGATIVE


def test_the_disposition_table():
    """Positive: controlled, -1 consequence rating; neutral: risky, no change; negative:
    desperate, +1 ("Dispositions")."""
    assert [(d.position, d.consequence_change) for d in (P, N, M)] == [(Risk.LOW, -1), (Risk.MODERATE, 0),
                                                                       (Risk.HIGH, 1)]
    assert consequence_rating(3, M) == 4 and consequence_rating(3, P) == 2 and consequence_rating(2, N) == 2


def test_the_authority_example_turns_negative_with_one_more_negative_detail():
    """Two negative details ("thorn in the side of the regional governor", "falsified spacecraft
    registration") leave Authority neutral; "Authority will become negative if it gains one more
    negative supporting detail"."""
    assert concept_disposition([M, M]) is N
    assert concept_disposition([M, M, M]) is M
    assert concept_disposition([P]) is N and concept_disposition([P, N]) is N


@pytest.mark.parametrize(("details", "expected"), [
    ((P, P, P), P), ((P, P, P, M), N), ((P, P, P, P), P), ((M, M, M, N), M), ((M, M, P, M), N), ((), N),
])
def test_a_key_concept_turns_at_a_score_past_2(details, expected):
    """"Score less than -2 ... greater than 2"; the recap: "three or more positive (or negative)"."""
    assert concept_disposition(details) is expected


def test_a_key_concept_has_at_most_four_details():
    with pytest.raises(ValueError, match="at most 4"):
        concept_disposition([N] * 5)


def test_detailed_disposition_counts_only_past_2():
    """"Only treat >+2 / <-2 as positive / negative"."""
    assert [detailed_disposition(v) for v in range(-4, 5)] == [M, M, N, N, N, N, N, P, P]
    assert concept_disposition([3, 4, 3], detailed=True) is P
    assert concept_disposition([2, 2, 2, 2], detailed=True) is N  # each reads neutral
    with pytest.raises(ValueError, match="-4 to \\+4"):
        detailed_disposition(5)


def test_conflicting_dispositions_cancel_out():
    assert combined([P, M]) is N and combined([P, N, P]) is P and combined([M]) is M and combined([]) is N


def test_filled_clocks_move_dispositions_and_the_no_neutral_dial_clears_instead():
    assert upgraded(M) is N and upgraded(N) is P and downgraded(P) is N and downgraded(N) is M
    assert upgraded(M, no_neutral=True) is None and downgraded(P, no_neutral=True) is None
    assert new_detail(from_progress=True) is N
    assert new_detail(from_progress=True, no_neutral=True) is P and new_detail(False, no_neutral=True) is M
    with pytest.raises(ValueError, match="cannot be upgraded"):
        upgraded(P)


def test_the_danger_clock_takes_the_consequence_rating_and_clears_when_full():
    """"Adds segments equal to the consequence rating"; filled, "they are cleared"."""
    assert tick_party_clock(0, 3) == (3, False)
    assert tick_party_clock(6, 2) == (0, True) and tick_party_clock(7, 4) == (0, True)
    assert len(DANGER_FILLED) == len(PROGRESS_FILLED) == 4


def test_progress_burns_as_momentum_one_for_one():
    assert burn_errors(2, 1) == [] and burn_errors(2, 2) == []
    assert burn_errors(1, 2) == ["The party's progress clock has 1 filled segment to burn."]
    assert burn_errors(3, 0) == ["Burn at least one segment of progress."]


def test_the_world_extra_suits_of_each_key_concept():
    assert {c.suit for c in KeyConcept} == {"hearts", "diamonds", "spades", "clubs"}
    assert KeyConcept.ALLIES.suit == "hearts" and KeyConcept.AUTHORITY.suit == "clubs"
