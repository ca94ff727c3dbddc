import pytest
from django.urls import reverse

from characters.models import Character

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def sheet(table):
    """Ada, finished: Sneak 2, Finesse 2, Notice 1, Move 1, Sway 1; GM-only notes planted."""
    character = table.character
    character.action_dots = {"Sneak": 2, "Finesse": 2, "Notice": 1, "Move": 1, "Sway": 1}
    character.created = True
    character.gm_notes = "SECRET-CHARACTER-NOTES"
    character.momentum = 2
    character.stress = 0
    character.save()
    return character


def url(table, name, character, *args):
    return reverse(name, args=[table.campaign.pk, character.pk, *args])


def fresh(character) -> Character:
    character.refresh_from_db()
    return character
