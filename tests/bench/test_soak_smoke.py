"""The machinery of ``make soak``, without its minutes: the players' wizard steps as the views
take them, the database check catching each thing it looks for, the figures by phase, a failed
connection counted by kind, and the faults' own tools (a Redis of its own, uvicorn's workers)."""

import asyncio
import multiprocessing
import os
import re
import shutil
import time

import pytest
from django.test import Client
from django.urls import reverse

from bench.soak import (
    KEY,
    SET,
    by_phase,
    first_step,
    invariants,
    own_redis,
    roll_step,
    seats,
    send,
    soak_run,
    starting_state,
    workers,
)
from bench.tables import build_tables
from campaign.models import Membership, Role
from characters.models import Character
from charge.models import PendingRoll
from clocks.models import Clock, ClockChange
from rolls.models import Roll
from tests.helpers import update_character


@pytest.fixture
def soak_table(db, dice):
    (table,) = build_tables(1, "smoke")
    seat = seats([table])[0]
    start = starting_state([table.campaign])
    player, gm = Client(), Client()
    player.force_login(Character.objects.get(pk=seat.character).owner)
    gm.force_login(Membership.objects.get(campaign=table.campaign, role=Role.GM).user)
    dice(6, 3, 6, 2, 6, 1)  # three full successes: each ticks the progress clock
    for _ in range(3):
        page = player.get(reverse("roll_new", args=[seat.campaign]) + f"?character={seat.character}")
        first = first_step(KEY.search(page.content.decode()).group(1), seat.character)
        started = player.post(reverse("roll_new", args=[seat.campaign]), first)
        assert started.status_code == 302
        assert gm.post(started["Location"] + "set/", SET, HTTP_HX_REQUEST="true").status_code == 200
        made = player.post(started["Location"], roll_step(first))
        assert re.search(r"/rolls/\d+/$", made["Location"])
        player.post(made["Location"] + "progress/", {"clock": seat.progress})
    return table, seat, start


def test_the_players_steps_make_rolls_whose_effects_all_add_up(soak_table):
    table, seat, start = soak_table
    problems, checked = invariants([table.campaign], start)
    assert problems == []
    assert checked["rolls"] == checked["progress ticks"] == 3
    assert Clock.objects.get(pk=seat.progress).filled == 6  # three standard effects


def _momentum_moved_behind_the_rolls(seat):
    update_character(seat.character, momentum=9)


def _a_rolls_tick_lost(seat):
    ClockChange.objects.filter(roll__isnull=False).first().delete()


def _a_clock_moved_without_a_change(seat):
    Clock.objects.filter(pk=seat.progress).update(filled=7)


def _stress_past_its_clock(seat):
    update_character(seat.character, stress=5)


def _a_roll_on_its_way_with_a_used_key(seat):
    character = Character.objects.get(pk=seat.character)
    PendingRoll.objects.create(campaign_id=seat.campaign, character=character, action="Sneak",
                               key=Roll.objects.first().idempotency_key)


@pytest.mark.parametrize(("broken", "said"), [
    (_momentum_moved_behind_the_rolls, "the rolls account for"),
    (_a_rolls_tick_lost, "has no change for it"),
    (_a_clock_moved_without_a_change, "its changes say"),
    (_stress_past_its_clock, "has stress 5"),
    (_a_roll_on_its_way_with_a_used_key, "used key"),
])
def test_the_check_finds_what_a_fault_could_leave(soak_table, broken, said):
    table, seat, start = soak_table
    broken(seat)
    problems, _ = invariants([table.campaign], start)
    assert any(said in problem for problem in problems), problems


def test_figures_are_given_by_the_phase_each_request_was_answered_in():
    run = soak_run()
    run.phases = [("before", 10.0), ("Redis away", 20.0), ("after", 40.0)]
    run.seen = [(11.0, 0.010, 200, True), (19.0, 0.100, 200, True), (21.0, 0.020, 500, False),
                (22.0, None, "stream reset", False), (41.0, 0.030, 302, True)]
    phases = by_phase(run)
    assert phases["overall"] == {"requests": 4, "errors": {"500": 1, "stream reset": 1}, "p95_ms": 100.0}
    assert phases["before"] == {"requests": 2, "errors": {}, "p95_ms": 100.0}
    assert phases["Redis away"] == {"requests": 1, "errors": {"500": 1, "stream reset": 1}, "p95_ms": 20.0}
    assert phases["after"]["requests"] == 1


def test_a_request_that_gets_no_answer_is_counted_by_kind():
    import aiohttp

    from bench import free_port

    async def nobody_there():
        async with aiohttp.ClientSession() as session:
            return await send(session, run, "GET", f"http://127.0.0.1:{free_port()}/")

    run = soak_run()
    assert asyncio.run(nobody_there()) is None
    assert dict(run.errors) == {"refused": 1}


@pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")
def test_the_soaks_own_redis_is_killed_and_started_again():
    import redis

    with own_redis() as server:
        client = redis.Redis.from_url(server.url, socket_connect_timeout=0.5)
        client.set("still-here", 1)
        server.kill()
        with pytest.raises(redis.ConnectionError):
            client.ping()
        server.start()
        assert client.ping() and client.get("still-here") is None  # back, and empty


def test_the_workers_are_the_supervisors_spawned_children():
    child = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(30,))
    child.start()
    try:
        asked_until = time.monotonic() + 10  # on a busy machine /proc may be a moment behind
        while child.pid not in workers(os.getpid()) and time.monotonic() < asked_until:
            time.sleep(0.05)
        assert child.pid in workers(os.getpid())
    finally:
        child.kill()
        child.join()
    assert child.pid not in workers(os.getpid())
