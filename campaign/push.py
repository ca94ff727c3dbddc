"""Push: each committed bump of a campaign's version reaches the streams open on that campaign
(the server-sent events of ``campaign.views.streams``), so a change shows on every screen as
soon as it is committed, instead of at the next poll.

One hub per process holds the streams open in it. A bump is published to Redis when
``REDIS_URL`` is set, and each process's one subscription hands it to its hub, so every worker
hears every bump; without Redis (one process: ``make run``) the bump goes straight to the hub. A
bump carries the models it changed, so that a stream can tell from those alone, with no cache read
and no thread, that its page's panels still stand.
Whatever is lost on the way (Redis away or restarting, a worker that cannot hear another) is
caught by the stream's own check of the version at each heartbeat, and by the poll a silent stream
falls back to. While Redis is away (core/cache.py) a bump goes straight to this process's hub.

The channel is the site's own (``REDIS_SITE``): Redis's messages ignore its databases, and two
sites on one server would otherwise tell each other's streams their versions."""

import asyncio
import logging
import threading
from collections import defaultdict
from contextlib import contextmanager, suppress
from dataclasses import dataclass

import redis.asyncio as aioredis
from django.conf import settings
from redis import RedisError

from core.cache import TIMEOUT, breaker

logger = logging.getLogger(__name__)


HEARD_KEPT = 64
"""The changes of a campaign whose models each process keeps, for its streams to tell from them
alone whether a page's panels are still as they were."""


@dataclass(eq=False)
class _Stream:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue
    viewer: int | None
    every: float | None
    due: float | None


class Hub:
    """The streams open in this process, by campaign: each an asyncio queue on its event loop.
    Bumps arrive from any thread (a view's commit, the Redis subscription), with the models each
    changed when its bump said."""

    def __init__(self):
        self._lock = threading.Lock()
        self._streams: dict[int, set[_Stream]] = defaultdict(set)
        self._heard: dict[int, dict[int, frozenset[str]]] = {}

    def deliver(self, campaign_id: int, version: int, changed: frozenset[str] | None = None) -> None:
        with self._lock:
            streams = list(self._streams.get(campaign_id, ()))
            if streams and changed is not None:
                heard = self._heard.setdefault(campaign_id, {})
                heard[version] = changed
                if len(heard) > HEARD_KEPT:
                    del heard[min(heard)]
        for stream in streams:
            with suppress(RuntimeError):  # a loop that closed with its stream still listed
                stream.loop.call_soon_threadsafe(stream.queue.put_nowait, version)

    def heard(self, campaign_id: int, since: int, to: int) -> list[frozenset[str]] | None:
        """The models each change after ``since`` up to ``to`` changed, if this process heard of
        every one of them; else None."""
        with self._lock:
            heard = self._heard.get(campaign_id, {})
            if since >= to or any(version not in heard for version in range(since + 1, to + 1)):
                return None
            return [heard[version] for version in range(since + 1, to + 1)]

    @contextmanager
    def listening(self, campaign_id: int, viewer: int | None = None, every: float | None = None):
        """A queue that receives each new version of the campaign while the block runs; with
        ``every``, it is due a heartbeat (``beats``) that often, for ``viewer``."""
        loop = asyncio.get_running_loop()
        stream = _Stream(loop, asyncio.Queue(), viewer, every, None if every is None else loop.time() + every)
        with self._lock:
            self._streams[campaign_id].add(stream)
        try:
            yield stream.queue
        finally:
            with self._lock:
                self._streams[campaign_id].discard(stream)
                if not self._streams[campaign_id]:
                    del self._streams[campaign_id]
                    self._heard.pop(campaign_id, None)

    def next_beat(self, loop: asyncio.AbstractEventLoop) -> float | None:
        """When the first heartbeat of this loop's streams is due; None if none is."""
        with self._lock:
            return min((stream.due for streams in self._streams.values() for stream in streams
                        if stream.loop is loop and stream.due is not None), default=None)

    def beats(self, loop: asyncio.AbstractEventLoop, now: float, within: float) -> list[tuple[int, int, asyncio.Queue]]:
        """The streams of this loop due a heartbeat by ``within`` seconds from ``now``, as
        (campaign, viewer, queue), each then due again a beat later (a beat after now, if late)."""
        due = []
        with self._lock:
            for campaign_id, streams in self._streams.items():
                for stream in streams:
                    if stream.loop is loop and stream.due is not None and stream.due <= now + within:
                        stream.due = max(stream.due, now) + stream.every
                        due.append((campaign_id, stream.viewer, stream.queue))
        return due

    def open_streams(self) -> int:
        with self._lock:
            return sum(len(streams) for streams in self._streams.values())


hub = Hub()
# The subscription of each event loop, held here: asyncio keeps only a weak reference to a task,
# and a subscription waiting on Redis would be collected, and go deaf, at the next collection.
_subscriptions: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


def channel() -> str:
    return f"{settings.REDIS_SITE}:live"


def publish(campaign_id: int, version: int, changed: set[str] | None = None) -> None:
    """Tell every process's streams on this campaign its new version, and the models it changed
    (by label; None: anything)."""
    changed = frozenset(changed) if changed else None
    if not settings.REDIS_URL or not (redis_here := breaker(settings.REDIS_URL)).allows():
        hub.deliver(campaign_id, version, changed)
        return
    try:
        redis_here.client.publish(channel(), " ".join([str(campaign_id), str(version), *sorted(changed or ())]))
    except RedisError as error:
        # This process's own streams still hear it; the others check at their next heartbeat.
        redis_here.failed(error)
        hub.deliver(campaign_id, version, changed)


def subscribe() -> None:
    """With Redis, make sure this event loop hears the bumps every process publishes: one
    subscription per process and loop, started by the first stream and kept."""
    if not settings.REDIS_URL:
        return
    loop = asyncio.get_running_loop()
    if loop not in _subscriptions:
        _subscriptions[loop] = loop.create_task(_hear_redis())


async def _hear_redis():
    while True:
        try:
            async with (aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=TIMEOUT) as client,
                        client.pubsub() as pubsub):
                await pubsub.subscribe(channel())
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        with suppress(ValueError):  # not a version: heard from no site of ours
                            campaign_id, version, *changed = message["data"].decode().split()
                            hub.deliver(int(campaign_id), int(version), frozenset(changed) or None)
        except (RedisError, OSError) as error:
            breaker(settings.REDIS_URL).failed(error)  # said once per outage, for the cache and push alike
            await asyncio.sleep(1)
