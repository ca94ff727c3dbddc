"""What a Traits & Consequence sheet's history lists (characters/history.py)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from characters.history import Kept
from gamerules.traits import stat_said
from traits.models import Feature, FeatureKind, Sheet


def _stats(name, value):
    """Each Stat as "Muscle 2/3": its value now (after damage) over its rating; in the order of
    their names, since a database may keep a JSON object's keys in another."""
    if name != "stats" or not isinstance(value, dict):
        return value
    return ", ".join(f"{stat_said(stat)} {(each or {}).get('current', '?')}/{(each or {}).get('rating', '?')}"
                     for stat, each in sorted(value.items()))


KEPT = (
    Kept(Sheet, lambda version: str(_("Stats and pool")), ("stats", "consequence", "gl"),
         {"stats": pgettext_lazy("sheet field", "Stats"), "consequence": pgettext_lazy("sheet field", "Consequence pool"),
          "gl": pgettext_lazy("sheet field", "GL")}, shown=_stats),
    Kept(Feature, lambda version: f"{FeatureKind(version.kind).label}: {version.name}",
         ("name", "value", "tagged", "applies_to"),
         {"name": pgettext_lazy("sheet field", "name"), "value": pgettext_lazy("sheet field", "value"),
          "tagged": pgettext_lazy("sheet field", "Consequence tag ©"), "applies_to": pgettext_lazy("sheet field", "applies to")}),
)
