from decimal import Decimal
from fractions import Fraction

from babel.numbers import format_percent
from django import template
from django.utils.formats import number_format
from django.utils.translation import get_language, pgettext, to_locale

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
        return "<" + _percent(1)
    if Fraction(199, 200) <= value < 1:
        return ">" + _percent(99)
    return _percent(round(float(value) * 100))


@register.filter
def in_percent(whole: int) -> str:
    """A whole percentage (of shares that add up to 100) as the reader's language writes it."""
    return _percent(int(whole))


def _percent(whole: int) -> str:
    """A whole percentage as the reader's language writes it: "65%", "65 %"."""
    return format_percent(whole / 100, locale=to_locale(get_language() or "en"))


@register.filter
def sides(value: Fraction) -> str:
    """A die's sides to one decimal: "7.9" ("7,9" in French)."""
    return number_format(Decimal(f"{float(value):.1f}"), 1)


@register.filter
def average(value: Fraction) -> str:
    return number_format(Decimal(f"{float(value):.2f}"), 2)
