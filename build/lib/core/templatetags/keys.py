"""``{% write_key %}``: the hidden key of a form whose write a retry could repeat (core/keys.py)."""

from django import template
from django.utils.html import format_html

from core.keys import KEY_PLACEHOLDER

register = template.Library()


@register.simple_tag
def write_key():
    return format_html('<input type="hidden" name="key" value="{}">', KEY_PLACEHOLDER)
