"""The Attachment Extra, with its text's numbers ("Attachment Extra")."""

from gamerules.attachments import (
    ATTACHMENTS_MOST,
    REPAIR_CLOCK_SEGMENTS,
    attachment_errors,
    break_errors,
    repair_clock_errors,
    repaired_wear,
    wear_errors,
    worn_out,
)
from gamerules.consequences import Consequence, ConsequenceKind, Resistance, resisted


def test_one_or_two_attachments_each():
    assert ATTACHMENTS_MOST == 2
    assert attachment_errors(0) == attachment_errors(1) == []
    assert attachment_errors(2) == ["A character has at most 2 attachments."]


def test_breaking_one_cancels_the_consequence_outright():
    """The text's example: a desperate roll that would tick 3 stress is cancelled."""
    assert resisted(Consequence(ConsequenceKind.WORSE_CONDITION, 3), Resistance.CANCELLED) is None
    assert break_errors(broken=False) == []
    assert break_errors(broken=True) == ["That attachment is broken: repair it first (its project clock)."]
    assert break_errors(broken=False, worn_out=True) == [
        "That attachment is worn out: repair it first (its condition clock)."]


def test_the_repair_clock_starts_at_4_segments_or_more():
    assert REPAIR_CLOCK_SEGMENTS == 4
    assert repair_clock_errors(4) == repair_clock_errors(8) == []
    assert repair_clock_errors(3) != []


def test_the_condition_clock_fills_with_use_and_a_repair_clears_one_segment():
    """"Once the clock is full, the item is ... unusable until it is partially or fully repaired";
    "each succesful repair clearing one (or multiple, your choice) segments": one."""
    assert not worn_out(3, 4) and worn_out(4, 4)
    assert wear_errors(3, 4) == [] and wear_errors(4, 4) == ["Its condition clock is full: repair it first."]
    assert repaired_wear(4) == 3 and not worn_out(repaired_wear(4), 4)
    assert repaired_wear(0) == 0
