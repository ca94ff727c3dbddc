"""Django's Redis cache, with one Redis client and connection pool a process, that goes on
without Redis.

One client: Django's own makes a new client for every cache call, and making one (its table of
some 170 response callbacks) costs more than the call's round trip on loopback: a page asks the
cache several times. One a process: Django makes a cache for each request (under ASGI each runs in
a context of its own), and so a new pool, which connects to Redis anew and greets it: a connection
opened and left to the garbage collector for every request.

Without Redis: a Redis that does not answer within TIMEOUT is away, and the process leaves it
alone for PAUSE seconds (``Breaker``). Meanwhile the cache holds nothing: a read is a miss, a write
is skipped and ``add`` says yes (whoever asked goes on as the first: nobody waits for what cannot be
stored), so sessions come from the database, renderings are rendered and the live version is read
from the database. Every key written or deleted while Redis was away is deleted when it is back,
before anything reads it again: a version, a membership or a session that changed meanwhile is not
served as it was before."""

import logging
import threading
import time
from urllib.parse import urlsplit

from django.core.cache.backends import redis
from django.utils.functional import cached_property
from redis import Redis, RedisError

TIMEOUT = 0.5
"""Seconds a connection to Redis, or its answer, may take before Redis counts as away."""
PAUSE = 5.0
"""Seconds Redis is left alone after a failure before this process tries it again."""
MOST_MISSED = 10_000
"""Keys remembered to be deleted on Redis's return; beyond, every key of the site is."""
CHUNK = 500
NEWER = """local kept = tonumber(redis.call('GET', KEYS[1]))
if kept == nil or kept < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end"""

logger = logging.getLogger(__name__)


class Breaker:
    """Whether this process asks its Redis now. After a failure Redis is left alone for PAUSE
    seconds; then one caller tries it (the others still go without) and, once it answers, deletes
    what was missed while it was away before everyone asks it again. The outage and the return are
    each said once in the log."""

    def __init__(self, url: str):
        parts = urlsplit(url)
        self.where = f"{parts.hostname}:{parts.port or 6379}{parts.path}"  # never the password
        self.away = False
        self._url = url
        self._lock = threading.Lock()
        self._retry_at = 0.0
        self._missed: dict[str, set[str] | None] = {}  # by key prefix; None: every key with it

    def allows(self) -> bool:
        if not self.away:
            return True
        with self._lock:
            if not self.away:
                return True
            if time.monotonic() < self._retry_at:
                return False
            self._retry_at = time.monotonic() + PAUSE  # this caller tries; the others go without
        return self._back()

    def failed(self, error: Exception) -> None:
        with self._lock:
            self._retry_at = time.monotonic() + PAUSE
            if self.away:
                return
            self.away = True
        logger.warning("Redis at %s is away (%s): going on without it, trying again every %s s",
                       self.where, error, PAUSE)

    def missed(self, prefix: str, keys) -> None:
        """Keys written or deleted without Redis (skipped, or failed on the way; None: every key
        with the prefix): deleted on its return."""
        with self._lock:
            if keys is None:
                self._missed[prefix] = None
            elif (missed := self._missed.setdefault(prefix, set())) is not None:
                missed.update(keys)
                if len(missed) > MOST_MISSED:
                    self._missed[prefix] = None

    def _back(self) -> bool:
        """Delete what was missed, then let everyone ask Redis again; False if it is still away."""
        try:
            self.client.ping()
            while True:
                with self._lock:
                    missed, self._missed = self._missed, {}
                    if not missed:  # checked under the lock: nothing is missed between this and the return
                        self.away = False
                        break
                try:
                    self._forget(missed)
                except RedisError:
                    self._miss_again(missed)
                    raise
        except RedisError as error:
            self.failed(error)
            return False
        logger.warning("Redis at %s is back", self.where)
        return True

    def _forget(self, missed: dict[str, set[str] | None]) -> None:
        for prefix, keys in missed.items():
            keys = list(keys if keys is not None else self.client.scan_iter(match=f"{prefix}*", count=CHUNK))
            for start in range(0, len(keys), CHUNK):
                self.client.delete(*keys[start:start + CHUNK])

    def _miss_again(self, missed: dict[str, set[str] | None]) -> None:
        for prefix, keys in missed.items():
            self.missed(prefix, keys)

    @cached_property
    def client(self) -> Redis:
        return Redis.from_url(self._url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)


_breakers: dict[str, Breaker] = {}
_breakers_lock = threading.Lock()


def breaker(url: str) -> Breaker:
    """This process's one breaker for the Redis at ``url``, shared by its threads (Django makes
    a cache per thread), its cache and its push."""
    with _breakers_lock:
        if url not in _breakers:
            _breakers[url] = Breaker(url)
        return _breakers[url]


def redis_away() -> bool:
    """Whether a Redis this process uses is away."""
    return any(each.away for each in list(_breakers.values()))  # copied at once: another thread may add one


_shared: dict[tuple[str, str], Redis] = {}
_shared_lock = threading.Lock()


class RedisCacheClient(redis.RedisCacheClient):
    def __init__(self, servers, key_prefix="", **options):
        super().__init__(servers, **{"socket_connect_timeout": TIMEOUT, "socket_timeout": TIMEOUT, **options})
        self._clients = {}
        self._prefix = f"{key_prefix}:" if key_prefix else ""
        self._options = repr(sorted(self._pool_options.items()))
        self.breaker = breaker(servers[0])

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        if index not in self._clients:
            self._clients[index] = self._shared_client(index)
        return self._clients[index]

    def _shared_client(self, index) -> Redis:
        """The process's client of that server, with its pool (both are safe to share between threads)."""
        key = (self._servers[index], self._options)
        if (client := _shared.get(key)) is None:
            with _shared_lock:
                if (client := _shared.get(key)) is None:
                    pool = self._pool_class.from_url(self._servers[index], **self._pool_options)
                    client = _shared[key] = self._client(connection_pool=pool)
        return client

    def _ask(self, without, command, *args, written=()):
        """``command(*args)``, or ``without`` when Redis is away; the keys ``written`` are deleted
        on its return if the command may not have reached it."""
        if self.breaker.allows():
            try:
                return command(*args)
            except RedisError as error:
                self.breaker.failed(error)
        if written:
            self.breaker.missed(self._prefix, written)
        return without

    def add(self, key, value, timeout):
        return self._ask(True, super().add, key, value, timeout, written=[key])

    def get(self, key, default):
        return self._ask(default, super().get, key, default)

    def set(self, key, value, timeout):
        self._ask(None, super().set, key, value, timeout, written=[key])

    def touch(self, key, timeout):
        return self._ask(False, super().touch, key, timeout, written=[key])

    def delete(self, key):
        return self._ask(False, super().delete, key, written=[key])

    def get_many(self, keys):
        return self._ask({}, super().get_many, keys)

    def has_key(self, key):
        return self._ask(False, super().has_key, key)

    def incr(self, key, delta):
        missing = object()
        if (count := self._ask(missing, super().incr, key, delta, written=[key])) is missing:
            raise ValueError(f"Key '{key}' not found.")  # as for a key that is not there
        return count

    def set_many(self, data, timeout):
        self._ask(None, super().set_many, data, timeout, written=list(data))

    @cached_property
    def _newer(self):
        return self.get_client(write=True).register_script(NEWER)

    def set_newer(self, key, number: int, timeout: int):
        """``number`` under ``key`` unless a larger one is there already, in one step."""
        self._ask(None, self._newer, [key], [number, max(1, int(timeout))], written=[key])

    def delete_many(self, keys):
        self._ask(None, super().delete_many, keys, written=list(keys))

    def clear(self):
        if (cleared := self._ask(None, super().clear)) is None:
            self.breaker.missed(self._prefix, None)
        return bool(cleared)


class RedisCache(redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient

    @cached_property
    def _cache(self):
        return self._class(self._servers, key_prefix=self.key_prefix, **self._options)

    def set_newer(self, key, number: int, timeout=None):
        self._cache.set_newer(self.make_and_validate_key(key), number, self.get_backend_timeout(timeout))


def set_newer(cache, key: str, number: int, timeout: int) -> None:
    """Keep ``number`` under ``key`` unless a larger one is kept already: two writers of a count
    that only grows (a version read from the database, a bump's new one) never put back an older
    one, whichever writes last. One step on Redis; elsewhere (one process's memory), read then written."""
    if isinstance(cache, RedisCache):
        cache.set_newer(key, number, timeout)
    elif not isinstance(kept := cache.get(key), int) or kept < number:
        cache.set(key, number, timeout)
