from fractions import Fraction

from django import template

register = template.Library()


@register.filter
def chance(value: Fraction) -> str:
    """An exact chance as the table reads it: "11/16 (69%)"; certainties in words."""
    if value is None:
        return ""
    if value == 1:
        return "certain"
    if value == 0:
        return "impossible"
    return f"{value.numerator}/{value.denominator} ({round(float(value) * 100)}%)"


@register.filter
def like_die(value: Fraction) -> str:
    """A die size to one decimal: "d7.9"."""
    return f"d{float(value):.1f}"


@register.filter
def average(value: Fraction) -> str:
    return f"{float(value):.2f}"
