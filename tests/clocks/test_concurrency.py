"""Two people ticking the same clock at the same moment both count (PostgreSQL, real threads)."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Role
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


def _ticks_at_once(posts):
    """Each (user, key) taps +1 on one clock through the views, all at the same moment."""
    gm = gm_of_new_campaign("gm-keys")
    clock = ClockFactory(campaign=gm.campaign, name="Alert", kind="danger", size=8, filled=0,
                         who_may_tick=WhoMayTick.MEMBERS)
    url = reverse("clock_tick", args=[gm.campaign.pk, clock.pk])
    users = {"gm": gm.user, "co-gm": join(gm.campaign, UserFactory(username="co-gm-keys"), Role.GM).user}

    def tap(who, key):
        client = Client()
        client.force_login(users[who])
        assert client.post(url, {"amount": 1, "key": key}, HTTP_HX_REQUEST="true").status_code == 200

    assert run_at_once([lambda who=who, key=key: tap(who, key) for who, key in posts]) == []
    clock.refresh_from_db()
    return clock.filled


def test_two_gms_ticking_at_once_both_count():
    skip_unless_postgresql()
    assert _ticks_at_once([("gm", "gm-tap"), ("co-gm", "co-gm-tap")]) == 2


def test_a_double_tap_sent_at_once_ticks_once():
    skip_unless_postgresql()
    assert _ticks_at_once([("gm", "one-tap")] * 4) == 1
