"""The two ways a view answers: a page (or one of its live panels), and the answer to a write.
Every view works without htmx; with htmx it answers only the part of the page that changed."""

from collections.abc import Callable, Mapping
from typing import NamedTuple, TypeVar

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django_htmx.http import trigger_client_event

from core import rendered
from core.refused import Refused
from core.rendered import Audience

T = TypeVar("T")

CAMPAIGN_CHANGED = "campaignChanged"
"""The event that tells a page's live panels to fetch themselves again (core/templatetags/live.py
writes the listening side): sent by the live poll and by every successful write."""


def changed(response, written: bool = True):
    """Tell the page that the campaign changed, so that its other live panels refresh. After its
    own write (``written``), a page whose stream is heard waits for the stream to bring them
    instead of asking as well (static/js/app.js): the change is rendered for it once, not twice."""
    return trigger_client_event(response, CAMPAIGN_CHANGED, {"written": written})


READS_HEADER = "Live-Reads"
"""Asked "?" by the live stream (campaign/views/streams.py), an answer of live panels says in it
the models they show, when every one declares them (core/rendered.py ``reads``): the stream asks
again only once a change touches one of them."""


class Everywhere(NamedTuple):
    shown: Callable[[HttpRequest], tuple[str, Mapping]]
    """The template and context of its HTML for the page asked."""
    reads: Callable[[], frozenset[str]]
    """The models it shows (core/rendered.py ``reads``), asked once every system is registered."""


EVERYWHERE: dict[str, Everywhere] = {}
"""Live panels that every page of an app carries besides its own (such as what waits for the
viewer), by name, rendered once for its viewer. Apps register them when ready."""


def page(request, template: str, context: Mapping | Callable[[], Mapping],
         panels: Mapping[str, str] | None = None, audience: Audience | None = None,
         reads: Mapping[str, frozenset[str]] | None = None):
    """The whole page; or, asked by htmx with ``?panel=<name>``, just that live panel; or, with
    ``?panels=<name>,<name>``, those live panels in one answer (what a page asks when the
    campaign changed: one request, not one a panel; static/js/app.js swaps each in).
    ``panels`` is the page's allowlist: each panel it refreshes, and the template defining it.
    ``context`` may be a function, called only when something is rendered. With an ``audience``,
    a panel is rendered once for the audience (core/rendered.py); a whole page, which carries
    its viewer's own name and links, once for its viewer. ``reads``: the models each panel shows,
    by name (core/rendered.py ``reads``): a panel that declares them is served as it was kept
    until one of them changes; one that does not, until anything does."""
    panels, reads = panels or {}, reads or {}
    context = _once(context)
    if request.htmx and "panels" in request.GET:
        return _live_panels(request, request.GET["panels"].split(","), context, panels, audience, reads)
    name = request.GET.get("panel")
    if request.htmx and name is not None:
        if name not in panels:
            raise Http404("No such panel")
        key = audience and audience.key(request, audience.name, reads=reads.get(name))
        return HttpResponse(rendered.html(request, audience, key, _render(request, f"{panels[name]}#{name}", context)))
    key = audience and audience.key(request, f"user:{request.user.pk}")
    # The page's live panels as it renders them, kept for the first change: not when its query
    # (a filter) may make them differ from what they answer on their own.
    kept = {} if not audience or request.GET else {
        name: audience.key(request, audience.name, f"{request.path}?panel={name}", htmx=True, reads=reads.get(name))
        for name in panels}
    return HttpResponse(rendered.html(request, audience, key, _render(request, template, context), panels=kept))


def asks_for(request, name: str) -> bool:
    """Whether an htmx request asks for the live panel ``name``, alone or with others: for a page
    that loads only what that panel shows when it is asked."""
    return bool(request.htmx) and (request.GET.get("panel") == name or name in request.GET.get("panels", "").split(","))


def _once(context) -> Callable[[], Mapping]:
    """The page's context, made when first needed and then kept for its other panels."""
    made = []

    def once():
        if not made:
            made.append(context() if callable(context) else context)
        return made[0]
    return once


def _render(request, template, context):
    return lambda extra: render_to_string(template, {**context(), **extra}, request)


def _live_panels(request, names, context, panels, audience, reads):
    """Each named panel, as the page's own ``?panel=<name>`` answers it (and from the same
    rendering), in a ``<template data-panel>``."""
    if not names or any(name not in panels and name not in EVERYWHERE for name in names):
        raise Http404("No such panel")
    asked = {}
    for name in dict.fromkeys(names):
        if name in panels:
            asked[name] = (audience and audience.key(request, audience.name, f"{request.path}?panel={name}",
                                                     reads=reads.get(name)),
                           _render(request, f"{panels[name]}#{name}", context))
        else:
            asked[name] = (audience and audience.key(request, f"user:{request.user.pk}", f"{request.path}?panel={name}",
                                                     reads=EVERYWHERE[name].reads()),
                           _everywhere(request, name))
    made = rendered.kept(request, audience, {name: key for name, (key, _) in asked.items()})
    for name in asked.keys() - made.keys():
        key, render_it = asked[name]
        made[name] = rendered.html(request, audience, key, render_it, looked=True)
    parts = [format_html('<template data-panel="{}">{}</template>', name, mark_safe(made[name])) for name in asked]
    response = HttpResponse("".join(parts))
    shown = [key.reads if key else None for key, _ in asked.values()]
    if request.headers.get(READS_HEADER) == "?" and None not in shown:  # the stream's question
        response[READS_HEADER] = " ".join(sorted(frozenset().union(*shown)))
    return response


def _everywhere(request, name):
    def render_it(extra):
        template, context = EVERYWHERE[name].shown(request)
        return render_to_string(template, {**context, **extra}, request)
    return render_it


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
