"""The Redis cache (core/cache.py) keeps one client and connection pool a process instead of
making one a call, and still behaves as Django's."""

import contextvars
import threading

from django.core.cache.backends.locmem import LocMemCache
from redis.connection import Connection

from core.cache import RedisCache, set_newer
from tests.helpers import NEEDS_REDIS, TEST_REDIS_URL


def test_each_call_shares_one_client_per_pool():
    client = RedisCache(TEST_REDIS_URL, {})._cache  # no connection is made until a command
    assert client.get_client("a") is client.get_client("b")
    assert client.get_client("a", write=True) is client.get_client("b", write=True)


def test_every_request_of_a_process_shares_its_client_and_connections():
    """Django makes a cache for each request's context (a thread, under ASGI a context of its
    own): each would open connections of its own. Another Redis, or other options, has its own."""
    made = []
    threads = [threading.Thread(target=lambda: made.append(RedisCache(TEST_REDIS_URL, {})._cache.get_client()))
               for _ in range(2)]
    for thread in threads:
        thread.start()
        thread.join()
    assert made[0] is made[1] and made[0].connection_pool is made[1].connection_pool
    assert RedisCache(TEST_REDIS_URL, {})._cache.get_client() is made[0]
    assert RedisCache("redis://127.0.0.1:6379/13", {})._cache.get_client() is not made[0]
    assert RedisCache(TEST_REDIS_URL, {"OPTIONS": {"socket_timeout": 2}})._cache.get_client() is not made[0]


@NEEDS_REDIS
def test_a_hundred_requests_connect_once(monkeypatch):
    """Each request's cache made in a context of its own, as under ASGI."""
    opened = []
    connect = Connection._connect
    monkeypatch.setattr(Connection, "_connect", lambda self: opened.append(self) or connect(self))
    for n in range(100):
        contextvars.copy_context().run(lambda n=n: RedisCache(TEST_REDIS_URL, {"KEY_PREFIX": "test-cache"}).get(f"k{n}"))
    assert len(opened) <= 1  # none if an earlier test connected this process already


@NEEDS_REDIS
def test_it_stores_reads_and_forgets_as_djangos_does():
    cache = RedisCache(TEST_REDIS_URL, {"KEY_PREFIX": "test-cache"})
    cache.set("clock", {"filled": 3}, 30)
    assert cache.add("clock", "other", 30) is False
    assert cache.get_many(["clock", "missing"]) == {"clock": {"filled": 3}}
    cache.delete("clock")
    assert cache.get("clock") is None


@NEEDS_REDIS
def test_a_count_kept_is_never_put_back_smaller():
    cache = RedisCache(TEST_REDIS_URL, {"KEY_PREFIX": "test-cache"})
    cache.delete("version")
    set_newer(cache, "version", 7, 30)
    set_newer(cache, "version", 5, 30)  # read before the bump that made 7, written after it
    assert cache.get("version") == 7
    set_newer(cache, "version", 8, 30)
    assert cache.get("version") == 8
    assert 0 < cache._cache.get_client().ttl(cache.make_key("version")) <= 30
    cache.delete("version")


def test_in_one_process_memory_too():
    cache = LocMemCache("test-newer", {})
    set_newer(cache, "version", 7, 30)
    set_newer(cache, "version", 5, 30)
    assert cache.get("version") == 7
    set_newer(cache, "version", 8, 30)
    assert cache.get("version") == 8
