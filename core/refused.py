class Refused(Exception):
    """The action is not allowed; the message says why, in the table's words."""
