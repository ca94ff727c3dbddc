"""Push: a committed change publishes the campaign's new version, and each stream open on the
campaign says it at once (campaign/push.py, campaign/views/streams.py)."""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from django.db import transaction
from django.test import AsyncClient, Client
from django.urls import reverse

from campaign import push
from campaign.models import Campaign
from campaign.views import streams
from config.asgi import STREAM
from tests.factories import ClockFactory, UserFactory, join, make_campaign
from tests.helpers import NEEDS_REDIS, TEST_REDIS_URL


@pytest.fixture
def campaign(transactional_db):
    gm = UserFactory(username="gm-stream")
    campaign = make_campaign(gm, name="Streamed")
    join(campaign, UserFactory(username="player-stream"))
    return campaign


def _client(username):
    from django.contrib.auth import get_user_model

    client = AsyncClient()
    client.force_login(get_user_model().objects.get(username=username))
    return client


def _version(campaign):
    return Campaign.objects.values_list("live_version", flat=True).get(pk=campaign.pk)


def test_a_committed_change_publishes_the_new_version_once(campaign, monkeypatch):
    published = []
    monkeypatch.setattr("campaign.live.publish", lambda *told: published.append(told))
    clock = ClockFactory(campaign=campaign, name="Alert", size=6)
    before = _version(campaign)
    with transaction.atomic():  # one transaction, two saves: one bump
        clock.filled = 3
        clock.save()
        clock.save()
    # Outside a request no one notes every write: the bump is told as a change of anything.
    assert published[-1] == (campaign.pk, before + 1, None) == (campaign.pk, _version(campaign), None)


def test_the_hub_tells_each_stream_on_the_campaign_and_no_other():
    async def scenario():
        with push.hub.listening(1) as first, push.hub.listening(1) as second, push.hub.listening(2) as other:
            push.hub.deliver(1, 7)
            await asyncio.sleep(0)
            return first.get_nowait(), second.get_nowait(), other.empty(), push.hub.open_streams()
    assert asyncio.run(scenario()) == (7, 7, True, 3)
    assert push.hub.open_streams() == 0


def test_a_member_is_told_the_version_at_once_then_each_new_one(campaign, monkeypatch):
    version = _version(campaign)

    client = _client("player-stream")

    async def scenario():
        response = await client.get(reverse("live_stream", args=[campaign.pk]))
        stream = aiter(response.streaming_content)
        first = await anext(stream)
        push.hub.deliver(campaign.pk, version + 1)
        push.hub.deliver(campaign.pk, version + 2)  # two at once: told as the last
        second = await anext(stream)
        await stream.aclose()
        return response, first, second

    response, first, second = async_to_sync(scenario)()
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["X-Accel-Buffering"] == "no"
    assert first == f"retry: 2000\nevent: version\ndata: {version}\n\n".encode()
    assert second == f"event: version\ndata: {version + 2}\n\n".encode()
    assert push.hub.open_streams() == 0


def test_a_quiet_stream_says_it_is_alive_and_catches_a_bump_it_did_not_hear(campaign, monkeypatch):
    monkeypatch.setattr(streams, "HEARTBEAT", 0.05)
    version = _version(campaign)

    client = _client("player-stream")

    async def scenario():
        response = await client.get(reverse("live_stream", args=[campaign.pk]))
        stream = aiter(response.streaming_content)
        await anext(stream)
        alive = await anext(stream)
        await asyncio.to_thread(Campaign.bump_version, campaign.pk)  # as if by another worker
        caught = await anext(stream)
        await stream.aclose()
        return alive, caught

    monkeypatch.setattr("campaign.live.publish", lambda *told: None)  # heard by no stream
    alive, caught = async_to_sync(scenario)()
    assert alive == f"event: alive\ndata: {version}\n\n".encode()
    assert caught == f"event: version\ndata: {version + 1}\n\n".encode()


def test_a_stream_told_a_version_that_was_never_its_campaigns_tells_the_true_one_at_the_next_heartbeat(campaign, monkeypatch):
    """A foreign message (another site on the same Redis said "<campaign> 99999") must not freeze
    the stream: the heartbeat's reading corrects it, lower as it is, and the next bumps are told."""
    monkeypatch.setattr(streams, "HEARTBEAT", 0.2)
    version = _version(campaign)
    client = _client("player-stream")

    async def scenario():
        response = await client.get(reverse("live_stream", args=[campaign.pk]))
        stream = aiter(response.streaming_content)
        await anext(stream)
        push.hub.deliver(campaign.pk, 99999)
        told = [await anext(stream)]
        await asyncio.to_thread(Campaign.bump_version, campaign.pk)  # heard by this stream: lower than 99999
        told.append(await anext(stream))
        await asyncio.to_thread(Campaign.bump_version, campaign.pk)
        told.append(await anext(stream))
        await stream.aclose()
        return told

    assert async_to_sync(scenario)() == [f"event: version\ndata: {told}\n\n".encode()
                                         for told in (99999, version + 1, version + 2)]


def test_the_stream_of_a_member_removed_while_listening_ends(campaign, monkeypatch):
    monkeypatch.setattr(streams, "HEARTBEAT", 0.05)

    client = _client("player-stream")

    async def scenario():
        response = await client.get(reverse("live_stream", args=[campaign.pk]))
        stream = aiter(response.streaming_content)
        await anext(stream)
        await asyncio.to_thread(lambda: campaign.memberships.filter(user__username="player-stream").delete())
        return [chunk async for chunk in stream]

    # The removal itself is a change (one version told); the next heartbeat ends the stream.
    assert [chunk.split(b"\n")[0] for chunk in async_to_sync(scenario)()] in ([], [b"event: version"])


def test_the_heartbeats_of_a_processs_streams_are_read_together_in_one_reading(campaign, monkeypatch):
    """A thousand tables keep five thousand streams open: each read its own version every 15 s
    (a thread and a cache read each); the streams due at once now share one reading."""
    join(campaign, UserFactory(username="second-stream"))
    monkeypatch.setattr(streams, "HEARTBEAT", 1.0)
    read = []
    versions = streams.live_versions
    monkeypatch.setattr(streams, "live_versions", lambda members: read.append(set(members)) or versions(members))
    version = _version(campaign)

    async def alive(client):
        response = await client.get(reverse("live_stream", args=[campaign.pk]))
        stream = aiter(response.streaming_content)
        await anext(stream)
        beat = await anext(stream)
        await stream.aclose()
        return beat

    clients = [_client(name) for name in ("gm-stream", "player-stream", "second-stream")]

    async def scenario():
        return await asyncio.gather(*(alive(client) for client in clients))

    assert async_to_sync(scenario)() == [f"event: alive\ndata: {version}\n\n".encode()] * 3
    members = set(campaign.memberships.values_list("campaign_id", "user_id"))
    assert read == [members] and len(members) == 3


def test_a_stream_whose_heartbeat_cannot_be_read_ends_and_the_page_polls(campaign, monkeypatch, caplog):
    from django.db import OperationalError
    monkeypatch.setattr(streams, "HEARTBEAT", 0.05)

    def away(members):
        raise OperationalError("the database is away")

    monkeypatch.setattr(streams, "live_versions", away)
    client = _client("player-stream")

    async def scenario():
        response = await client.get(reverse("live_stream", args=[campaign.pk]))
        return [chunk async for chunk in response.streaming_content]

    told = async_to_sync(scenario)()
    assert len(told) == 1 and told[0].startswith(b"retry: 2000\nevent: version\n")
    assert "Heartbeats could not read" in caplog.text
    assert push.hub.open_streams() == 0


def test_the_hub_keeps_what_each_change_it_heard_changed_while_a_stream_listens():
    clock, roll = frozenset({"clocks.clock@-"}), frozenset({"rolls.roll", "charge.sheet@3"})

    async def scenario():
        with push.hub.listening(5):
            push.hub.deliver(5, 8, clock)
            push.hub.deliver(5, 9)  # a change of anything: nothing to tell from
            push.hub.deliver(5, 10, roll)
            return [push.hub.heard(5, since, to) for since, to in ((7, 8), (8, 9), (9, 10), (7, 10), (10, 10), (3, 4))]

    assert asyncio.run(scenario()) == [[clock], None, [roll], None, None, None]
    assert push.hub.heard(5, 9, 10) is None  # no stream listens: nothing is kept


def test_outsiders_get_404_and_a_wsgi_server_refuses_the_stream_so_the_page_polls(campaign):
    outsider = AsyncClient()
    outsider.force_login(UserFactory(username="outsider-stream"))
    url = reverse("live_stream", args=[campaign.pk])
    assert async_to_sync(outsider.get)(url).status_code == 404
    member = Client()
    from django.contrib.auth import get_user_model
    member.force_login(get_user_model().objects.get(username="player-stream"))
    assert member.get(url).status_code == 204


@NEEDS_REDIS
def test_with_redis_a_bump_published_by_any_process_reaches_the_streams_even_after_a_collection(settings):
    """Every worker's one subscription hands each published bump to its streams; it must not go
    deaf when the garbage collector runs (asyncio keeps only weak references to tasks)."""
    import gc

    settings.REDIS_URL = TEST_REDIS_URL

    async def scenario():
        with push.hub.listening(41) as bumps:
            push.subscribe()
            await asyncio.sleep(0.3)  # subscribed
            gc.collect()
            heard = []
            for version in (5, 6):
                await asyncio.to_thread(push.publish, 41, version)
                heard.append(await asyncio.wait_for(bumps.get(), 3))
                gc.collect()
            push._subscriptions.pop(asyncio.get_running_loop()).cancel()
            return heard

    assert asyncio.run(scenario()) == [5, 6]


@NEEDS_REDIS
def test_with_redis_a_bump_brings_the_models_it_changed_to_every_process(settings):
    settings.REDIS_URL = TEST_REDIS_URL

    async def scenario():
        with push.hub.listening(42) as bumps:
            push.subscribe()
            await asyncio.sleep(0.3)  # subscribed
            await asyncio.to_thread(push.publish, 42, 7, {"clocks.clock@-", "charge.sheet@12"})
            await asyncio.to_thread(push.publish, 42, 8, None)
            heard = [await asyncio.wait_for(bumps.get(), 3) for _ in range(2)]
            push._subscriptions.pop(asyncio.get_running_loop()).cancel()
            return heard, push.hub.heard(42, 6, 7), push.hub.heard(42, 7, 8)

    assert asyncio.run(scenario()) == ([7, 8], [frozenset({"clocks.clock@-", "charge.sheet@12"})], None)


def test_only_the_live_stream_is_answered_on_the_event_loop():
    """config/asgi.py sends the stream's path to Django's ASGI handler and every other to its
    WSGI handler in threads: the pattern must follow the URL conf."""
    assert STREAM.match(reverse("live_stream", args=[12]))
    for page in (reverse("live", args=[12]), reverse("table", args=[12]), reverse("campaign", args=[12])):
        assert not STREAM.match(page)


def _brought(campaign, username, at, panels, bump=True):
    """What a stream opened by the page ``at`` with its live ``panels`` sends after a committed change."""
    client = _client(username)
    url = reverse("live_stream", args=[campaign.pk]) + f"?at={at}&panels={panels}"

    async def scenario():
        await client.get(at)  # the page, which gives its viewer a CSRF cookie
        response = await client.get(url)
        stream = aiter(response.streaming_content)
        first = await anext(stream)
        if bump:
            await asyncio.to_thread(lambda: ClockFactory(campaign=campaign, name="Alert", size=6, filled=2))
        told = await anext(stream)
        await stream.aclose()
        return first, told

    return async_to_sync(scenario)()


def _panels_of(event: bytes) -> tuple[int, str]:
    lines = event.decode().split("\n")
    assert lines[0] == "event: panels"
    data = [line.removeprefix("data: ") for line in lines[1:] if line.startswith("data: ")]
    return int(data[0]), "\n".join(data[1:])


def _without_keys(html: str) -> str:
    """A panel's HTML without what each answer makes anew: the CSRF token and the forms' keys."""
    import re
    return re.sub(r'(name="(?:csrfmiddlewaretoken|key)" value=")[^"]*', r"\1", html)


def test_a_stream_brings_the_pages_panels_as_the_page_would_ask_for_them(campaign):
    """The change itself is pushed: the panels the page names, as its viewer's own ``?panels=``
    request answers them (same audience, same cache), so the screen asks for nothing."""
    at = reverse("table", args=[campaign.pk])
    first, told = _brought(campaign, "player-stream", at, "table-clocks,table-rolls")
    assert first.startswith(b"retry: 2000\nevent: version\n")
    version, html = _panels_of(told)
    assert version == _version(campaign)
    assert 'data-panel="table-clocks"' in html and 'data-panel="table-rolls"' in html and "Alert" in html
    player = Client()
    from django.contrib.auth import get_user_model
    player.force_login(get_user_model().objects.get(username="player-stream"))
    asked = player.get(at + "?panels=table-clocks,table-rolls", headers={"HX-Request": "true"})
    assert _without_keys(html) == _without_keys(asked.content.decode())


def test_a_gms_panels_never_reach_a_players_stream(campaign):
    """A stream renders as its own viewer: a hidden clock is on the GM's console stream, and a
    player who names the console's panels is told the version only (the page answers 404)."""
    from clocks.models import Visibility
    ClockFactory(campaign=campaign, name="Secret doom", size=4, visibility=Visibility.GM)
    console = reverse("console", args=[campaign.pk])
    _, told = _brought(campaign, "gm-stream", console, "table-clocks")
    assert "Secret doom" in _panels_of(told)[1]
    _, told = _brought(campaign, "player-stream", console, "table-clocks")
    assert told == f"event: version\ndata: {_version(campaign)}\n\n".encode()
    at = reverse("table", args=[campaign.pk])
    _, told = _brought(campaign, "player-stream", at, "table-clocks")
    assert "Secret doom" not in _panels_of(told)[1]


@pytest.mark.parametrize("at", ["https://elsewhere.example/", "/accounts/ping/", "/c/999/table/", "/c/{pk}/live/stream/",
                                "/c/{pk}/no-such-page/"])
def test_a_stream_brings_panels_only_from_a_page_of_its_own_campaign(campaign, at):
    _, told = _brought(campaign, "player-stream", at.format(pk=campaign.pk), "table-clocks")
    assert told == f"event: version\ndata: {_version(campaign)}\n\n".encode()


def test_an_answer_that_sets_a_cookie_anew_is_not_pushed_and_the_page_asks_for_it():
    """A cookie cannot travel in an event: a message left for the next page, or a new CSRF secret
    (whose tokens the page could not post), make the page ask itself. Django's renewal of the CSRF
    cookie's expiry, the same value again, is no news."""
    meta = {"HTTP_COOKIE": "csrftoken=abc; sessionid=s1"}
    renewed = [("Set-Cookie", "csrftoken=abc; expires=Sat, 27 Nov 2027 12:40:06 GMT; Path=/; SameSite=Lax")]
    assert not streams._new_cookies(meta, renewed)
    assert not streams._new_cookies(meta, [("Content-Type", "text/html")])
    assert streams._new_cookies(meta, [("Set-Cookie", "csrftoken=xyz; Path=/")])
    assert streams._new_cookies(meta, [*renewed, ("Set-Cookie", "messages=W1s; HttpOnly; Path=/")])
    assert streams._new_cookies({}, renewed)


@pytest.mark.parametrize("heard", [True, False], ids=["from-the-bumps", "from-the-record"])
def test_a_stream_asks_again_only_once_a_change_touches_what_its_panels_show(campaign, monkeypatch, heard):
    """Once open, the stream knows what the panels show (``Live-Reads``, asked as it opens): a
    change of none of it is told as the version with no panel (the page has them as they are) and
    costs no request; a change of one of them is asked as the page would. A stream that heard each
    bump tells it from the models the bumps brought, with no thread and no cache read; one that
    missed one reads the record of changes."""
    from characters.models import Character
    from core import rendered
    player = Character.objects.create(campaign=campaign, owner=campaign.memberships.get(role="player").user,
                                      name="Ada", created=True)
    at = reverse("character", args=[campaign.pk, player.pk])
    asked = []
    ask = streams._asked_as_the_page
    monkeypatch.setattr(streams, "_asked_as_the_page", lambda *args: asked.append(args[2]) or ask(*args))
    if heard:
        monkeypatch.setattr(rendered, "untouched", lambda *args: pytest.fail("the record of changes was read"))
    else:
        monkeypatch.setattr(push.hub, "heard", lambda *args: None)
    client = _client("player-stream")
    url = reverse("live_stream", args=[campaign.pk]) + f"?at={at}&panels=projects"

    async def scenario():
        await client.get(at)
        response = await client.get(url)
        stream = aiter(response.streaming_content)
        await anext(stream)
        told = []
        for change in (lambda: ClockFactory(campaign=campaign, name="Alert", size=6),  # no character's clock
                       lambda: ClockFactory(campaign=campaign, name="Doom", size=4),
                       lambda: ClockFactory(campaign=campaign, name="Escape", size=4, character=player)):
            await asyncio.to_thread(_in_a_request, change)
            told.append(_panels_of(await anext(stream)))
        await stream.aclose()
        return told

    (first, first_html), (second, second_html), (third, third_html) = async_to_sync(scenario)()
    assert asked == [at, at] and first < second < third == _version(campaign)  # as it opened, then Escape
    assert first_html == second_html == ""
    assert "Escape" in third_html


def _in_a_request(change):
    """``change()`` as a view makes it: its bump puts on record what it changed (campaign/live.py)."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from campaign.live import ChangesOnRecord
    ChangesOnRecord(lambda request: change() and HttpResponse())(RequestFactory().get("/"))
