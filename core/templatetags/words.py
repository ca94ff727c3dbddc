"""The names of actions in the reader's language, unless the GM named them."""

from django import template

from gamerules.dials import RULEBOOK_ACTION_NAMES
from gamerules.words import said_as

register = template.Library()
RULEBOOK_ACTIONS = frozenset(RULEBOOK_ACTION_NAMES)


@register.filter
def action(name: str) -> str:
    """An action as the reader reads it: a name from the rulebook in their language, a name the
    GM gave it ("Changing the Number of Actions") as the GM wrote it."""
    return str(action_phrase(name))


def action_phrase(name: str) -> str:
    """An action as a phrase said later in the reader's language (a log line): a rulebook name
    is said in context, a name the GM gave it stays as written."""
    return said_as("action", name) if name in RULEBOOK_ACTIONS else name

