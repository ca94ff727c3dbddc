"""What an Advantage & Threat sheet's history lists (characters/history.py)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from advantage.models import Condition, Flaw, Gear, Sheet, Skill, Wound
from characters.history import Kept

NAME = {"name": pgettext_lazy("sheet field", "name")}
KEPT = (
    Kept(Sheet, lambda version: str(_("Action Points, drive and trauma")), ("ap", "ap_max", "drive", "trauma", "tough"),
         {"ap": pgettext_lazy("sheet field", "Action Points"), "ap_max": pgettext_lazy("sheet field", "maximum AP"),
          "drive": pgettext_lazy("sheet field", "drive"), "trauma": pgettext_lazy("sheet field", "trauma"),
          "tough": pgettext_lazy("sheet field", "traumas toughed out")}),
    Kept(Skill, lambda version: str(_("Skill: %(name)s") % {"name": version.name}), ("name", "rank"),
         NAME | {"rank": pgettext_lazy("sheet field", "rank")}),
    Kept(Flaw, lambda version: str(_("Flaw: %(name)s") % {"name": version.name}), ("name",), NAME),
    Kept(Gear, lambda version: str(_("Gear: %(name)s") % {"name": version.name}), ("name", "augmentation"),
         NAME | {"augmentation": pgettext_lazy("sheet field", "augmentation")}),
    Kept(Condition, lambda version: str(_("Condition: %(name)s") % {"name": version.name}), ("name",), NAME),
    Kept(Wound, lambda version: str(_("Wound: %(name)s") % {"name": version.name}), ("name", "level"),
         NAME | {"level": pgettext_lazy("sheet field", "level")}),
)
