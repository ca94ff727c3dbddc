"""Redis killed, hung or shared with another site, through the views: the site plays on without
it (sessions from the database, the cache a miss, pushes to this process's streams), each request
bounded, says so once, and comes back by itself with nothing stale (core/cache.py,
campaign/push.py). Each test runs its own redis-server."""

import asyncio
import logging
import signal
import time

import pytest
import redis
from asgiref.sync import async_to_sync
from django.test import AsyncClient, Client
from django.urls import reverse

import core.cache
from campaign import push
from campaign.models import Campaign
from clocks.models import Clock
from core.cache import RedisCache
from rolls.models import Roll
from tests.factories import ClockFactory
from tests.helpers import HTMX, NEEDS_REDIS_SERVER, PASSWORD, OwnRedis, wizard

pytestmark = [NEEDS_REDIS_SERVER, pytest.mark.django_db(transaction=True)]

BOUND = 2.0
"""Seconds any request may take with Redis away or hung: generous; without the breaker a hung
Redis holds a request until its client gives up, and each of its cache calls again."""
PAUSE = 0.3


def use(settings, url, site="test:0"):
    """The site on the Redis at ``url``, as config/settings.py sets it up."""
    settings.REDIS_URL = url
    settings.REDIS_SITE = site
    settings.CACHES = {"default": {"BACKEND": "core.cache.RedisCache", "LOCATION": url, "KEY_PREFIX": site}}
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.LIVE_VERSION_IN_CACHE = True


@pytest.fixture
def server(settings, monkeypatch):
    server = OwnRedis().start()
    use(settings, server.url)
    settings.AXES_ENABLED = True  # the logins are throttled too (in the database)
    monkeypatch.setattr(core.cache, "PAUSE", PAUSE)
    yield server
    server.kill()
    core.cache._breakers.pop(server.url, None)  # no other test's Redis


@pytest.fixture
def clock(table):
    return ClockFactory(campaign=table.campaign, name="Alarm", size=12)


def timed(request, *args, **kwargs):
    started = time.monotonic()
    response = request(*args, **kwargs)
    assert time.monotonic() - started < BOUND, f"{args[0]} took {time.monotonic() - started:.1f} s"
    return response


def version_of(campaign) -> int:
    return Campaign.objects.values_list("live_version", flat=True).get(pk=campaign.pk)


def logged_in(username="player1") -> Client:
    browser = Client()
    assert timed(browser.post, reverse("login"), {"username": username, "password": PASSWORD}).status_code == 302
    return browser


def first_event(browser: Client, campaign_id: int) -> bytes:
    """What the live stream says first to the browser's session."""
    client = AsyncClient()
    client.cookies = browser.cookies

    async def scenario():
        response = await client.get(reverse("live_stream", args=[campaign_id]))
        stream = aiter(response.streaming_content)
        first = await anext(stream)
        await stream.aclose()
        if subscription := push._subscriptions.pop(asyncio.get_running_loop(), None):
            subscription.cancel()
        return response.status_code, first

    started = time.monotonic()
    status, first = async_to_sync(scenario)()
    assert status == 200 and time.monotonic() - started < BOUND
    return first


def play(table, clock):
    """A player logs in, opens the campaign, polls and watches the stream; the GM ticks a clock;
    someone asks for a password reset; the player rolls: every answer as ever, every write in the
    database."""
    pk = table.campaign.pk
    browser = logged_in()
    assert timed(browser.get, reverse("campaign", args=[pk])).status_code == 200
    version = version_of(table.campaign)
    assert timed(browser.get, reverse("live", args=[pk]), {"v": version}, **HTMX).status_code == 204
    filled = Clock.objects.get(pk=clock.pk).filled
    ticked = timed(table.client("gm").post, reverse("clock_tick", args=[pk, clock.pk]), {"amount": 1})
    assert ticked.status_code in (200, 302)
    assert Clock.objects.get(pk=clock.pk).filled == filled + 1
    moved = timed(browser.get, reverse("live", args=[pk]), {"v": version}, **HTMX)
    assert moved.status_code == 200 and f"v={version_of(table.campaign)}" in moved.text
    # The email links' throttle counts in the cache: without it, it lets the request through.
    assert timed(Client().post, reverse("password_reset"), {"email": "nobody@example.org"}).status_code == 302
    rolls = Roll.objects.filter(character=table.character).count()
    assert wizard(table).status_code == 302
    assert Roll.objects.filter(character=table.character).count() == rolls + 1
    assert first_event(browser, pk).endswith(f"event: version\ndata: {version_of(table.campaign)}\n\n".encode())


def said(caplog, words):
    return [record for record in caplog.records if words in record.getMessage()]


def site_keys(server) -> list:
    return redis.Redis.from_url(server.url).keys("test:0:*")


def test_with_redis_killed_the_site_plays_on_says_so_once_and_comes_back_by_itself(table, clock, server, caplog):
    caplog.set_level(logging.WARNING, logger="core.cache")
    play(table, clock)
    assert site_keys(server)  # the cache, sessions included, is Redis

    server.signal(signal.SIGKILL)
    server.process.wait()
    play(table, clock)
    time.sleep(PAUSE)  # Redis is tried again, and is still away
    play(table, clock)
    assert len(said(caplog, "is away")) == 1 and not said(caplog, "is back")

    server.start()  # empty: what it held is gone
    time.sleep(PAUSE)
    play(table, clock)
    assert len(said(caplog, "is back")) == 1
    assert site_keys(server)  # the cache is used again

    # Push resumes: a bump is published on Redis, and one published by another worker reaches this one's streams.
    listener = redis.Redis.from_url(server.url).pubsub(ignore_subscribe_messages=True)
    listener.subscribe(push.channel())
    listener.get_message(timeout=2)  # subscribed
    push.publish(table.campaign.pk, 41)
    message = listener.get_message(timeout=2)
    assert message and message["data"] == f"{table.campaign.pk} 41".encode()

    async def another_worker_publishes():
        with push.hub.listening(table.campaign.pk) as bumps:
            push.subscribe()
            await asyncio.sleep(0.3)  # subscribed
            redis.Redis.from_url(server.url).publish(push.channel(), f"{table.campaign.pk} 42")
            heard = await asyncio.wait_for(bumps.get(), 3)
            push._subscriptions.pop(asyncio.get_running_loop()).cancel()
            return heard

    assert asyncio.run(another_worker_publishes()) == 42


def test_a_hung_redis_is_tried_once_in_a_pause_and_holds_no_request(table, clock, server, monkeypatch):
    play(table, clock)
    monkeypatch.setattr(core.cache, "PAUSE", 60)  # longer than the test: Redis is not tried again
    tries = []
    breaker = core.cache.breaker(server.url)
    failed = breaker.failed
    monkeypatch.setattr(breaker, "failed", lambda error: tries.append(error) or failed(error))

    server.signal(signal.SIGSTOP)
    play(table, clock)
    play(table, clock)
    assert len(tries) == 1 and isinstance(tries[0], redis.TimeoutError)


def test_what_changed_while_redis_hung_is_not_served_stale_once_it_is_back(table, clock, server):
    pk = table.campaign.pk
    watcher, leaving, leaver = logged_in("gamemaster"), logged_in("player1"), table.client("other_player")
    version = version_of(table.campaign)
    for browser in (watcher, leaving, leaver):  # the version, each membership and session in Redis
        assert browser.get(reverse("live", args=[pk]), {"v": version}, **HTMX).status_code == 204
    session = leaving.cookies["sessionid"].value

    server.signal(signal.SIGSTOP)
    table.client("gm").post(reverse("clock_tick", args=[pk, clock.pk]), {"amount": 1})
    table.campaign.memberships.filter(user=table.other_player).delete()
    leaving.post(reverse("logout"))
    server.signal(signal.SIGCONT)
    time.sleep(PAUSE)

    moved = watcher.get(reverse("live", args=[pk]), {"v": version}, **HTMX)
    assert moved.status_code == 200 and f"v={version_of(table.campaign)}" in moved.text
    assert leaver.get(reverse("live", args=[pk]), {"v": version}, **HTMX).status_code == 404
    leaving.cookies["sessionid"] = session  # the logged-out session's cookie, sent again
    assert leaving.get(reverse("campaign", args=[pk])).status_code == 302  # to the login


def test_two_sites_on_one_redis_never_read_each_others_keys_or_hear_each_others_versions(table, server, settings):
    mine, theirs = "charge:0", "charge:1"  # as config/settings.py names two sites on databases 0 and 1
    RedisCache(server.url, {"KEY_PREFIX": theirs}).set("live:v:1", 99999)
    assert RedisCache(server.url, {"KEY_PREFIX": mine}).get("live:v:1") is None

    use(settings, server.url, site=mine)

    async def both_publish():
        with push.hub.listening(table.campaign.pk) as bumps:
            push.subscribe()
            await asyncio.sleep(0.3)  # subscribed
            settings.REDIS_SITE = theirs
            await asyncio.to_thread(push.publish, table.campaign.pk, 99999)
            settings.REDIS_SITE = mine
            await asyncio.to_thread(push.publish, table.campaign.pk, 7)
            heard = await asyncio.wait_for(bumps.get(), 3)
            await asyncio.sleep(0.3)
            push._subscriptions.pop(asyncio.get_running_loop()).cancel()
            return [heard, *(bumps.get_nowait() for _ in range(bumps.qsize()))]

    assert asyncio.run(both_publish()) == [7]
