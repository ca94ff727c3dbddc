from django import template
from django.utils.html import format_html

from core.htmx import CAMPAIGN_CHANGED

register = template.Library()


@register.simple_tag
def live():
    """Makes the element a live panel: whenever the campaign changes it fetches its hx-get again
    and replaces itself with the answer."""
    return format_html('hx-trigger="{} from:body" hx-swap="outerHTML"', CAMPAIGN_CHANGED)
