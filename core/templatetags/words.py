"""The names of actions in the reader's language: the rulebook's by the catalogues, the hack's own by
its words (core/campaign_words.py), else as the GM wrote them."""

from django import template

from core import campaign_words
from gamerules.dials import RULEBOOK_ACTION_NAMES
from gamerules.words import said_as

register = template.Library()
RULEBOOK_ACTIONS = frozenset(RULEBOOK_ACTION_NAMES)


@register.filter
def action(name: str) -> str:
    """An action as the reader reads it: a name from the rulebook in their language, a name the
    GM gave it ("Changing the Number of Actions") as the hack says it in their language, else as
    the GM wrote it."""
    return str(said_as("action", name)) if name in RULEBOOK_ACTIONS else campaign_words.said(name)


def action_phrase(name: str) -> str:
    """An action as a phrase said later in the reader's language (a log line): a rulebook name
    is said in context, a name the GM gave it stays as written."""
    return said_as("action", name) if name in RULEBOOK_ACTIONS else name

