"""The Attachment Extra ("Attachment Extra"): a detail a character may break to cancel an
incoming consequence outright, then repair through a project."""

ATTACHMENTS_MOST = 2
""""Characters only have between 1-2 attachments each" ("Attachment Extra Rule")."""

REPAIR_CLOCK_SEGMENTS = 4
""""The clocks starts at 4 segments, but may have more" ("Recovering an Attachment")."""


def attachment_errors(held: int) -> list[str]:
    """Whether a character may mark one more detail as an attachment ("Attachment Extra Rule")."""
    if held >= ATTACHMENTS_MOST:
        return [f"A character has at most {ATTACHMENTS_MOST} attachments."]
    return []


def break_errors(usable: bool) -> list[str]:
    """A broken attachment "cannot be used until time is taken to repair or reacquire it"
    ("Attachment Extra Rule")."""
    return [] if usable else ["That attachment is broken: repair it first (its project clock)."]


def repair_clock_errors(segments: int) -> list[str]:
    """The repair project starts at 4 segments, more for what is hard to repair ("Recovering an
    Attachment")."""
    if segments < REPAIR_CLOCK_SEGMENTS:
        return [f"A repair clock has at least {REPAIR_CLOCK_SEGMENTS} segments."]
    return []
