import pytest

from tests.helpers import SPREAD


@pytest.fixture
def sheet(table):
    """Ada, finished: Sneak 2, Finesse 2, Notice 1, Move 1, Sway 1; GM-only notes planted."""
    character = table.character
    character.charge.action_dots = dict(SPREAD)
    character.created = True
    character.gm_notes = "SECRET-CHARACTER-NOTES"
    character.charge.momentum = 2
    character.charge.stress = 0
    character.save()
    character.charge.save()
    return character
