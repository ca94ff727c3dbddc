"""The words the campaign writes into texts people may then edit (core/own_words.py)."""

from core.own_words import register
from gamerules.words import said

PLAYER_GROUP = register(said("The player group"))
"""The force every new campaign starts with, which everyone may write."""
