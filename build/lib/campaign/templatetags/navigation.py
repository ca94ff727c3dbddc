from django import template
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from gamerules.dials import Extra

register = template.Library()

TABS = ((_("Dashboard"), "campaign"), (_("Forces"), "forces"), (_("Rolls"), "rolls"), (_("Clocks"), "clocks"),
        (_("Sessions"), "sessions"), (_("Playbooks"), "playbooks"), (_("Members"), "members"),
        (_("Safety"), "safety"))
SHARED_TABS = tuple(tab for tab in TABS if tab[1] != "playbooks")
"""Every system's pages; Charge adds its playbooks, dials and Extras."""
GM_TABS = ((_("Dials"), "dials"),)
EXTRA_TABS = ((Extra.WORLD, (_("World"), "world")), (Extra.PARTY, (_("Party"), "party")),
              (Extra.RESOURCE_POOL, (_("Resources"), "resources")))
"""The pages an Extra adds, shown while it is switched on."""


def charge_tabs(membership) -> tuple:
    rules = membership.campaign.rules
    return (TABS[:2] + tuple(tab for extra, tab in EXTRA_TABS if rules.has(extra)) + TABS[2:]
            + (GM_TABS if membership.is_gm else ()))


def shared_tabs(membership) -> tuple:
    return SHARED_TABS


@register.simple_tag(takes_context=True)
def campaign_tabs(context):
    """(label, url, active) for each tab of the campaign's navigation this member may open."""
    membership, path = context["membership"], context["request"].path
    tabs = membership.campaign.site.tabs(membership)
    urls = [(label, reverse(name, args=[membership.campaign_id])) for label, name in tabs]
    home = urls[0][1]
    return [(label, url, path == url if url == home else path.startswith(url)) for label, url in urls]
