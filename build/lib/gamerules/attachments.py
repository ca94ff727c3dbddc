"""The Attachment Extra ("Attachment Extra"): a detail a character may break to cancel an
incoming consequence outright, then repair through a project. Its optional condition clock
fills with use and damage ("Attachment Condition")."""

from gamerules.readings import ATTACHMENT_CONDITION_REPAIR_CLEARS
from gamerules.words import said, said_n

ATTACHMENTS_MOST = 2
""""Characters only have between 1-2 attachments each" ("Attachment Extra Rule")."""

REPAIR_CLOCK_SEGMENTS = 4
""""The clocks starts at 4 segments, but may have more" ("Recovering an Attachment")."""


def attachment_errors(held: int) -> list[str]:
    """Whether a character may mark one more detail as an attachment ("Attachment Extra Rule")."""
    if held >= ATTACHMENTS_MOST:
        return [said_n("A character has at most %(n)s attachment.", "A character has at most %(n)s attachments.",
                       ATTACHMENTS_MOST)]
    return []


def break_errors(broken: bool, worn_out: bool = False) -> list[str]:
    """A broken attachment "cannot be used until time is taken to repair or reacquire it"
    ("Attachment Extra Rule"); nor one whose condition clock is full ("Attachment Condition")."""
    if broken:
        return [said("That attachment is broken: repair it first (its project clock).")]
    return [said("That attachment is worn out: repair it first (its condition clock).")] if worn_out else []


def repair_clock_errors(segments: int) -> list[str]:
    """The repair project starts at 4 segments, more for what is hard to repair ("Recovering an
    Attachment")."""
    if segments < REPAIR_CLOCK_SEGMENTS:
        return [said_n("A repair clock has at least %(n)s segment.", "A repair clock has at least %(n)s segments.",
                       REPAIR_CLOCK_SEGMENTS)]
    return []


def worn_out(wear: int, size: int) -> bool:
    """"Once the clock is full, the item is ... unusable until it is partially or fully repaired"
    ("Attachment Condition")."""
    return wear >= size


def wear_errors(wear: int, size: int) -> list[str]:
    """"The more damage your attachment takes (or the more you use it), the more this clock fills"."""
    return [said("Its condition clock is full: repair it first.")] if worn_out(wear, size) else []


def repaired_wear(wear: int) -> int:
    """"Each successful repair clearing one (or multiple, your choice) segments": one (reading
    ATTACHMENT_CONDITION_REPAIR_CLEARS). One repair makes a worn-out attachment usable again."""
    return max(0, wear - ATTACHMENT_CONDITION_REPAIR_CLEARS)
