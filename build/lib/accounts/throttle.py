"""At most EMAIL_LINKS_LIMIT requests per EMAIL_LINKS_WINDOW for one key, counted in the
cache (shared between workers when REDIS_URL is set): the same limit as the logins'."""

import hashlib

from django.conf import settings
from django.core.cache import cache


def over_limit(*keys: str) -> bool:
    """Count one request against each key; True when any of them is over the limit."""
    over = False
    for key in keys:
        name = "throttle:" + hashlib.sha256(key.encode()).hexdigest()
        cache.add(name, 0, settings.EMAIL_LINKS_WINDOW)  # the window starts at the first request
        try:
            count = cache.incr(name)
        except ValueError:  # expired between the two calls: a new window
            cache.set(name, 1, settings.EMAIL_LINKS_WINDOW)
            count = 1
        over = over or count > settings.EMAIL_LINKS_LIMIT
    return over
