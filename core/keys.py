"""Idempotency keys for writes that a retry could repeat (a tick, an undo, momentum +1, a note
added): the same key sent again does nothing again and is answered as if done.

A form carries ``{% write_key %}``: a placeholder that each response swaps for a fresh key per
form as it is served (``FreshKeys``), like the CSRF token of a shared rendering. A panel is
rendered once and served to many viewers from the cache (core/rendered.py), so a key baked into
it would be every viewer's and every later serve's; swapped at serve time, each screen holds its
own. A double tap or a retry after a lost answer sends the form's key again; the answer to a
write swaps the form for a fresh one, and app.js gives a form that stays in place a new key once
its write is answered. Keys are claimed per user, in the transaction of the write."""

import random
import re
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import TypeVar

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.models import UsedKey
from core.posted import posted_text
from core.refused import refusal_of

T = TypeVar("T")

KEY_PLACEHOLDER = "write-key-of-the-serve"
_PLACEHOLDER = re.compile(KEY_PLACEHOLDER.encode())
KEPT_FOR = timedelta(days=2)
"""How long a used key is remembered: far longer than any retry."""


def once(request, act: Callable[[], T]) -> T | None:
    """``act()`` and the claim of the posted key in one transaction; None, doing nothing, when
    that key already did its write. A refusal claims nothing: sent again, it is tried again. A
    request without a key (an old page) is done as before."""
    key = posted_text(request, "key", 64)  # PostgreSQL stores no NUL
    with transaction.atomic():
        if key and not _claimed(request.user, key):
            return None
        return act()


def refusal_once(request, act: Callable[[], object]) -> str:
    """``refusal_of`` for a keyed write: "" when it worked or its key already did it, or why it
    was refused (nothing changed, nothing claimed)."""
    return refusal_of(lambda: once(request, act))


def _claimed(user, key) -> bool:
    try:
        with transaction.atomic():  # a savepoint: PostgreSQL's transaction outlives the clash
            UsedKey.objects.create(user=user, key=key)
    except IntegrityError:
        return False  # the same key did its write (or is doing it: this waited for it)
    if random.random() < 0.01:  # noqa: S311 - not a secret: now and then, forget old keys
        UsedKey.objects.filter(used_at__lt=timezone.now() - KEPT_FOR).delete()
    return True


class FreshKeys:
    """Each form's key placeholder becomes a key of its own as the response is served."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not getattr(response, "streaming", False) and KEY_PLACEHOLDER.encode() in response.content:
            response.content = _PLACEHOLDER.sub(lambda _: secrets.token_urlsafe(12).encode(), response.content)
        return response
