"""Health for a proxy or an orchestrator, without a login (README, Deploying).

``live``: the process answers; it touches nothing. ``ready``: whether this process can serve
pages: the database answers (else 503), and whether Redis is there, which it can do without
(sessions in the database, pages polling): ``null`` when the site uses none."""

import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

REDIS_TIMEOUT = 0.5  # seconds: a hung Redis must not hold the probe


@never_cache
@require_safe
def live(request):
    return JsonResponse({"live": True})


@never_cache
@require_safe
def ready(request):
    database = database_answers()
    return JsonResponse({"ready": database, "database": database, "redis": redis_answers()},
                        status=200 if database else 503)


def database_answers() -> bool:
    """One query; a database that is away fails within the connection's own short timeouts
    (config/settings.py: connect_timeout, the pool's timeout)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        return False


def redis_answers() -> bool | None:
    if not settings.REDIS_URL:
        return None
    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=REDIS_TIMEOUT,
                                  socket_timeout=REDIS_TIMEOUT)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()
