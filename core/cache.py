"""Django's Redis cache, with one Redis client per connection pool. Django's own makes a new
client for every cache call, and making one (its table of some 170 response callbacks) costs
more than the call's round trip on loopback: a page asks the cache several times."""

from django.core.cache.backends import redis


class RedisCacheClient(redis.RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        if index not in self._clients:  # a client is safe to share between threads
            self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return self._clients[index]


class RedisCache(redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
