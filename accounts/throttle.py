"""At most ``limit`` requests per ``window`` seconds for one key, counted in the cache (shared
between workers when REDIS_URL is set). By default the email links' limit, the same as the
logins' (EMAIL_LINKS_LIMIT per EMAIL_LINKS_WINDOW); the API passes its own (api/endpoints.py)."""

import hashlib

from django.conf import settings
from django.core.cache import cache


def over_limit(*keys: str, limit: int | None = None, window: int | None = None) -> bool:
    """Count one request against each key; True when any of them is over the limit."""
    limit = settings.EMAIL_LINKS_LIMIT if limit is None else limit
    window = settings.EMAIL_LINKS_WINDOW if window is None else window
    over = False
    for key in keys:
        name = "throttle:" + hashlib.sha256(key.encode()).hexdigest()
        cache.add(name, 0, window)  # the window starts at the first request
        try:
            count = cache.incr(name)
        except ValueError:  # expired between the two calls: a new window
            cache.set(name, 1, window)
            count = 1
        over = over or count > limit
    return over
