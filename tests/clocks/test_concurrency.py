"""Two people ticking the same clock at the same moment both count (PostgreSQL, real threads)."""

import random
import threading

import pytest
from django.db import connection, connections

from campaign.models import Membership
from clocks.actions import change_clock
from clocks.models import Clock, ClockChange, WhoMayTick
from tests.factories import UserFactory, join, make_campaign

pytestmark = pytest.mark.django_db(transaction=True)

THREADS, TICKS, SIZE, START = 8, 25, 6, 3


def test_eight_threads_ticking_at_random_lose_no_change_and_stay_within_the_clock():
    if connection.vendor != "postgresql":
        pytest.skip("Concurrency is tested on PostgreSQL (CI runs it); SQLite serializes all writers.")
    gm = UserFactory(username="gm-threads")
    campaign = make_campaign(gm)
    clock = Clock.objects.create(campaign=campaign, name="Alert", kind="danger", size=SIZE,
                                 filled=START, who_may_tick=WhoMayTick.MEMBERS)
    members = [Membership.objects.get(campaign=campaign, user=gm)] + [
        join(campaign, UserFactory(username=f"player-threads-{i}")) for i in range(THREADS - 1)]
    errors = []
    barrier = threading.Barrier(THREADS)

    def player(index):
        rng = random.Random(index)
        try:
            barrier.wait()
            for _ in range(TICKS):
                change_clock(members[index], clock.pk, amount=rng.choice((1, -1)))
        except Exception as error:  # noqa: BLE001 - reported below, with the thread's name
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=player, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    clock.refresh_from_db()
    changes = list(ClockChange.objects.filter(clock=clock).order_by("pk"))
    assert 0 <= clock.filled <= SIZE
    assert clock.filled == START + sum(change.after - change.before for change in changes)
    # Every change starts where the one before it ended: none was computed from a stale value.
    assert all(a.after == b.before for a, b in zip(changes, changes[1:], strict=False))
    assert all(0 <= change.before <= SIZE and 0 <= change.after <= SIZE for change in changes)
    assert all(abs(change.after - change.before) == 1 for change in changes)
    # A tick at an end of the clock changes nothing and records nothing; all others were kept.
    assert len(changes) > THREADS * TICKS // 2
