import pytest

from clocks.models import WhoMayTick
from tests.factories import CharacterFactory, ClockFactory
from tests.helpers import SPREAD


@pytest.fixture
def crew(table):
    """Ada (the player's: Sneak 2, 2 momentum), Bo (the other player's: 2 momentum), a progress
    clock and a danger clock."""
    ada = table.character
    ada.charge.action_dots = dict(SPREAD)
    ada.created, ada.charge.momentum, ada.charge.stress = True, 2, 0
    ada.save()
    ada.charge.save()
    bo = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo", momentum=2,
                          created=True, action_dots={"Muscle": 2})
    vault = ClockFactory(campaign=table.campaign, name="Open the vault", kind="progress", size=8,
                         who_may_tick=WhoMayTick.MEMBERS)
    alert = ClockFactory(campaign=table.campaign, name="Alert", kind="danger", size=6)
    table.ada, table.bo, table.vault, table.alert = ada, bo, vault, alert
    return table
