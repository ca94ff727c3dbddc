"""Measuring pages in-process: query counts, median times as ratios to a floor, bytes."""

import gzip
import json
import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from unittest.mock import patch

from django.conf import settings
from django.contrib.staticfiles import finders
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.models import Campaign
from campaign.transfer import comparable, export_campaign, import_campaign, parts
from core import keys
from rolls.models import new_key

HTMX = {"HTTP_HX_REQUEST": "true"}


@dataclass
class Page:
    name: str
    method: str
    url: object  # a string, or a function that gives the URL at request time
    data: object = None  # a dict, or a function of the request number
    headers: dict = field(default_factory=dict)
    who: str = "gm"
    asked_before: bool = False
    """Asked once, untimed, before each timed request: as a poll is, by the same screen's poll
    1.5 s earlier (the first poll after a change, the one that tells it, reads the version anew)."""

    def prepare(self, clients, n):
        """The request to make, ready before anything is counted or timed."""
        url = self.url() if callable(self.url) else self.url
        data = self.data(n) if callable(self.data) else self.data
        send = getattr(clients[self.who], self.method)
        if self.asked_before:
            send(url, data or {}, **self.headers)
        return lambda: send(url, data or {}, **self.headers)

    def request(self, clients, n):
        return self.prepare(clients, n)()


FLOOR = "floor"


def pages(built) -> list[Page]:
    """Every page the budgets name, for one built campaign."""
    c = built.campaign.pk

    def version():
        return Campaign.objects.values_list("live_version", flat=True).get(pk=c)

    new, odds = reverse("roll_new", args=[c]), reverse("roll_odds", args=[c, built.pending.pk])
    step = {"key": "bench-key", "character": built.character.pk, "action": "Sneak", "goal": "Get in"}
    chosen = {"risk": 2, "effect": 2, "pushes": ["die"]}
    return [
        Page(FLOOR, "get", reverse("ping")),
        Page("campaign dashboard", "get", reverse("campaign", args=[c])),
        Page("character sheet", "get", reverse("character", args=[c, built.character.pk]), who="player"),
        Page("table screen", "get", reverse("table", args=[c])),
        Page("GM console", "get", reverse("console", args=[c])),
        Page("wizard step 1", "get", new, who="player"),
        Page("wizard step 2", "post", new, {**step, "step": 1}, HTMX, who="player"),
        Page("wizard step 3", "get", built.pending.get_absolute_url(), who="player"),
        Page("odds partial", "post", odds, chosen, HTMX, who="player"),
        Page("clock tick", "post", reverse("clock_tick", args=[c, built.clock.pk]),
             lambda n: {"amount": 1 if n % 2 == 0 else -1, "key": new_key()}, HTMX),  # as its form sends it
        Page("live poll, unchanged", "get", lambda: f"{reverse('live', args=[c])}?v={version()}",
             headers=HTMX, who="player", asked_before=True),
        Page("live poll, after a change", "get", lambda: f"{reverse('live', args=[c])}?v={version() - 1}",
             headers=HTMX, who="player"),
        Page("roll log", "get", reverse("rolls", args=[c])),
        Page("dice statistics", "get", reverse("roll_stats", args=[c])),
    ]


def clients_for(built) -> dict:
    clients = {"gm": Client(), "player": Client()}
    clients["gm"].force_login(built.gm)
    clients["player"].force_login(built.player)
    return clients


WARM = ("campaign dashboard", "character sheet", "table screen", "GM console")
"""The pages rendered once per change and audience (core/htmx.py)."""
COLD, KEPT, AFTER_A_TICK = "cold", "warm", "after a tick"
"""How a page is measured. Cold: rendered anew from nothing kept. Warm: the render-once pages asked
again with nothing changed between, as every screen but the first does after a change. After a
tick: the render-once pages each asked just after the GM ticked a clock (untimed), as the first
screen to open one after a change does: it renders what the tick touched and takes the rest of
its live panels as they were kept."""


def measure(built, repeat: int, way: str = COLD, timer=time.perf_counter, only=()) -> dict:
    """Query count, median milliseconds and bytes for each page, measured ``way``; pages take turns
    each round, so that a noisy moment falls on all of them alike. ``timer``: the clock
    (``time.process_time`` counts only this process's work, not its waits for the database or for
    a machine busy with other work). ``only``: these pages' names alone (and the floor)."""
    settings.RENDER_ONCE = way != COLD
    clients = clients_for(built)
    page_list = [page for page in pages(built) if (way == COLD or page.name in (FLOOR, *WARM))
                 and (not only or page.name in (FLOOR, *only))]
    tick = next(page for page in pages(built) if page.name == "clock tick")

    def prepared(page, n):
        if way == AFTER_A_TICK:
            tick.request(clients, n)
        return page.prepare(clients, n)
    figures = {}
    for page in page_list:
        for n in (0, 1):  # warm caches and templates, on each way a page alternates (+1 and -1 ticks)
            prepared(page, n)()
        send = prepared(page, 2)
        # A page's own queries: not the old keys a keyed write forgets now and then, at random.
        with CaptureQueriesContext(connection) as queries, patch.object(keys, "chance", lambda: 1.0):
            response = send()
        if response.status_code >= 400:
            raise RuntimeError(f"{page.name} answered {response.status_code}")
        figures[page.name] = {"queries": len(queries), "bytes": len(response.content), "samples": []}
    for n in range(repeat):
        for page in page_list:
            send = prepared(page, n)
            start = timer()
            send()
            figures[page.name]["samples"].append(timer() - start)
    floor = statistics.median(figures[FLOOR]["samples"])
    for page in page_list:
        samples = figures[page.name].pop("samples")
        figures[page.name]["median_ms"] = round(statistics.median(samples) * 1000, 3)
        figures[page.name]["ratio"] = round(statistics.median(samples) / floor, 2)
    return figures


def round_trip(built) -> dict:
    """Export the campaign, import it as a new one, export that: the two documents must be the
    same, field for field (but the export time, and the members: the importer alone)."""
    first = export_campaign(built.campaign)
    start = time.perf_counter()
    copy = import_campaign(json.loads(json.dumps(first)), built.gm)
    imported = time.perf_counter() - start
    second = export_campaign(copy)
    rows = sum(len(first.get(part.key, [])) for part in parts())
    fields = sum(len(row) for part in parts() for row in first.get(part.key, [])) + len(first["campaign"])
    same = comparable(first) == comparable(second)
    copy.delete()
    return {"lossless": same, "rows": rows, "fields": fields, "import_seconds": round(imported, 1),
            "bytes": len(json.dumps(first))}


ASSET = re.compile(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"')


def first_visit_bytes(built) -> dict:
    """What a first visit to a sheet transfers, compressed: the page as a proxy would gzip it,
    and the CSS and JS it loads as whitenoise serves them (its .gz files, or gzip -9)."""
    client = clients_for(built)["player"]
    html = client.get(reverse("character", args=[built.campaign.pk, built.character.pk])).content
    assets = {}
    for url in sorted(set(ASSET.findall(html.decode()))):
        assets[url] = len(_compressed_asset(url))
    page = len(gzip.compress(html, compresslevel=9))
    return {"html": page, "assets": assets, "total": page + sum(assets.values())}


def _compressed_asset(url: str) -> bytes:
    name = url.removeprefix(settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL)
    collected = Path(settings.STATIC_ROOT) / name
    if collected.with_name(collected.name + ".gz").exists():
        return collected.with_name(collected.name + ".gz").read_bytes()
    source = collected if collected.exists() else Path(finders.find(name))
    return gzip.compress(source.read_bytes(), compresslevel=9)
