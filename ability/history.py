"""What an Ability vs Difficulty sheet's history lists (characters/history.py)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ability.models import Boost, Sheet, Skill
from characters.history import Kept


def _die(name, value):
    return f"d{value}" if name == "die" and value else value


DIE = pgettext_lazy("sheet field", "die")
KEPT = (
    Kept(Sheet, lambda version: str(_("Grit points and gear")), ("grit", "gear"),
         {"grit": pgettext_lazy("sheet field", "grit points"), "gear": pgettext_lazy("sheet field", "gear")}),
    Kept(Skill, lambda version: str(_("Skill: %(name)s") % {"name": version.name}), ("name", "die", "specialization"),
         {"name": pgettext_lazy("sheet field", "name"), "die": DIE,
          "specialization": pgettext_lazy("sheet field", "specialization")}, shown=_die),
    Kept(Boost, lambda version: str(_("Boost: %(boost)s") % {"boost": version.name}), ("name", "applies_to", "constraints", "die"),
         {"name": pgettext_lazy("sheet field", "name"), "applies_to": pgettext_lazy("sheet field", "applies to"),
          "constraints": pgettext_lazy("sheet field", "constraints"), "die": DIE}, shown=_die),
)
