from collections import Counter

from django import template
from django.utils.translation import gettext, pgettext

from advantage import actions
from gamerules import advantage as rules
from gamerules import readings

register = template.Library()


def _statuses(faces, left) -> list[tuple[int, str]]:
    """Each die: discarded (1-3), cancelled (paired away) or left, in the order rolled."""
    keep = Counter(left)
    out = []
    for face in faces:
        if face in readings.ADVANTAGE_DISCARDED_FACES:
            out.append((face, "discarded"))
        elif keep[face]:
            keep[face] -= 1
            out.append((face, "left"))
        else:
            out.append((face, "cancelled"))
    return out


@register.filter
def plus_dice(read: rules.CheckResult):
    return _statuses(read.plus, read.plus_left)


@register.filter
def minus_dice(read: rules.CheckResult):
    return _statuses(read.minus, read.minus_left)


@register.filter
def status_said(status: str) -> str:
    """A die's status as a screen reader reads it after its face: what fading and grey show."""
    context = "a die read aloud: its face, then this"
    return {"left": pgettext(context, ", left"), "discarded": pgettext(context, ", discarded"),
            "cancelled": pgettext(context, ", cancelled")}[status]


@register.filter
def result_of(roll) -> rules.CheckRollResult:
    """What a check's roll keeps, typed."""
    return actions.result_of(roll)


@register.filter
def read_of(roll) -> rules.CheckResult:
    """The check's dice read: discarded, cancelled, left."""
    return rules.read_check(roll.dice, actions.result_of(roll).minus)


@register.filter
def dice_words(dice: int) -> str:
    """A contributor's dice in the text's words: "+2 PLUS", "+1 MINUS"."""
    if dice >= 0:
        return gettext("+%(dice)s PLUS") % {"dice": dice}
    return gettext("+%(dice)s MINUS") % {"dice": -dice}
