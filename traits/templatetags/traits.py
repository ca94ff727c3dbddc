from fractions import Fraction

from django import template

from core.templatetags.odds import chance
from gamerules import traits as rules
from traits import actions

register = template.Library()
register.filter("chance", chance)


@register.filter
def stat(name: str) -> str:
    """A Stat as the reader reads it: one of the text's six in their language, a Stat the GM named
    as the GM wrote it."""
    return str(rules.stat_said(name))


@register.filter
def amount(value: Fraction) -> str:
    """An expected number: "1/3", "2"."""
    return str(value)


@register.filter
def success_faces(dice) -> list[tuple[int, bool]]:
    """(face, is a success) for each die: 4, 5 and 6 succeed."""
    return [(face, face in rules.SUCCESS_FACES) for face in dice or ()]


@register.filter
def successes(dice) -> int:
    return rules.successes(dice or ())


@register.filter
def tally(roll) -> int:
    """A conflict roll's successes so far: the Stat's, the Powers', the bids'."""
    return actions.rules_conflict(roll).total


@register.filter
def result_of(roll) -> rules.ConflictRollResult | rules.AftermathRollResult:
    """What a conflict's or an aftermath's roll keeps, typed."""
    return actions.result_of(roll)
