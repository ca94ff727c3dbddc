"""A Charge campaign's navigation: the shared tabs, its Extras' pages and the GM's dials."""

from django.utils.translation import gettext_lazy as _

from campaign.templatetags.navigation import TABS
from gamerules.dials import Extra

GM_TABS = ((_("Dials"), "dials"),)
EXTRA_TABS = ((Extra.WORLD, (_("World"), "world")), (Extra.PARTY, (_("Party"), "party")),
              (Extra.RESOURCE_POOL, (_("Resources"), "resources")))
"""The pages an Extra adds, shown while it is switched on."""


def charge_tabs(membership) -> tuple:
    rules = membership.campaign.charge.rules
    return (TABS[:2] + tuple(tab for extra, tab in EXTRA_TABS if rules.has(extra)) + TABS[2:]
            + (GM_TABS if membership.is_gm else ()))
