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

from django.db import connection
from django.db.transaction import TransactionManagementError
from django.utils import timezone

from core.models import UsedKey
from core.posted import posted_text
from core.refused import Refused, refusal_of

T = TypeVar("T")

KEY_PLACEHOLDER = "write-key-of-the-serve"
_PLACEHOLDER = re.compile(KEY_PLACEHOLDER.encode())
KEPT_FOR = timedelta(days=2)
"""How long a used key is remembered: far longer than any retry."""
FORGET_CHANCE = 0.01
"""The chance that a keyed write also forgets the keys used longer ago than ``KEPT_FOR``: now and
then, so that no schedule is needed and no write pays for it often."""
chance = random.random
"""What draws it (the bench counts a write's own queries with it never drawn)."""


def once(request, act: Callable[[], T]) -> T | None:
    """``act()`` with the claim of the posted key in its transaction; None, doing nothing, when
    that key already did its write. The key is claimed just before the act's first write, so a
    write costs one statement more and no savepoint. A refusal claims nothing: sent again, it is
    tried again; but refused because the key's own write came first, it is answered as done.
    Acts are atomic (actions.py). A request without a key (an old page) is done as before."""
    key = posted_text(request, "key", 64)  # PostgreSQL stores no NUL
    if not key:
        return act()
    try:
        with connection.execute_wrapper(_Claim(request.user.pk, key, len(connection.atomic_blocks))):
            return act()
    except _AlreadyDone:
        return None
    except Refused:
        if UsedKey.objects.filter(user=request.user, key=key).exists():
            return None  # refused for what this key's own write did before: that is done
        raise


def refusal_once(request, act: Callable[[], object]) -> str:
    """``refusal_of`` for a keyed write: "" when it worked or its key already did it, or why it
    was refused (nothing changed, nothing claimed)."""
    return refusal_of(lambda: once(request, act))


class _AlreadyDone(Exception):
    """The key did its write before: what the act began is rolled back with its transaction."""


_WRITE = re.compile(r"\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


class _Claim:
    """Claims the key before the first write of the act, in its transaction: a clash inserts
    nothing (and waits for a clash still being written, which then did the write)."""

    def __init__(self, user_id, key, depth):
        self.user_id, self.key, self.depth, self.claimed = user_id, key, depth, False

    def __call__(self, execute, sql, params, many, context):
        if not self.claimed and _WRITE.match(sql):
            if len(context["connection"].atomic_blocks) <= self.depth:
                raise TransactionManagementError("A keyed write is made in a transaction of its own (transaction.atomic).")
            self.claimed = True
            table, column = UsedKey._meta.db_table, connection.ops.quote_name("key")
            with context["connection"].cursor() as cursor:
                cursor.execute(f"INSERT INTO {table} (user_id, {column}, used_at) VALUES (%s, %s, %s) "
                               "ON CONFLICT DO NOTHING RETURNING id",
                               [self.user_id, self.key, connection.ops.adapt_datetimefield_value(timezone.now())])
                if cursor.fetchone() is None:
                    raise _AlreadyDone
            if chance() < FORGET_CHANCE:
                UsedKey.objects.filter(used_at__lt=timezone.now() - KEPT_FOR).delete()
        return execute(sql, params, many, context)


class FreshKeys:
    """Each form's key placeholder becomes a key of its own as the response is served."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not getattr(response, "streaming", False) and KEY_PLACEHOLDER.encode() in response.content:
            response.content = _PLACEHOLDER.sub(lambda _: secrets.token_urlsafe(12).encode(), response.content)
        return response
