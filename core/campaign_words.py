"""The names a campaign gives itself (a hack's own actions and details), read in each reader's
language: a dice system says them (``SystemSite.words``), the campaign's views make them the
request's (campaign/access.py), and the words shown say them (``said``). A request that loads no
campaign, or a campaign without them, shows every name as written."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from functools import cache

from django.utils.translation import get_language

Words = Mapping[str, Mapping[str, str]]
"""A name as written -> its language -> the name in that language."""

_WORDS: ContextVar[Callable[[], Words] | None] = ContextVar("campaign_words", default=None)


def use(words: Callable[[], Words] | None) -> None:
    """The campaign's words for the rest of this request, read when a name is first said (a
    request that says none, a live poll, never reads them)."""
    _WORDS.set(cache(words) if words else None)


def said(name: str) -> str:
    """A name of the campaign's own as this request's reader reads it: its word in their
    language, else as written."""
    words = _WORDS.get()
    said_in = words().get(name) if words else None
    if not said_in:
        return name
    return said_in.get((get_language() or "en").split("-")[0], name)


class Forgotten:
    """Each request starts and ends with no campaign's words: a thread that served one campaign
    lends its words neither to the next request, which may load another or none, nor to what the
    thread does after."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        use(None)
        try:
            return self.get_response(request)
        finally:
            use(None)
