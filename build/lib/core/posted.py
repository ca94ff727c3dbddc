"""Values posted without a form, read as a form would read them."""

from django.utils.http import url_has_allowed_host_and_scheme


def local_url(request, value) -> str:
    """A "next" link to follow after a form: a path on this site, or "" (never another site,
    and never a bare word that redirect() would take for a view's name)."""
    value = value or ""
    if value.startswith("/") and url_has_allowed_host_and_scheme(
            value, {request.get_host()}, require_https=request.is_secure()):
        return value
    return ""


def posted_text(request, name, limit) -> str:
    """Free text posted without a form, cleaned as a form would: no NUL character (PostgreSQL
    cannot store one), surrounding spaces trimmed, at most ``limit`` characters."""
    return request.POST.get(name, "").replace("\x00", "").strip()[:limit]


def whole_number(value) -> int | None:
    """A posted whole number, or None for anything else (a word, a fraction, nothing)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
