"""The Redis cache (core/cache.py) keeps one client per connection pool instead of making one a
call, and still behaves as Django's."""

from django.core.cache.backends.locmem import LocMemCache

from core.cache import RedisCache, set_newer
from tests.helpers import NEEDS_REDIS, TEST_REDIS_URL


def test_each_call_shares_one_client_per_pool():
    client = RedisCache(TEST_REDIS_URL, {})._cache  # no connection is made until a command
    assert client.get_client("a") is client.get_client("b")
    assert client.get_client("a", write=True) is client.get_client("b", write=True)


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
