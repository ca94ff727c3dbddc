"""The two ways a view answers: a page (or one of its live panels), and the answer to a write.
Every view works without htmx; with htmx it answers only the part of the page that changed."""

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from hashlib import sha1
from typing import TypeVar

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django_htmx.http import trigger_client_event

from core.refused import Refused

T = TypeVar("T")

CAMPAIGN_CHANGED = "campaignChanged"
"""The event that tells a page's live panels to fetch themselves again (core/templatetags/live.py
writes the listening side): sent by the live poll and by every successful write."""


def changed(response):
    """Tell the page that the campaign changed, so that its other live panels refresh."""
    return trigger_client_event(response, CAMPAIGN_CHANGED)


RENDERED_FOR = 120
"""Seconds a rendering is kept. Every change makes a new version, so an old rendering is never
served once its version has passed; this only frees the memory."""
RENDERING_WAIT = 1.0
"""Seconds a request waits for the same rendering that another request is making."""
CSRF_PLACEHOLDER = "csrf-token-of-the-request"
"""What a shared rendering carries where each viewer's own CSRF token goes."""


@dataclass(frozen=True)
class Audience:
    """Whom a campaign page is rendered for. At one version of the campaign a panel looks the
    same to everyone in its audience (``name``: exactly what changes the panel, such as "gm", or
    whether the sheet is the viewer's own), so the first of them renders it and the others are
    served that rendering: one rendering per change and audience, however many screens ask."""

    campaign_id: int
    version: int
    name: str

    def key(self, request, name: str) -> str:
        said = (self.campaign_id, self.version, name, request.get_full_path(), bool(request.htmx),
                get_language())
        return f"rendered:{self.campaign_id}:{self.version}:{sha1(repr(said).encode()).hexdigest()}"


def page(request, template: str, context: Mapping | Callable[[], Mapping],
         panels: Mapping[str, str] | None = None, audience: Audience | None = None):
    """The whole page; or, asked by htmx with ``?panel=<name>``, just that live panel.
    ``panels`` is the page's allowlist: each panel it refreshes, and the template defining it.
    ``context`` may be a function, called only when the page is rendered. With an ``audience``,
    a panel is rendered once per version for the audience; a whole page, which carries its
    viewer's own name and links, once per version for its viewer."""
    name = request.GET.get("panel")
    if request.htmx and name is not None:
        if name not in (panels or {}):
            raise Http404("No such panel")
        return _rendered(request, f"{panels[name]}#{name}", context, audience and audience.key(request, audience.name))
    return _rendered(request, template, context, audience and audience.key(request, f"user:{request.user.pk}"))


def _rendered(request, template, context, key: str | None):
    if key is None or not settings.RENDER_ONCE or len(messages.get_messages(request)):  # a message is for one
        return render(request, template, context() if callable(context) else context)
    html = cache.get(key)
    # After a change every screen asks at once: the first renders, the others wait for it.
    if html is None and not cache.add(f"{key}:rendering", True, RENDERING_WAIT):
        html = _rendering_of(key)
    if html is None:
        made = context() if callable(context) else context
        html = render_to_string(template, {**made, "csrf_token": CSRF_PLACEHOLDER}, request)
        cache.set(key, html, RENDERED_FOR)
    return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))


def _rendering_of(key: str) -> str | None:
    """Another request's rendering, once it is there; None if it takes too long (this request
    then renders it too)."""
    waited = 0.0
    while waited < RENDERING_WAIT:
        time.sleep(0.005)
        waited += 0.005
        if (html := cache.get(key)) is not None:
            return html
    return None


def answer(request, partial: str, context: Callable[[], Mapping], back, error: str = ""):
    """After a write. With htmx: ``partial`` rendered from ``context()`` (with the refusal, if
    any), and the page told that the campaign changed when it did. Without htmx: the refusal
    as a message, and back to ``back`` (a URL, or a model with get_absolute_url)."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(back)
    response = render(request, partial, {**context(), "error": error})
    return response if error else changed(response)


def attempt(request, act: Callable[[], T], said: str | Callable[[T], str]) -> T | None:
    """Do ``act()`` and tell the user on the next page: ``said`` when it worked (a text, or one
    made from what ``act`` returned), or why it was refused. Returns what ``act`` returned, or
    None when it was refused (nothing changed)."""
    try:
        result = act()
    except Refused as refusal:
        messages.error(request, str(refusal))
        return None
    messages.success(request, said(result) if callable(said) else said)
    return result
