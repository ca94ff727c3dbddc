"""The words Advantage & Threat writes into texts of the table (core/own_words.py): kept as their
English, said in each reader's language."""

from core.own_words import register
from gamerules.advantage import Outcome
from gamerules.words import said

SIMPLE_HELP = register(said("Simple help"))
"""Simple assistance's factor when the helper names none ("Assistance")."""
CHECK_ASSISTS = register(said("%(name)s's check (%(outcome)s)"), outcome=[outcome.in_a_sentence for outcome in Outcome])
"""The factor a successful assisting check adds to the check it helps."""
