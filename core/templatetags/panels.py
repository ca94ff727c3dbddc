"""A page is made of panels, each a noun that owns its hx-* attributes (see
docs/adding-a-system.md, "How to add a feature"). Forms and links inside a panel that carry
``hx-boost="true"`` post or get their own ``action`` / ``href`` and the answer replaces the panel;
without JavaScript they are plain forms."""

from django import template
from django.utils.html import format_html
from template_partials.templatetags import partials

from core.htmx import CAMPAIGN_CHANGED
from core.rendered import INLINE_PANELS, KEPT_PANELS, PARTS

register = template.Library()

PLACEHOLDERS = "_placeholders"
"""Noted by a panel that the page shows before it loads itself (``live_panel load=True``)."""

SWAPS = ("outerHTML", "innerHTML")


@register.simple_tag
def panel(swap="outerHTML"):
    """The element is a panel: a boosted form or link inside it answers in its place (or, with
    swap="innerHTML", inside it)."""
    if swap not in SWAPS:
        raise template.TemplateSyntaxError(f"A panel swaps {' or '.join(SWAPS)}, not {swap}.")
    return format_html('hx-target="this" hx-swap="{}" hx-push-url="false"', swap)


@register.simple_tag(takes_context=True)
def page_address(context):
    """The address of the page a panel belongs to, as a form's ``next``: the same whether the page
    or its live panels were asked (``?panel=``, ``?panels=`` are not part of it)."""
    return _address(context["request"])


def _address(request) -> str:
    query = request.GET.copy()
    for asked in ("panel", "panels"):
        query.pop(asked, None)
    return f"{request.path}?{query.urlencode()}" if query else request.path


@register.simple_tag
def live_trigger():
    """The trigger of whatever fetches itself again when the campaign changes."""
    return f"{CAMPAIGN_CHANGED} from:body"


@register.simple_tag(takes_context=True)
def live_panel(context, swap="outerHTML", load=False):
    """A panel that also fetches its hx-get again whenever the campaign changes (and, with
    ``load``, once when the page has loaded: what the page itself need not wait for; a panel
    that htmx fetched is already loaded)."""
    fetched = getattr(context.get("request"), "htmx", False)
    if load and not fetched and (placeholders := context.get(PLACEHOLDERS)) is not None:
        placeholders.append(True)  # what the page shows here is not what the panel answers
    trigger = f"load, {live_trigger()}" if load and not fetched else live_trigger()
    return format_html('hx-trigger="{}" {}', trigger, panel(swap))


class InlinePanel(partials.DefinePartialNode):
    """An inline partial that also hands its HTML to the page rendering it (core/rendered.py), so
    that the page's live panels are kept from the page itself, at the page's version; and takes a
    panel kept and still true instead of rendering it (``KEPT_PANELS``), once it is known to render
    in the page as it answers alone."""

    same_alone: bool | None = None
    """Whether the page renders this panel as it answers alone (``?panel=``): known once it rendered
    in a page without a placeholder; never after it rendered with one (what loads itself later)."""

    def render(self, context):
        if not self.inline or (seen := context.get(INLINE_PANELS)) is None:
            return super().render(context)
        if self.same_alone and (kept := context.get(KEPT_PANELS, {}).get(self.partial_name)) is not None:
            seen[self.partial_name] = kept  # kept again at this version, at which it is still true
            return kept
        outer, placeholders = context.get(PLACEHOLDERS), []
        with context.push({PLACEHOLDERS: placeholders}):
            made = super().render(context)
        if placeholders:  # a panel that loads itself later, or holds one: not kept
            self.same_alone = False
            if outer is not None:
                outer.extend(placeholders)
        else:
            seen[self.partial_name] = made
            self.same_alone = self.same_alone is not False
        return made


@register.tag("partialdef")
def partialdef(parser, token):
    """django-template-partials' ``partialdef``, whose inline partials are seen by their page: a
    template loading ``panels`` after ``partials`` (as every template with a live panel does)."""
    node = partials.partialdef_func(parser, token)
    return InlinePanel(node.partial_name, node.inline, node.nodelist)


@register.filter
def at(panels, where: str) -> list:
    """A system's panels (core/systems.py ``Panel``) that a shared page includes ``where``."""
    return [panel for panel in panels if panel.at == where]


class KeptBy(template.Node):
    """``{% kept_by shows %}…{% endkept_by %}``: inside a rendering kept for an audience, what is
    between is kept by what it shows (core/rendered.py ``Parts``): ``shows``, the rows it shows
    (``rendered.rows``) and anything else it reads that no row holds. It must read nothing else
    but the audience, the page's address and the language. Elsewhere it is simply rendered."""

    def __init__(self, shows, nodelist, where: str):
        self.shows, self.nodelist, self.where = shows, nodelist, where

    def render(self, context):
        if (parts := context.get(PARTS)) is None:
            return self.nodelist.render(context)
        return parts.part(self.where, _address(context["request"]), self.shows.resolve(context),
                          lambda: self.nodelist.render(context))


@register.tag("kept_by")
def kept_by(parser, token):
    said = token.split_contents()
    if len(said) != 2:
        raise template.TemplateSyntaxError("kept_by takes what the part shows: {% kept_by shows %}.")
    nodelist = parser.parse(("endkept_by",))
    parser.delete_first_token()
    return KeptBy(parser.compile_filter(said[1]), nodelist, f"{parser.origin.template_name}:{token.lineno}")
