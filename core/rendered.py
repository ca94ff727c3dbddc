"""Render once: at one version of a campaign, a page's live panel is rendered for the first screen
of its audience that asks for it and kept; the others of that audience are served that rendering.
The contract is in docs/render-cache.md; in short:

- A rendering is kept for exactly one version of its campaign and never served at another. Every
  committed change of a campaign's rows moves its version (campaign/live.py), so what is served is
  what a fresh rendering at that version would show: there is nothing to work out about what a
  rendering depended on.
- Its audience (``Audience.name``, campaign/access.py) names everything that makes a panel differ
  between two viewers at one version; a whole page also carries its viewer's own name and links, so
  it is kept for its viewer alone.
- What differs per request is never kept: each viewer's CSRF token and the version a page's live
  poller starts from are placeholders in the kept HTML, filled in as it is served (and each form's
  write key: core/keys.py). A page with a message waiting is rendered for it and not kept.
- Nothing waits: a screen that finds no rendering renders one, even while another is doing so."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from hashlib import sha1

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.utils.translation import get_language

KEPT_FOR = 600
"""Seconds a rendering is kept after it was made."""
CSRF_PLACEHOLDER = "csrf-token-of-the-request"
"""What a kept rendering carries where each viewer's own CSRF token goes."""
VERSION_PLACEHOLDER = "version-of-the-request"
"""What a kept rendering carries where the campaign's version goes (``live_version`` in its
context: its live poller's)."""
INLINE_PANELS = "_inline_panels"
"""The context variable in which a page rendering collects the HTML of its inline partials, so that
its live panels are kept as they came out of it (core/templatetags/panels.py)."""


@dataclass(frozen=True)
class Audience:
    """Whom a campaign page is rendered for. At one version of the campaign a panel looks the
    same to everyone in its audience (``name``: exactly what changes the panel, such as "gm", or
    whether the sheet is the viewer's own), so the first of them renders it and the others are
    served that rendering."""

    campaign_id: int
    version: int
    name: str

    def key(self, request, name: str, path: str | None = None, htmx: bool | None = None) -> str:
        """The rendering's key at this version: ``path`` is what was asked for (by default, the
        request's path), ``htmx`` whether htmx asked (by default, whether it asked this request)."""
        htmx = bool(request.htmx) if htmx is None else htmx
        said = (name, path or request.get_full_path(), htmx, get_language())
        return f"rendered:{self.campaign_id}:{self.version}:{sha1(repr(said).encode()).hexdigest()}"


def html(request, audience: Audience | None, key: str | None, render: Callable[[dict], str],
         looked: bool = False, panels: Mapping[str, str] | None = None) -> str:
    """The HTML ``render(extra)`` makes (``extra`` added to its context), rendered once for the
    audience at its version (``looked``: ``kept`` has just found none to serve). ``panels``: the
    keys of the live panels a page rendering keeps as they came out of it, by partial name."""
    if not _kept_for(request, audience):
        return render({})
    made = None if looked else cache.get(key)
    if made is None:
        inline = {}
        made = render({"csrf_token": CSRF_PLACEHOLDER, "live_version": VERSION_PLACEHOLDER, INLINE_PANELS: inline})
        kept = {panel_key: inline[name] for name, panel_key in (panels or {}).items() if name in inline}
        cache.set_many({key: made, **kept}, KEPT_FOR)
    return _served_to(request, audience, made)


def kept(request, audience: Audience | None, keys: dict[str, str]) -> dict[str, str]:
    """Of the renderings named by ``keys`` (by panel), those kept for the audience at its version:
    one cache read, however many."""
    if not _kept_for(request, audience):
        return {}
    found = cache.get_many(list(keys.values()))
    return {name: _served_to(request, audience, found[key]) for name, key in keys.items() if key in found}


def _served_to(request, audience, made: str) -> str:
    """A kept rendering as this request is served it: with its viewer's CSRF token and the version
    it is served at."""
    return made.replace(CSRF_PLACEHOLDER, get_token(request)).replace(VERSION_PLACEHOLDER, str(audience.version))


def _kept_for(request, audience) -> bool:
    return audience is not None and settings.RENDER_ONCE and not len(messages.get_messages(request))  # a message is for one
