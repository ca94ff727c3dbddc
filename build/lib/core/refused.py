class Refused(Exception):
    """The action is not allowed; the message says why, in the table's words."""


def refusal_of(act) -> str:
    """Do ``act()``: "" when it worked, or why it was refused (nothing changed)."""
    try:
        act()
    except Refused as refusal:
        return str(refusal)
    return ""
