import random
import re

import pytest
from django.urls import reverse

import rolls.actions
from clocks.models import Clock, WhoMayTick
from tests.factories import CharacterFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


class ScriptedDice(random.Random):
    """Dice that show the faces a test wrote down, in order."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a, b):
        return self.faces.pop(0)


@pytest.fixture
def dice(monkeypatch):
    """Script the table's dice: ``dice(5, 3, 2)``."""
    def script(*faces):
        monkeypatch.setattr(rolls.actions, "SYSTEM_RANDOM", ScriptedDice(faces))
    return script


@pytest.fixture
def crew(table):
    """Ada (the player's: Sneak 2, 2 momentum), Bo (the other player's: 2 momentum), a progress
    clock and a danger clock."""
    ada = table.character
    ada.action_dots = {"Sneak": 2, "Finesse": 2, "Notice": 1, "Move": 1, "Sway": 1}
    ada.created, ada.momentum, ada.stress = True, 2, 0
    ada.save()
    bo = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo", momentum=2,
                          created=True, action_dots={"Muscle": 2})
    vault = Clock.objects.create(campaign=table.campaign, name="Open the vault", kind="progress",
                                 size=8, who_may_tick=WhoMayTick.MEMBERS)
    alert = Clock.objects.create(campaign=table.campaign, name="Alert", kind="danger", size=6)
    table.ada, table.bo, table.vault, table.alert = ada, bo, vault, alert
    return table


def wizard(table, who="player", **choices):
    """Walk the wizard step by step, as the pages post it; return the last response."""
    client = table.client(who)
    url = reverse("roll_new", args=[table.campaign.pk])
    page = client.get(url)
    key = re.search(r'name="key" value="([^"]+)"', page.text).group(1)
    data = {"key": key, "character": choices.pop("character", table.character.pk),
            "action": choices.pop("action", "Sneak"), "goal": choices.pop("goal", "")}
    if "flashback" in choices:
        data["flashback"] = choices.pop("flashback")
    for step, names in ((1, ()), (2, ("risk", "effect"))):
        for name in names:
            if name in choices:
                data[name] = choices.pop(name)
        response = client.post(url, {**data, "step": step})
        # the next step's defaults, as the page carries them
        data.update({k: v for k, v in _carried(response.text).items() if k not in data})
    data.update(choices)
    return client.post(url, {**data, "step": 3, "roll": "1"})


def _carried(html):
    found = {}
    for name, value in re.findall(r'name="(risk|effect)" value="(\d)"[^>]*checked', html):
        found[name] = value
    return found
