"""What a Charge sheet's history lists beside the character's own row (characters/history.py):
its numbers (momentum, stress, dots...), its ties and its talent line."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from characters.history import Kept
from charge.models import Sheet, Talent, Tie
from charge.models.sheet import TALENT_KIND_CHOICES
from core.templatetags.words import action as action_word


def _talent(name, value):
    if name == "kind":
        return dict(TALENT_KIND_CHOICES).get(value, value)
    return action_word(value) if name in ("action", "instead_of") and value else value


SHEET_WORDS = {
    "momentum": pgettext_lazy("sheet field", "momentum"), "stress": pgettext_lazy("sheet field", "stress"),
    "taken_out": pgettext_lazy("sheet field", "taken out"), "action_dots": pgettext_lazy("sheet field", "action dots"),
    "better_risk_next": pgettext_lazy("sheet field", "better risk next"),
    "escalated_action": pgettext_lazy("sheet field", "escalated action"),
    "escalated_risk": pgettext_lazy("sheet field", "escalated risk"),
    "lost_action": pgettext_lazy("sheet field", "lost action"), "scars": pgettext_lazy("sheet field", "scars"),
    "compensations": pgettext_lazy("sheet field", "compensations"),
    "goal_dots": pgettext_lazy("sheet field", "goal dots"), "money": pgettext_lazy("sheet field", "money"),
    "details": pgettext_lazy("sheet field", "details"),
    "deteriorating": pgettext_lazy("sheet field", "deteriorating"),
}


def _sheet(name, value):
    if name in ("escalated_action", "lost_action") and value:  # an action's name, in the reader's words
        return action_word(value)
    if name == "action_dots" and isinstance(value, dict):
        return {action_word(action): dots for action, dots in value.items()}
    return value


KEPT = (
    Kept(Sheet, lambda version: str(_("Charge sheet")), Sheet.restorable, SHEET_WORDS, shown=_sheet, tells_added=False),
    Kept(Tie, lambda version: str(_("Tie: %(name)s") % {"name": version.text}), ("text",), {"text": pgettext_lazy("sheet field", "text")}),
    Kept(Talent, lambda version: str(_("Talent slot %(slot)s") % {"slot": version.slot}),
         ("kind", "own", "action", "instead_of", "situation"),
         {"kind": pgettext_lazy("sheet field", "kind"), "own": pgettext_lazy("sheet field", "kind of the hack's own"),
          "action": pgettext_lazy("sheet field", "action"), "instead_of": pgettext_lazy("sheet field", "instead of"),
          "situation": pgettext_lazy("sheet field", "situation")},
         shown=_talent),
)
