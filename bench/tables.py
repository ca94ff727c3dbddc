"""Simulated tables against the server as ``make serve`` runs it (uvicorn workers, PostgreSQL,
Redis): how fast a change reaches the other screens, pushed and polled, and how many tables one
server holds. Loopback only, bounded in time.

A table is a GM who ticks a clock, four players on their sheets and the table screen. Each screen
does what its page does in a browser (static/js/app.js): it opens the page and asks for what the
page loads after it (``hx-trigger="load, ..."``); it listens to the campaign's stream (push)
or asks for the version every 1.5 s (poll, as when a proxy blocks the stream); on a new version
(told by the stream, or answered to a poll) the page asks for its live panels in one request (and
any panel it cannot ask for with them on its own, six at a time as a browser does). "Change to
screen" runs from the moment the GM's tick is sent (so it includes the write itself: an upper bound
on the time from its commit) to the moment a screen has its panels."""

import asyncio
import errno
import html
import random
import re
import time
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.middleware.csrf import get_token
from django.test import RequestFactory
from django.urls import reverse

from bench.build import PASSWORD
from bench.load import session_cookie
from campaign import actions
from campaign.models import Membership, Role
from characters.models import Character
from charge.models import Sheet
from clocks.models import Clock

PLAYERS = 4
TICK_EVERY = 20.0  # seconds between two changes at one table (the pace)
POLL_EVERY = 1.5  # as static/js/app.js
BROWSER_CONNECTIONS = 6  # what a browser opens to one host
OPENING_AT_ONCE = 24
"""Screens opening their page at once: tables sit down over minutes, not all in one second (a
thousand cold pages at once measure the storm, not the session that follows)."""
REQUEST_TIMEOUT = 30.0  # a request that hangs longer counts as failed, so that every loop ends
LIVE_TAG = re.compile(r'<[^>]*\bhx-trigger="[^"]*campaignChanged[^>]*>')
HX_GET = re.compile(r'\bhx-get="([^"]+)"')
NAMED = re.compile(r'\bdata-live-panel="([^"]+)"')
POLLER = re.compile(r'id="live" hx-get="([^"]+)"')
LOADS = re.compile(r'<[^>]*\bhx-trigger="load,[^>]*>')


@dataclass(frozen=True)
class Table:
    campaign: int
    clock: int
    gm_cookie: str
    csrf: str
    screens: tuple[tuple[str, str], ...]  # (page path, session cookie): four sheets and the table screen


def build_tables(count: int, prefix: str) -> list[Table]:
    """``count`` small campaigns, each with its GM, four players with sheets and one clock."""
    users = get_user_model()
    password = make_password(PASSWORD)
    tables = []
    for n in range(count):
        gm = users.objects.create(username=f"{prefix}-{n}-gm", password=password)
        campaign = actions.create_campaign(gm, name=f"Table {prefix} {n}", pitch="Measured.")
        players = users.objects.bulk_create([users(username=f"{prefix}-{n}-player-{i}", password=password)
                                             for i in range(PLAYERS)])
        Membership.objects.bulk_create([Membership(campaign=campaign, user=p, role=Role.PLAYER) for p in players])
        characters = Character.objects.bulk_create([
            Character(campaign=campaign, owner=p, name=f"Character {i}", created=True, concept="A concept")
            for i, p in enumerate(players)])
        Sheet.objects.bulk_create([Sheet(character=c, momentum=2, action_dots={"Sneak": 2, "Notice": 1, "Sway": 1})
                                   for c in characters])
        clock = Clock.objects.create(campaign=campaign, name="Alert", kind="danger", size=8, filled=1,
                                     visibility="all", who_may_tick="members")
        csrf = get_token(RequestFactory().get("/"))
        screens = [(reverse("character", args=[campaign.pk, c.pk]), session_cookie(p))
                   for c, p in zip(characters, players, strict=True)]
        screens.append((reverse("table", args=[campaign.pk]), session_cookie(players[0])))
        tables.append(Table(campaign.pk, clock.pk, f"{session_cookie(gm)}; csrftoken={csrf}", csrf, tuple(screens)))
    return tables


@dataclass
class Run:
    """What one simulation saw: times in seconds."""
    ticks: dict = field(default_factory=dict)  # campaign -> [(version it made, sent at)]
    heard: list = field(default_factory=list)  # from a tick sent to a screen hearing of it
    shown: list = field(default_factory=list)  # from a tick sent to a screen showing it
    requests: list = field(default_factory=list)  # each page, panel and poll request
    writes: list = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)  # by status, or by what went wrong
    measuring: bool = False

    def saw(self, started: float, what, ok=(200, 204)) -> None:
        """One request answered (``what``: its status, as expected when in ``ok``) or failed
        (``what``: how)."""
        if what not in ok:
            self.errors[what] += 1
        if self.measuring:
            self.requests.append(time.monotonic() - started)

    def failed(self, what: str) -> None:
        """A stream or a tick that went wrong, by how."""
        self.errors[what] += 1

    def wrote(self, sent: float) -> None:
        if self.measuring:
            self.writes.append(time.monotonic() - sent)

    def changes(self) -> int:
        """The ticks sent while measuring (the first of each table is where it started)."""
        return sum(len(ticks) - 1 for ticks in self.ticks.values())

    def tick_for(self, campaign, version):
        return next((sent for made, sent in reversed(self.ticks.get(campaign, [])) if made <= version), None)


def _p(values, q):
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


class Screen:
    """One browser page on a table."""

    def __init__(self, base, table, path, cookie, run, push):
        self.base, self.table, self.path, self.run, self.push = base, table, path, run, push
        self.headers = {"Cookie": cookie}
        self.poller, self.together, self.alone, self.ready = None, "", [], False

    def version(self) -> int:
        return int(self.poller.rsplit("v=", 1)[1])

    async def get(self, session, url, htmx=True):
        """The response and its body; (None, "") when the connection failed or timed out."""
        started = time.monotonic()
        headers = {**self.headers, "HX-Request": "true"} if htmx else self.headers
        try:
            async with session.get(self.base + url, headers=headers, timeout=timeout()) as response:
                body = await response.text()
        except (OSError, TimeoutError, _client_error()) as error:
            self.run.saw(started, failure(error))
            return None, ""
        self.run.saw(started, response.status)
        return response, body

    async def visit(self, session):
        poller = None
        while poller is None:  # a page that failed is opened again, as someone would
            response, page = await self.get(session, self.path, htmx=False)
            if (poller := POLLER.search(page)) is None:
                await asyncio.sleep(POLL_EVERY)
        if "csrftoken" in response.cookies:  # kept, as a browser keeps it: the stream's requests carry it
            self.headers["Cookie"] += f"; csrftoken={response.cookies['csrftoken'].value}"
        self.poller = html.unescape(poller.group(1))
        self.together, self.alone = live_panels(self.path, page)
        # What the page asks for once it has loaded (what waits for the viewer).
        await asyncio.gather(*(self.get(session, html.unescape(HX_GET.search(tag).group(1)))
                               for tag in LOADS.findall(page)))

    async def refresh(self, session, heard_at):
        """The poller fetches itself; on a new version, the panels fetch themselves."""
        response, body = await self.get(session, self.poller)
        if response is None or "HX-Trigger" not in response.headers:
            return
        self.poller = html.unescape(POLLER.search(body).group(1))
        await self.panels(session, heard_at)

    async def pushed(self, session, version, heard_at):
        """A newer version from the stream: the poller moves on without asking, the panels are asked."""
        self.poller = re.sub(r"v=\d+", f"v={version}", self.poller)
        await self.panels(session, heard_at)

    async def brought(self, session, version, heard_at):
        """The stream brought the page's own panels with the version: only the rest are asked."""
        self.poller = re.sub(r"v=\d+", f"v={version}", self.poller)
        await self.panels(session, heard_at, together=False)

    async def panels(self, session, heard_at, together=True):
        sent = self.run.tick_for(self.table.campaign, self.version())
        asked = [self.together] if self.together and together else []
        await asyncio.gather(*(self.get(session, url) for url in asked + self.alone))
        if self.run.measuring and sent is not None:
            self.run.heard.append(heard_at - sent)
            self.run.shown.append(time.monotonic() - sent)

    async def live(self, aiohttp, stop, opening_slots):
        connector = aiohttp.TCPConnector(limit=BROWSER_CONNECTIONS)
        async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=None)) as session:
            async with opening_slots:
                await self.visit(session)
            if not self.push:
                self.ready = True
                while not stop.is_set():
                    await asyncio.sleep(POLL_EVERY)
                    await self.refresh(session, time.monotonic())
                return
            stream = self.base + reverse("live_stream", args=[self.table.campaign])
            if self.together:  # the stream brings the page's own panels
                stream += f"?at={self.path}&panels={self.together.split('?panels=')[1]}"
            while not stop.is_set():
                try:
                    async with session.get(stream, headers=self.headers) as response:
                        self.ready = True
                        if response.status != 200:  # the page polls, and opens the stream again later
                            self.run.failed(f"stream {response.status}")
                            await asyncio.sleep(POLL_EVERY)
                            await self.refresh(session, time.monotonic())
                            continue
                        await self.hear(session, response.content)
                except (OSError, _client_error()) as error:  # the stream cut: polled, then opened again
                    self.run.failed(f"stream {failure(error)}")
                    await asyncio.sleep(POLL_EVERY)
                    await self.refresh(session, time.monotonic())

    async def hear(self, session, content):
        """Each event of the stream: a newer version told asks for the panels; panels brought are
        shown as they come, and only what the page cannot have brought is asked for."""
        name, data = "", []
        async for line in content:
            line = line.rstrip(b"\r\n")
            if line.startswith(b"event:"):
                name = line[6:].strip().decode()
            elif line.startswith(b"data:"):
                data.append(line[5:].removeprefix(b" "))
            elif not line and data:
                version = int(data[0])
                if version > self.version():
                    if name == "panels":
                        await self.brought(session, version, time.monotonic())
                    else:
                        await self.pushed(session, version, time.monotonic())
                name, data = "", []


def _client_error():
    import aiohttp

    return aiohttp.ClientError


def timeout():
    import aiohttp

    return aiohttp.ClientTimeout(total=REQUEST_TIMEOUT)


def failure(error: BaseException) -> str:
    """What went wrong with a request that got no answer, by kind: "timeout", "refused", "reset"..."""
    cause = getattr(error, "os_error", error)  # aiohttp's connector error wraps the system's
    if isinstance(cause, TimeoutError):
        return "timeout"
    if isinstance(cause, ConnectionRefusedError):
        return "refused"
    if (isinstance(cause, ConnectionResetError | BrokenPipeError) or "disconnected" in str(error).lower()
            or getattr(cause, "errno", None) in (errno.ECONNRESET, errno.EPIPE)):
        return "reset"
    if "Payload" in error.__class__.__name__:  # the answer began, then the connection closed
        return "cut off"
    return error.__class__.__name__


def live_panels(path: str, page: str) -> tuple[str, list[str]]:
    """What a page asks for when the campaign changes, as static/js/app.js does: its own panels
    and those every page carries in one request (when it has one of its own), the rest alone."""
    named, own, alone = {}, {}, []
    for tag in LIVE_TAG.findall(page):
        url = html.unescape(HX_GET.search(tag).group(1))
        if found := NAMED.search(tag):
            named[found.group(1)] = url
        elif found := re.fullmatch(re.escape(path) + r"\?panel=([\w-]+)", url):
            own[found.group(1)] = url
        else:
            alone.append(url)
    if not own:
        return "", alone + list(named.values())
    return f"{path}?panels={','.join([*own, *named])}", alone


async def _gm(aiohttp, base, table, run, stop, first_after, every):
    """The GM ticks the table's clock every ``every`` seconds, one segment up, then down."""
    url = base + reverse("clock_tick", args=[table.campaign, table.clock])
    headers = {"Cookie": table.gm_cookie, "X-CSRFToken": table.csrf, "HX-Request": "true"}
    async with aiohttp.ClientSession() as session:
        await asyncio.sleep(first_after)
        amount = -1
        while not stop.is_set():
            amount = -amount
            sent = time.monotonic()
            # Recorded before the answer comes: a pushed screen may hear of the tick first.
            ticks = run.ticks[table.campaign]
            ticks.append((ticks[-1][0] + 1, sent))
            try:
                async with session.post(url, data={"amount": amount}, headers=headers, timeout=timeout()) as response:
                    await response.read()
                    if response.status != 200:
                        run.failed(f"tick {response.status}")
            except (OSError, TimeoutError, _client_error()) as error:
                run.failed(f"tick {failure(error)}")
            run.wrote(sent)
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), every)


async def simulate(base: str, tables: list[Table], push: bool | str, seconds: float, tick_every=TICK_EVERY,
                   run: Run | None = None, alongside=()) -> Run:
    """Open every screen, then let each GM tick for ``seconds``; figures only from then on.
    ``push`` "both": every other table's screens poll. ``alongside``: more for those seconds,
    each a coroutine function of (run, stop)."""
    import aiohttp

    run, stop = run or Run(), asyncio.Event()
    screens = [Screen(base, table, path, cookie, run, push if push != "both" else n % 2 == 0)
               for n, table in enumerate(tables) for path, cookie in table.screens]
    opening_slots = asyncio.Semaphore(OPENING_AT_ONCE)
    tasks = [asyncio.create_task(screen.live(aiohttp, stop, opening_slots)) for screen in screens]
    opening = time.monotonic()
    while not all(screen.ready for screen in screens) and time.monotonic() - opening < 120 + len(screens) / 10:
        await asyncio.sleep(0.2)  # every page opened, every stream connected
    await asyncio.sleep(2)
    for screen in screens:  # the version each campaign starts from
        run.ticks[screen.table.campaign] = [(screen.version() if screen.poller else 0, time.monotonic())]
    run.measuring = True
    gms = [asyncio.create_task(_gm(aiohttp, base, table, run, stop, random.uniform(0, tick_every), tick_every))
           for table in tables] + [asyncio.create_task(also(run, stop)) for also in alongside]
    await asyncio.sleep(seconds)
    run.measuring = False
    stop.set()
    for task in tasks + gms:
        task.cancel()
    await asyncio.gather(*tasks, *gms, return_exceptions=True)
    return run


def figures(run: Run) -> dict:
    return {"heard_p50_ms": _p(run.heard, 0.5), "heard_p95_ms": _p(run.heard, 0.95),
            "shown_p50_ms": _p(run.shown, 0.5), "shown_p95_ms": _p(run.shown, 0.95),
            "request_p95_ms": _p(run.requests + run.writes, 0.95), "write_p50_ms": _p(run.writes, 0.5),
            "changes_shown": len(run.shown), "requests": len(run.requests), "errors": dict(run.errors),
            "requests_per_change": round(len(run.requests) / changes, 2) if (changes := run.changes()) else None}


async def _floor(base: str, cookie: str, times: int = 60) -> float:
    """The median of a logged-in "still here", from the same kind of client: the floor."""
    import aiohttp

    samples = []
    async with aiohttp.ClientSession(headers={"Cookie": cookie}) as session:
        for _ in range(times):
            started = time.monotonic()
            async with session.get(base + reverse("ping")) as response:
                await response.read()
            samples.append(time.monotonic() - started)
    return sorted(samples)[len(samples) // 2]


def latency(serving, seconds: float = 30.0) -> dict:
    """One table of five screens, a tick every second: from the tick to each screen, pushed and
    polled, with the floor measured on the same server."""
    (table,) = build_tables(1, "latency")
    results = {}
    with serving() as base:
        floor = asyncio.run(_floor(base, table.screens[0][1]))
        for way, push in (("push", True), ("poll", False)):
            results[way] = figures(asyncio.run(simulate(base, [table], push, seconds, tick_every=1.0)))
    results["floor_ms"] = round(1000 * floor, 2)
    for way in ("push", "poll"):
        results[way]["heard_p95_ratio"] = round(results[way]["heard_p95_ms"] / results["floor_ms"], 1)
    return results


CAPACITY_STEPS = (10, 100, 200, 400, 600, 800, 1000)
"""Up to the issue's 1,000 tables within the time allowed: a step of 1,000 takes about three
minutes (its six thousand screens open 24 at a time, then 40 s measured)."""
MAX_SHOWN_P95_MS = 300.0
MAX_REQUEST_P95_MS = 250.0


def capacity(serving, seconds: float = 40.0, budget_seconds: float = 720.0, steps=CAPACITY_STEPS) -> dict:
    """The most tables (four players and a table screen each, a tick every 20 s) at which a change
    reaches the screens in 300 ms at the 95th percentile and a request takes 250 ms, pushed: more
    tables each step until one fails, within ``budget_seconds`` in all. Polled screens are not
    stepped: a poll every 1.5 s cannot show a change within 300 ms however few the tables (the
    latency figures show what it takes)."""
    deadline = time.monotonic() + budget_seconds
    tables: list[Table] = []
    held, tried = 0, []
    with serving() as base:
        for count in steps:
            if time.monotonic() + seconds + 30 > deadline:
                tried.append({"tables": count, "skipped": "out of time"})
                break
            if len(tables) < count:
                tables += build_tables(count - len(tables), f"cap{len(tables)}")
            seen = figures(asyncio.run(simulate(base, tables[:count], True, seconds)))
            seen["tables"] = count
            seen["held"] = (seen["shown_p95_ms"] is not None and seen["shown_p95_ms"] <= MAX_SHOWN_P95_MS
                            and seen["request_p95_ms"] <= MAX_REQUEST_P95_MS and not seen["errors"])
            tried.append(seen)
            if not seen["held"]:
                break
            held = count
    return {"push": {"tables": held, "steps": tried}, "seconds_each": seconds}
