"""One masked CSRF token per answer. Django masks the secret anew each time it is asked for
(``get_token``), with 32 random choices, and every template rendered apart (each panel, each kept
rendering served) asked again: a table screen's answer masked it nine times."""

from django.middleware.csrf import get_token
from django.utils.functional import SimpleLazyObject


def token(request) -> str:
    """The request's masked token, made once for its secret (a login rotates the secret)."""
    made = getattr(request, "_masked_csrf_token", None)
    if made is None or made[0] != request.META.get("CSRF_COOKIE"):
        masked = get_token(request)  # sets the secret if the request had none
        request._masked_csrf_token = made = (request.META.get("CSRF_COOKIE"), masked)
    return made[1]


def csrf(request) -> dict:
    """In place of Django's built-in ``csrf`` context processor, which it follows in the list."""
    return {"csrf_token": SimpleLazyObject(lambda: token(request))}
