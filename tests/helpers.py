"""Plain helpers the tests share. Fixtures live in the conftest files; nothing here is one."""

import random
import re
import threading
from typing import TypeVar

import pytest
from django.db import connection, connections
from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}
PASSWORD = "a-long-passphrase-9"  # every factory-made user's password
# A finished character's seven dots ("Creating your Character"); copy it before changing it.
SPREAD = {"Sneak": 2, "Finesse": 2, "Notice": 1, "Move": 1, "Sway": 1}

Model = TypeVar("Model")


def fresh(instance: Model) -> Model:
    """The instance, reloaded from the database."""
    instance.refresh_from_db()
    return instance


def sheet_url(table, name, character, *args):
    """A character sheet's URL in the table's campaign: ``sheet_url(table, "character_tie", ada)``."""
    return reverse(name, args=[table.campaign.pk, character.pk, *args])


class ScriptedDice(random.Random):
    """Dice that show the faces a test wrote down, in order."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a, b):
        return self.faces.pop(0)


def wizard(table, who="player", **choices):
    """Walk the roll wizard step by step, as the pages post it; return the last response."""
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


def skip_unless_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("Concurrency is tested on PostgreSQL (CI runs it); SQLite serializes all writers.")


def run_at_once(functions):
    """Run the functions in threads released together; return the errors they raised."""
    errors, barrier = [], threading.Barrier(len(functions))

    def run(function):
        try:
            barrier.wait()
            function()
        except Exception as error:  # noqa: BLE001 - collected and checked by the caller
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(f,)) for f in functions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


# Browser tests (tests/e2e)
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def log_in(page, username, password=PASSWORD):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^\s*Password\*?\s*$")).fill(password)
    page.get_by_role("button", name="Log in").click()
