"""A page is made of panels, each a noun that owns its hx-* attributes (see README, "How to add
a feature"). Forms and links inside a panel that carry ``hx-boost="true"`` post or get their own
``action`` / ``href`` and the answer replaces the panel; without JavaScript they are plain forms."""

from django import template
from django.utils.html import format_html

from core.htmx import CAMPAIGN_CHANGED

register = template.Library()

SWAPS = ("outerHTML", "innerHTML")


@register.simple_tag
def panel(swap="outerHTML"):
    """The element is a panel: a boosted form or link inside it answers in its place (or, with
    swap="innerHTML", inside it)."""
    if swap not in SWAPS:
        raise template.TemplateSyntaxError(f"A panel swaps {' or '.join(SWAPS)}, not {swap}.")
    return format_html('hx-target="this" hx-swap="{}" hx-push-url="false"', swap)


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
    trigger = f"load, {live_trigger()}" if load and not fetched else live_trigger()
    return format_html('hx-trigger="{}" {}', trigger, panel(swap))
