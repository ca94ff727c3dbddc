"""Plain helpers the tests share. Fixtures live in the conftest files; nothing here is one."""

import html
import random
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from typing import TypeVar

import pytest
from django.db import connection, connections
from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}
PASSWORD = "a-long-passphrase-9"  # every factory-made user's password
# A finished character's seven dots ("Creating your Character"); copy it before changing it.
SPREAD = {"Sneak": 2, "Finesse": 2, "Notice": 1, "Move": 1, "Sway": 1}

Model = TypeVar("Model")


def words(response) -> str:
    """A page's text as a reader sees it: no markup, entities read, one space."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.text)).split())


def cell(response, testid) -> str:
    """The text of the table cell marked ``data-testid``, as a reader sees it."""
    found = re.search(rf'data-testid="{testid}">(.*?)</t[dh]>', response.text, re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split()) if found else ""


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
    """Walk the roll wizard as the pages post it: the goal and action (the roll is on its way),
    the GM's risk and effect (``risk``, ``effect``; set from the console, or inline when the GM
    rolls), then even the odds and roll. Returns the last response."""
    from charge.models import PendingRoll

    client = table.client(who)
    url = reverse("roll_new", args=[table.campaign.pk])
    page = client.get(url, {"character": choices.get("character", table.character.pk)})
    key = re.search(r'name="key" value="([^"]+)"', page.text).group(1)
    data = {"key": key, "character": choices.pop("character", table.character.pk),
            "action": choices.pop("action", "Sneak"), "goal": choices.pop("goal", "")}
    for name in ("flashback", "setup", "project", "spell"):
        if name in choices:
            data[name] = choices.pop(name)
    started = client.post(url, {**data, "step": 1})
    if started.status_code != 302:
        return started  # refused at the first step
    pending = PendingRoll.objects.select_related("character").get(character=data["character"])
    risk, effect, price = choices.pop("risk", None), choices.pop("effect", None), choices.pop("price", None)
    if not table.campaign.charge.quick:
        set_risk_and_effect(table, pending, risk, effect, price=price)
        pending.refresh_from_db()
    seen = {"flashback_cost": pending.price} if pending.flashback else {}  # the GM's price, as the page shows it
    return client.post(started.url, {**choices, "risk": pending.risk, "effect": pending.effect, **seen,
                                     "step": 3, "roll": "1"})


def on_its_way(table, who="player", risk=2, effect=2, threats=(), **first_step):
    """A roll on its way through the pages: its first step posted by ``who``, then (unless
    ``risk`` is None) the GM's risk and effect, and the ``threats`` that apply, set on the
    console. Returns the PendingRoll."""
    from charge.models import PendingRoll

    data = {"key": f"key-{len(first_step)}-{who}", "character": table.character.pk, "action": "Sneak",
            **first_step, "step": 1}
    table.client(who).post(reverse("roll_new", args=[table.campaign.pk]), data)
    pending = PendingRoll.objects.select_related("character").get(character=data["character"])
    if risk is not None and not table.campaign.charge.quick:
        set_risk_and_effect(table, pending, risk, effect, threats)
        pending.refresh_from_db()
    return pending


def set_risk_and_effect(table, pending, risk=None, effect=None, threats=(), price=None):
    """The GM sets a roll's risk and effect on the console (by default where the GM starts:
    moderate, or worse after an escalation, and standard), ticking the ``threats`` that apply,
    and a flashback's ``price``."""
    risk = int(pending.suggested_risk()) if risk is None else risk
    return table.client("gm").post(reverse("roll_set", args=[table.campaign.pk, pending.pk]),
                                   {"risk": risk, "effect": 2 if effect is None else effect,
                                    "threats": [threat.pk for threat in threats],
                                    **({"flashback_cost": price} if price is not None else {})})


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
TABLE = {"width": 1920, "height": 1080}
LIVE = 10_000
"""ms: how long a browser test waits for another screen to show a change. The live poll runs
every 1.5 s; the rest is margin for a slow machine, since a test asserts what is shown, not when."""


def settled(page):
    """Wait until htmx has nothing in flight and nothing settling: a screen that another's change
    just moved on is ready for a tap (a person is never that quick; a test is)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')")


def clock_face(page, label):
    """A clock's face by its words ("Alert: 3 of 6"): a picture, or a group of segment buttons
    for a viewer who may tick it."""
    return page.get_by_role("group", name=label, exact=True).or_(page.get_by_role("img", name=label, exact=True))


def log_in(page, username, password=PASSWORD):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^\s*Password\*?\s*$")).fill(password)
    page.get_by_role("button", name="Log in").click()


TEST_REDIS_URL = "redis://127.0.0.1:6379/14"
"""The Redis database tests that need a real Redis use (CI's machine has one; a fresh one may not)."""


def redis_here() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


NEEDS_REDIS = pytest.mark.skipif(not redis_here(), reason="needs Redis on 127.0.0.1 (CI runs it)")


class OwnRedis:
    """A redis-server of the test's own, on a free port, to kill, hang and start again; it keeps
    nothing on disk, so a restarted one starts empty."""

    def __init__(self):
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            self.port = free.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self):
        import redis

        self.process = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
        for _ in range(200):
            try:
                if redis.Redis.from_url(self.url, socket_connect_timeout=0.1).ping():
                    return self
            except redis.RedisError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def signal(self, number):
        self.process.send_signal(number)

    def kill(self):
        if self.process and self.process.poll() is None:
            self.signal(signal.SIGCONT)
            self.signal(signal.SIGKILL)
        if self.process:
            self.process.wait()


NEEDS_REDIS_SERVER = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server installed")


def update_character(pk, **fields) -> None:
    """Set a character's columns and its Charge sheet's as a queryset update does (no signal,
    no history): each field where it is kept."""
    from characters.models import Character
    from charge.models import Sheet

    own = {field.attname for field in Character._meta.concrete_fields} | {field.name for field in Character._meta.concrete_fields}
    if mine := {name: value for name, value in fields.items() if name in own}:
        Character.objects.filter(pk=pk).update(**mine)
    if sheet := {name: value for name, value in fields.items() if name not in own}:
        Sheet.objects.filter(pk=pk).update(**sheet)


def set_dials(campaign, **dials) -> None:
    """Turn some of the campaign's Charge dials, saved as the GM's form saves them: every screen is
    told (a queryset update would tell none, and a membership kept with its campaign would not know)."""
    from charge.models import Setup

    setup = Setup.objects.get(campaign=campaign.pk)
    setup.dials = {**setup.dials, **dials}
    setup.save()
