"""The Redis cache (core/cache.py) keeps one client per connection pool instead of making one a
call, and still behaves as Django's."""

from core.cache import RedisCache
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
