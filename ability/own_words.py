"""The words Ability vs Difficulty writes into texts of the table (core/own_words.py): kept as their
English, said in each reader's language."""

from core.own_words import register
from gamerules.words import said

HELPING = register(said("Teamwork: helping %(name)s"))
"""A helper's teamwork roll's goal ("Teamwork")."""
