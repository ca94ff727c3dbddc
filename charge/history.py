"""What a Charge sheet's history lists beside the character's own row (characters/history.py):
its ties and its talent line."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from characters.history import Kept
from charge.models import Talent, Tie
from charge.models.sheet import TALENT_KIND_CHOICES
from core.templatetags.words import action as action_word


def _talent(name, value):
    if name == "kind":
        return dict(TALENT_KIND_CHOICES).get(value, value)
    return action_word(value) if name in ("action", "instead_of") and value else value


KEPT = (
    Kept(Tie, lambda version: str(_("Tie: %(name)s") % {"name": version.text}), ("text",), {"text": pgettext_lazy("sheet field", "text")}),
    Kept(Talent, lambda version: str(_("Talent slot %(slot)s") % {"slot": version.slot}),
         ("kind", "action", "instead_of", "situation"),
         {"kind": pgettext_lazy("sheet field", "kind"), "action": pgettext_lazy("sheet field", "action"),
          "instead_of": pgettext_lazy("sheet field", "instead of"), "situation": pgettext_lazy("sheet field", "situation")},
         shown=_talent),
)
