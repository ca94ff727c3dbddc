"""The two ways a view answers: a page (or one of its live panels), and the answer to a write.
Every view works without htmx; with htmx it answers only the part of the page that changed."""

from collections.abc import Callable, Mapping
from typing import TypeVar

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django_htmx.http import trigger_client_event

from core.refused import Refused

T = TypeVar("T")

CAMPAIGN_CHANGED = "campaignChanged"
"""The event that tells a page's live panels to fetch themselves again (core/templatetags/live.py
writes the listening side): sent by the live poll and by every successful write."""


def changed(response):
    """Tell the page that the campaign changed, so that its other live panels refresh."""
    return trigger_client_event(response, CAMPAIGN_CHANGED)


def page(request, template: str, context: Mapping, panels: Mapping[str, str] | None = None):
    """The whole page; or, asked by htmx with ``?panel=<name>``, just that live panel.
    ``panels`` is the page's allowlist: each panel it refreshes, and the template defining it."""
    name = request.GET.get("panel")
    if request.htmx and name is not None:
        if name not in (panels or {}):
            raise Http404("No such panel")
        return render(request, f"{panels[name]}#{name}", context)
    return render(request, template, context)


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
