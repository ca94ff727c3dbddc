"""Making, revoking and recognising personal access tokens (``Authorization: Bearer <token>``)."""

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from api.models import AccessToken
from core.refused import Refused

PREFIX = "chg_"
"""Every token starts so: a secret scanner (or a person) can tell what it is."""
MOST_TOKENS = 20
"""Working tokens an account may hold: far more than the programs anyone connects."""
USED_EVERY = timedelta(minutes=1)
"""How often "last used" is written: a program reading every second writes once a minute."""


def digest(token: str) -> str:
    """What is kept of a token. A token is 256 random bits, so one fast hash is enough: nobody
    can guess it back from the digest, and looking it up costs one indexed query."""
    return hashlib.sha256(token.encode()).hexdigest()


@transaction.atomic
def make_token(user, name: str) -> tuple[AccessToken, str]:
    """A new token: its row, and the token itself, which only the caller ever sees."""
    name = name.strip()
    if not name:
        raise Refused(_("Name the token: what will use it?"))
    if AccessToken.objects.working().filter(user=user).count() >= MOST_TOKENS:
        raise Refused(_("You have %(most)s tokens already: revoke one you no longer use.") % {"most": MOST_TOKENS})
    token = PREFIX + secrets.token_urlsafe(32)
    return AccessToken.objects.create(user=user, name=name[:80], digest=digest(token)), token


def revoke(user, token_id) -> None:
    """The token stops working at once; a second revoke changes nothing."""
    AccessToken.objects.filter(user=user, pk=token_id, revoked_at__isnull=True).update(revoked_at=timezone.now())


def bearer(request) -> AccessToken | None:
    """The working token the request shows, with its person; None for none, an unknown or a
    revoked one, or a person no longer active."""
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token.startswith(PREFIX) or len(token) > 100:
        return None
    found = (AccessToken.objects.working().select_related("user").filter(digest=digest(token)).first())
    if found is None or not found.user.is_active:
        return None
    now = timezone.now()
    if found.last_used_at is None or now - found.last_used_at > USED_EVERY:
        AccessToken.objects.filter(pk=found.pk).update(last_used_at=now)
    return found
