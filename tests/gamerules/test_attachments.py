"""The Attachment Extra, with its text's numbers ("Attachment Extra")."""

from gamerules.attachments import (
    ATTACHMENTS_MOST,
    REPAIR_CLOCK_SEGMENTS,
    attachment_errors,
    break_errors,
    repair_clock_errors,
)
from gamerules.consequences import Consequence, ConsequenceKind, Resistance, resisted


def test_one_or_two_attachments_each():
    assert ATTACHMENTS_MOST == 2
    assert attachment_errors(0) == attachment_errors(1) == []
    assert attachment_errors(2) == ["A character has at most 2 attachments."]


def test_breaking_one_cancels_the_consequence_outright():
    """The text's example: a desperate roll that would tick 3 stress is cancelled."""
    assert resisted(Consequence(ConsequenceKind.WORSE_CONDITION, 3), Resistance.CANCELLED) is None
    assert break_errors(usable=True) == []
    assert break_errors(usable=False) == ["That attachment is broken: repair it first (its project clock)."]


def test_the_repair_clock_starts_at_4_segments_or_more():
    assert REPAIR_CLOCK_SEGMENTS == 4
    assert repair_clock_errors(4) == repair_clock_errors(8) == []
    assert repair_clock_errors(3) != []
