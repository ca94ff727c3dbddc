from django import template
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

register = template.Library()

TABS = ((_("Dashboard"), "campaign"), (_("Forces"), "forces"), (_("Rolls"), "rolls"), (_("Clocks"), "clocks"),
        (_("Sessions"), "sessions"), (_("Playbooks"), "playbooks"), (_("Members"), "members"),
        (_("Safety"), "safety"))
SHARED_TABS = tuple(tab for tab in TABS if tab[1] != "playbooks")
"""Every system's pages; Charge adds its playbooks, dials and Extras (charge/navigation.py)."""


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
