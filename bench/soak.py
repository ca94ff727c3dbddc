"""``python -m bench.soak`` (``make soak``): simulated tables against the server as production runs
it (uvicorn, 2 workers, PostgreSQL, and a Redis of its own on a free loopback port) for
SOAK_SECONDS (240 by default), with a Redis restart and a worker killed in the middle. It reports
requests, errors and p95 overall and in each phase, then checks the database: nothing out of
bounds, nothing stuck, every roll's and tick's effects recorded. Exit 1 when an invariant fails.

A table is a GM ticking a clock, four players rolling through the wizard (the GM sets the risk
and effect; each success ticks the table's progress clock; every fourth roll its player sends
the first step again, as the back button does) and the five screens of bench/tables.py, pushed
at every other table and polled at the rest."""

import asyncio
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from bench import free_port

WORKERS = 2
TABLES = 4
# A GM's tick: often, for more changes to check; not every 5 s, uvicorn's keep-alive, whose
# closing of an idle connection races the next tick on it (a reset no browser would see).
TICK_EVERY = 4.0
THINK = (1.0, 3.0)  # seconds a player takes between two steps of the wizard
RESEND_EVERY = 4  # every fourth roll, the first step is sent again with its used key
REDIS_AWAY = 20.0
KEY = re.compile(r'name="key" value="([^"]+)"')
MOVED = (301, 302, 303)


@dataclass(frozen=True)
class Seat:
    """A player at a table, and what their rolls need."""
    campaign: int
    character: int
    cookie: str
    gm_cookie: str
    csrf: str
    progress: int  # the table's progress clock


def soak_run():
    """A Run of bench/tables.py that also keeps each request with when it was answered (or
    failed), and the phases the faults started."""
    from bench.tables import Run

    @dataclass
    class Timed(Run):
        seen: list = field(default_factory=list)  # (answered at, seconds or None, status or failure, ok)
        phases: list = field(default_factory=list)  # (name, from)

        def mark(self, name: str) -> None:
            self.phases.append((name, time.monotonic()))

        def saw(self, started, what, ok=(200, 204)):
            super().saw(started, what, ok)
            now = time.monotonic()
            self.seen.append((now, now - started, what, what in ok))

        def failed(self, what):
            super().failed(what)
            self.seen.append((time.monotonic(), None, what, False))

        def wrote(self, sent):
            super().wrote(sent)
            now = time.monotonic()
            self.seen.append((now, now - sent, "tick", True))

    run = Timed()
    run.measuring = True
    return run


def figures(seen) -> dict:
    """Requests, errors by status or kind, and the 95th percentile in milliseconds."""
    from collections import Counter

    from bench.tables import _p

    return {"requests": sum(1 for _, took, _, _ in seen if took is not None),
            "errors": dict(Counter(str(what) for _, _, what, ok in seen if not ok)),
            "p95_ms": _p([took for _, took, _, _ in seen if took is not None], 0.95)}


def by_phase(run) -> dict:
    """The figures of the whole run and of each phase."""
    bounds = run.phases + [("", float("inf"))]
    result = {"overall": figures(run.seen)}
    for (name, start), (_, end) in zip(bounds, bounds[1:], strict=False):
        result[name] = figures([s for s in run.seen if start <= s[0] < end])
    return result


async def send(session, run, method, url, data=None, headers=None, ok=(200,) + MOVED):
    """A request of a scripted person: (status, Location) or None when it got no answer."""
    from bench.tables import _client_error, failure, timeout

    started = time.monotonic()
    try:
        async with session.request(method, url, data=data, headers=headers, allow_redirects=False,
                                   timeout=timeout()) as response:
            await response.read()
    except (OSError, TimeoutError, _client_error()) as error:
        run.saw(started, failure(error), ok)
        return None
    run.saw(started, response.status, ok)
    return response.status, response.headers.get("Location", "")


async def pause(stop, seconds):
    with suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


SET = {"risk": 2, "effect": 2}  # what the GM sets: moderate risk, standard effect


def first_step(key: str, character: int) -> dict:
    """The wizard's first step as the page posts it: the character, the goal and the action."""
    return {"key": key, "character": character, "action": "Sneak", "goal": "Past the guards", "step": 1}


def roll_step(first: dict) -> dict:
    """The last step, rolled as the GM set it, with nothing added to even the odds."""
    return {**first, "step": 3, "roll": "1", **SET}


async def player(base: str, seat: Seat, run, stop) -> None:
    """Roll after roll through the wizard, until told to stop."""
    import aiohttp
    from django.urls import reverse

    new = base + reverse("roll_new", args=[seat.campaign])
    mine = {"Cookie": seat.cookie, "X-CSRFToken": seat.csrf}
    gm = {"Cookie": seat.gm_cookie, "X-CSRFToken": seat.csrf, "HX-Request": "true"}
    rolls = 0
    async with aiohttp.ClientSession() as session:
        while not stop.is_set():
            await pause(stop, random.uniform(*THINK))
            page = await session_text(session, run, f"{new}?character={seat.character}", mine)
            if not (found := KEY.search(page)):
                continue
            first = first_step(found.group(1), seat.character)
            started = await send(session, run, "POST", new, first, mine)
            if not started or started[0] not in MOVED:
                continue
            pending = base + started[1]
            await pause(stop, random.uniform(*THINK))
            await send(session, run, "POST", pending + "set/", SET, gm)
            await pause(stop, random.uniform(*THINK))
            third = roll_step(first)
            made = await send(session, run, "POST", pending, third, mine)
            if made is None:  # no answer: pressed again, the same key
                await pause(stop, 1.0)
                made = await send(session, run, "POST", pending, third, mine)
            if not made or not re.search(r"/rolls/\d+/$", made[1]):
                continue
            rolls += 1
            await send(session, run, "POST", base + made[1] + "progress/", {"clock": seat.progress}, mine)
            if rolls % RESEND_EVERY == 0:  # the back button: the first step again, its key used
                await send(session, run, "POST", new, first, mine)


async def session_text(session, run, url, headers) -> str:
    from bench.tables import _client_error, failure, timeout

    started = time.monotonic()
    try:
        async with session.get(url, headers=headers, timeout=timeout()) as response:
            body = await response.text()
    except (OSError, TimeoutError, _client_error()) as error:
        run.saw(started, failure(error))
        return ""
    run.saw(started, response.status)
    return body


class Redis:
    """A redis-server of the soak's own, on a free loopback port, that can be killed and started
    again. Nothing is saved: a restart starts empty, as after a crash without persistence."""

    def __init__(self, port: int):
        self.port, self.process = port, None
        self.url = f"redis://127.0.0.1:{port}/0"

    def start(self) -> None:
        import redis

        self.process = subprocess.Popen(
            [shutil.which("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        for _ in range(50):
            with suppress(redis.ConnectionError):
                client.ping()
                return
            time.sleep(0.1)
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@contextmanager
def own_redis():
    server = Redis(free_port())
    server.start()
    try:
        yield server
    finally:
        server.kill()


def workers(supervisor: int) -> set[int]:
    """The worker processes uvicorn's supervisor runs (not multiprocessing's resource tracker)."""
    children = set()
    for task in Path(f"/proc/{supervisor}/task").glob("*"):  # each thread's children
        with suppress(OSError):
            children.update((task / "children").read_text().split())
    found = set()
    for pid in map(int, children):
        with suppress(OSError):
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"spawn_main" in command and b"resource_tracker" not in command:
                found.add(pid)
    return found


async def faults(run, stop, redis: Redis, supervisor: int, seconds: float, outcome: dict) -> None:
    """Redis killed at a quarter of the run and started again after REDIS_AWAY seconds (less in a
    short run); at 60%, a worker killed with SIGKILL, and how long until uvicorn replaced it."""
    begun = time.monotonic()
    run.mark("before")
    await pause(stop, seconds * 0.25)
    redis.kill()
    run.mark("Redis away")
    await pause(stop, min(REDIS_AWAY, seconds * 0.15))
    await asyncio.to_thread(redis.start)
    run.mark("after")
    await pause(stop, max(0.0, begun + seconds * 0.6 - time.monotonic()))
    before = workers(supervisor)
    for _ in range(50):  # /proc may be a moment behind on a busy machine
        if len(before) == WORKERS:
            break
        await asyncio.sleep(0.2)
        before = workers(supervisor)
    outcome["workers_before"] = len(before)
    if not before:
        return
    victim = random.choice(sorted(before))
    os.kill(victim, signal.SIGKILL)
    killed = time.monotonic()
    run.mark("worker killed")
    while not stop.is_set() and time.monotonic() - killed < 60:
        now = workers(supervisor)
        if victim not in now and len(now) == len(before):
            outcome["replaced_after_s"] = round(time.monotonic() - killed, 1)
            break
        await asyncio.sleep(0.2)


def seats(tables) -> list[Seat]:
    """Each table's players, and a progress clock for their successes."""
    from django.urls import resolve

    from clocks.models import Clock

    found = []
    for table in tables:
        progress = Clock.objects.create(campaign_id=table.campaign, name="The heist", kind="progress", size=12,
                                        visibility="all", who_may_tick="members")
        for path, cookie in table.screens:
            if (character := resolve(path).kwargs.get("character_id")) is not None:
                found.append(Seat(table.campaign, character, f"{cookie}; csrftoken={table.csrf}",
                                  table.gm_cookie, table.csrf, progress.pk))
    return found


def starting_state(campaigns) -> dict:
    from characters.models import Character
    from clocks.models import Clock

    return {"momentum": dict(Character.objects.filter(campaign__in=campaigns).values_list("pk", "charge__momentum")),
            "clocks": dict(Clock.objects.filter(campaign__in=campaigns).values_list("pk", "filled"))}


def invariants(campaigns, start: dict) -> tuple[list[str], dict]:
    """What must hold in the database after the run, whatever failed during it: the problems
    found, and how much was checked."""
    from campaign.models import Campaign, Event
    from characters.models import Character
    from charge import landed
    from charge.models import PendingRoll
    from clocks.models import Clock, ClockChange
    from rolls.models import Roll

    problems = []
    characters = list(Character.objects.filter(campaign__in=campaigns).select_related("campaign__charge", "charge"))
    clocks = list(Clock.objects.filter(campaign__in=campaigns))
    rolls = list(Roll.objects.filter(campaign__in=campaigns).order_by("pk"))
    changes = list(ClockChange.objects.filter(clock__in=clocks).order_by("pk"))
    for character in characters:
        # Charge sets no most momentum; the least is 0, the most what the rolls below account for.
        if character.charge.momentum < 0:
            problems.append(f"{character.name} (#{character.pk}) has momentum {character.charge.momentum}")
        if not 0 <= character.charge.stress <= character.campaign.charge.rules.stress_clock_size:
            problems.append(f"{character.name} (#{character.pk}) has stress {character.charge.stress}")
        running = start["momentum"][character.pk]
        for roll in rolls:  # a roll locks its characters: in order of pk, each begins where the last ended
            if (moved := (roll.result or {}).get("momentum", {}).get(str(character.pk))) is not None:
                if moved[0] != running:
                    problems.append(f"roll #{roll.pk} found {character.name} at {moved[0]} momentum, not {running}")
                running = moved[1]
        if running != character.charge.momentum:
            problems.append(f"{character.name} (#{character.pk}) has {character.charge.momentum} momentum; "
                            f"the rolls account for {running}")
    became_full = {clock.pk: 0 for clock in clocks}
    for clock in clocks:  # within its size: the database's constraint (filled_within_size) holds it
        running = start["clocks"].get(clock.pk, 0)
        for change in (c for c in changes if c.clock_id == clock.pk):
            if change.before != running:
                problems.append(f"clock change #{change.pk} starts at {change.before}, the clock was at {running}")
            became_full[clock.pk] += change.before < clock.size == change.after
            running = change.after
        if running != clock.filled:
            problems.append(f"clock {clock.name} (#{clock.pk}) holds {clock.filled}; its changes say {running}")
        if (told := Event.objects.filter(clock=clock).count()) != became_full[clock.pk]:
            problems.append(f"clock {clock.name} (#{clock.pk}) filled {became_full[clock.pk]} times; "
                            f"the log says so {told} times")
    by_roll = {change.roll_id: change for change in changes if change.roll_id}
    for roll in rolls:
        progress = landed.aftermath(roll).progress
        change = by_roll.pop(roll.pk, None)
        if progress is None and change is not None:
            problems.append(f"clock change #{change.pk} names roll #{roll.pk}, which ticked no clock")
        elif progress is not None and change is None and not became_full.get(progress.clock):
            problems.append(f"roll #{roll.pk} ticked clock #{progress.clock}, which has no change for it")
        elif change is not None and (change.clock_id != progress.clock or change.amount > progress.ticks):
            problems.append(f"clock change #{change.pk} is not what roll #{roll.pk} ticked")
    used = set(Roll.objects.values_list("idempotency_key", flat=True))
    for pending in PendingRoll.objects.filter(campaign__in=campaigns).select_related("character"):
        if pending.key in used:
            problems.append(f"{pending.character.name}'s roll on its way has the used key of a roll made: "
                            "every roll of theirs lands on the old one")
    checked = {"campaigns": Campaign.objects.filter(pk__in=campaigns).count(), "characters": len(characters),
               "rolls": len(rolls), "clock changes": len(changes),
               "progress ticks": sum(1 for roll in rolls if landed.aftermath(roll).progress is not None)}
    return problems, checked


def report(phases: dict, outcome: dict, checked: dict, problems: list[str], seconds: float) -> str:
    lines = [f"soak: {seconds:.0f} s, {TABLES} tables ({TABLES // 2 + TABLES % 2} pushed, {TABLES // 2} polled), "
             f"{WORKERS} uvicorn workers, PostgreSQL, its own Redis",
             f"{'phase':15} {'requests':>8} {'p95 ms':>8}  errors"]
    for name, f in phases.items():
        errors = ", ".join(f"{what} x{n}" for what, n in sorted(f["errors"].items())) or "none"
        lines.append(f"{name:15} {f['requests']:>8} {f['p95_ms'] or '-':>8}  {errors}")
    replaced = outcome.get("replaced_after_s")
    lines.append(f"worker killed: {'replaced after ' + str(replaced) + ' s' if replaced is not None else 'NOT replaced'}"
                 f" ({outcome.get('workers_before', 0)} workers before)")
    lines.append("checked: " + ", ".join(f"{n} {what}" for what, n in checked.items()))
    lines.append("Invariants: " + ("all held." if not problems else "BROKEN:\n  " + "\n  ".join(problems)))
    return "\n".join(lines)


def main() -> int:
    from bench.__main__ import production_like, scratch_database

    seconds = float(os.environ.get("SOAK_SECONDS", 240))
    if not shutil.which("redis-server"):
        print("The soak starts its own Redis: install redis-server.", file=sys.stderr)
        return 2
    database = scratch_database("charge_soak")
    if not database.startswith("postgres"):
        print("The soak runs on PostgreSQL (127.0.0.1:5432, or BENCH_DATABASE_URL).", file=sys.stderr)
        return 2
    with own_redis() as redis, tempfile.NamedTemporaryFile("w+", prefix="soak-", suffix=".log", delete=False) as log:
        env = production_like(database, redis.url)

        from bench.load import server
        from bench.tables import build_tables, simulate

        tables = build_tables(TABLES, "soak")
        players = seats(tables)
        campaigns = [table.campaign for table in tables]
        start, outcome = starting_state(campaigns), {}
        run = soak_run()
        with server(env, WORKERS, log=log) as (base, supervisor):
            alongside = [lambda r, s, seat=seat: player(base, seat, r, s) for seat in players]
            alongside.append(lambda r, s: faults(r, s, redis, supervisor.pid, seconds, outcome))
            asyncio.run(simulate(base, tables, "both", seconds, tick_every=TICK_EVERY, run=run, alongside=alongside))
        problems, checked = invariants(campaigns, start)
        print(report(by_phase(run), outcome, checked, problems, seconds))
        log.seek(0)
        print(f"the server logged {log.read().count('Traceback')} tracebacks: {log.name}")
    if outcome.get("workers_before") and outcome.get("replaced_after_s") is None:
        problems.append("the killed worker was not replaced")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
