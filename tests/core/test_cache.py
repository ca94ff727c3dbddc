"""The Redis cache (core/cache.py) keeps one client per connection pool instead of making one a
call, and still behaves as Django's."""

import pytest
import redis

from core.cache import RedisCache

REDIS_URL = "redis://127.0.0.1:6379/14"


def _redis_here() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def test_each_call_shares_one_client_per_pool():
    client = RedisCache(REDIS_URL, {})._cache  # no connection is made until a command
    assert client.get_client("a") is client.get_client("b")
    assert client.get_client("a", write=True) is client.get_client("b", write=True)


@pytest.mark.skipif(not _redis_here(), reason="needs Redis on 127.0.0.1 (CI runs it)")
def test_it_stores_reads_and_forgets_as_djangos_does():
    cache = RedisCache(REDIS_URL, {"KEY_PREFIX": "test-cache"})
    cache.set("clock", {"filled": 3}, 30)
    assert cache.add("clock", "other", 30) is False
    assert cache.get_many(["clock", "missing"]) == {"clock": {"filled": 3}}
    cache.delete("clock")
    assert cache.get("clock") is None
