"""Push: each committed bump of a campaign's version reaches the streams open on that campaign
(the server-sent events of ``campaign.views.streams``), so a change shows on every screen as
soon as it is committed, instead of at the next poll.

One hub per process holds the streams open in it. A bump is published to Redis when
``REDIS_URL`` is set, and each process's one subscription hands it to its hub, so every worker
hears every bump; without Redis (one process: ``make run``) the bump goes straight to the hub.
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

import redis.asyncio as aioredis
from django.conf import settings
from redis import RedisError

from core.cache import TIMEOUT, breaker

logger = logging.getLogger(__name__)


class Hub:
    """The streams open in this process, by campaign: each an asyncio queue on its event loop.
    Bumps arrive from any thread (a view's commit, the Redis subscription)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._streams: dict[int, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue]]] = defaultdict(set)

    def deliver(self, campaign_id: int, version: int) -> None:
        with self._lock:
            streams = list(self._streams.get(campaign_id, ()))
        for loop, queue in streams:
            with suppress(RuntimeError):  # a loop that closed with its stream still listed
                loop.call_soon_threadsafe(queue.put_nowait, version)

    @contextmanager
    def listening(self, campaign_id: int):
        """A queue that receives each new version of the campaign while the block runs."""
        stream = (asyncio.get_running_loop(), asyncio.Queue())
        with self._lock:
            self._streams[campaign_id].add(stream)
        try:
            yield stream[1]
        finally:
            with self._lock:
                self._streams[campaign_id].discard(stream)
                if not self._streams[campaign_id]:
                    del self._streams[campaign_id]

    def open_streams(self) -> int:
        with self._lock:
            return sum(len(streams) for streams in self._streams.values())


hub = Hub()
# The subscription of each event loop, held here: asyncio keeps only a weak reference to a task,
# and a subscription waiting on Redis would be collected, and go deaf, at the next collection.
_subscriptions: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


def channel() -> str:
    return f"{settings.REDIS_SITE}:live"


def publish(campaign_id: int, version: int) -> None:
    """Tell every process's streams on this campaign its new version."""
    if not settings.REDIS_URL or not (redis_here := breaker(settings.REDIS_URL)).allows():
        hub.deliver(campaign_id, version)
        return
    try:
        redis_here.client.publish(channel(), f"{campaign_id} {version}")
    except RedisError as error:
        # This process's own streams still hear it; the others check at their next heartbeat.
        redis_here.failed(error)
        hub.deliver(campaign_id, version)


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
                            campaign_id, version = map(int, message["data"].split())
                            hub.deliver(campaign_id, version)
        except (RedisError, OSError) as error:
            breaker(settings.REDIS_URL).failed(error)  # said once per outage, for the cache and push alike
            await asyncio.sleep(1)
