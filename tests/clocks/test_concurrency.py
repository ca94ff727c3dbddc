"""Two people ticking the same clock at the same moment both count (PostgreSQL, real threads)."""

import random

import pytest

from clocks.actions import change_clock
from clocks.models import ClockChange, WhoMayTick
from tests.factories import ClockFactory, UserFactory, gm_of_new_campaign, join
from tests.helpers import run_at_once, skip_unless_postgresql

pytestmark = pytest.mark.django_db(transaction=True)

THREADS, TICKS, SIZE, START = 8, 25, 6, 3


def test_eight_threads_ticking_at_random_lose_no_change_and_stay_within_the_clock():
    skip_unless_postgresql()
    gm = gm_of_new_campaign("gm-threads")
    campaign = gm.campaign
    clock = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=SIZE, filled=START,
                         who_may_tick=WhoMayTick.MEMBERS)
    members = [gm] + [
        join(campaign, UserFactory(username=f"player-threads-{i}")) for i in range(THREADS - 1)]

    def player(index):
        rng = random.Random(index)
        for _ in range(TICKS):
            change_clock(members[index], clock.pk, amount=rng.choice((1, -1)))

    errors = run_at_once([lambda index=index: player(index) for index in range(THREADS)])
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
