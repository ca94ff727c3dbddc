from fractions import Fraction

from django import template
from django.utils.translation import pgettext

register = template.Library()


@register.filter
def chance(value: Fraction) -> str:
    """An exact chance as the table reads it: "11/16 (69%)"; certainties in words."""
    if value is None:
        return ""
    if value == 1:
        return pgettext("a chance", "certain")
    if value == 0:
        return pgettext("a chance", "impossible")
    return f"{value.numerator}/{value.denominator} ({percent(value)})"


@register.filter
def percent(value: Fraction) -> str:
    """A chance rounded for reading at a glance: "65%"; never 0% or 100% for what may or may not
    happen ("<1%", ">99%"). The exact fraction goes beside it."""
    if 0 < value < Fraction(1, 200):
        return "<1%"
    if Fraction(199, 200) <= value < 1:
        return ">99%"
    return f"{round(float(value) * 100)}%"


@register.filter
def sides(value: Fraction) -> str:
    """A die's sides to one decimal: "7.9"."""
    return f"{float(value):.1f}"


@register.filter
def average(value: Fraction) -> str:
    return f"{float(value):.2f}"
