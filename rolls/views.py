"""The roll log, a roll's page by its dice system, and dice statistics: what every system shares."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from campaign.access import membership_or_404
from campaign.models import session_said
from core.posted import whole_number
from rolls.charts import actions_chart, luck_chart, outcomes_chart
from rolls.models import Roll
from rolls.stats import Filters, dice_stats

LOG_PAGE = 50


def roll_or_404(membership, roll_id) -> Roll:
    return get_object_or_404(Roll.objects.visible_to(membership).select_related("character", "rolled_by"),
                             campaign=membership.campaign, pk=roll_id)


@login_required
@require_safe
def roll_detail(request, campaign_id, roll_id):
    """A roll's page, as its campaign's dice system shows it (core/systems.py ``roll_page``)."""
    membership = membership_or_404(request, campaign_id)
    roll = roll_or_404(membership, roll_id)
    return membership.campaign.site.roll_page(request, membership, roll)


def log_context(membership, before=None):
    rolls = (membership.campaign.rolls.visible_to(membership)
             .select_related("character", "rolled_by").order_by("-pk"))
    if before:
        rolls = rolls.filter(pk__lt=before)
    page = list(rolls[:LOG_PAGE + 1])
    return {"membership": membership, "campaign": membership.campaign, "rolls": page[:LOG_PAGE],
            "older": page[LOG_PAGE - 1].pk if len(page) > LOG_PAGE else None, "before": before}


@login_required
@require_safe
def roll_log(request, campaign_id):
    """Append-only: nobody edits or deletes a roll. It updates live like the clocks."""
    membership = membership_or_404(request, campaign_id)
    before = whole_number(request.GET.get("before"))
    template = "rolls/log.html#roll-log" if request.htmx else "rolls/log.html"
    return render(request, template, log_context(membership, before))


MORE = "more"
"""The statistics' query that draws what the dice system adds (``SystemSite.stats``) in the page."""


@login_required
@require_safe
def roll_stats(request, campaign_id):
    """Dice statistics over the rolls this member may see, for a character, a person, a session.
    What the dice system adds is drawn once opened: asked by htmx, it alone; else in the page."""
    membership = membership_or_404(request, campaign_id)
    filters, site = Filters.read(membership, request.GET), membership.campaign.site
    more = bool(request.GET.get(MORE)) and site.stats is not None
    if more and request.htmx:
        return render(request, site.stats_section, {"membership": membership, "campaign": membership.campaign,
                                                    **site.stats(membership, filters)})
    template = "rolls/stats.html#dice-stats" if request.htmx else "rolls/stats.html"
    return render(request, template, stats_context(membership, filters, more))


def stats_context(membership, filters: Filters, more: bool = False) -> dict:
    campaign = membership.campaign
    stats = dice_stats(membership, filters)
    honesty = stats.honesty
    rolled_on = [scale for scale in honesty.scales if honesty.rolled_on(scale)]
    return {"membership": membership, "campaign": campaign, "filters": filters, "stats": stats, "honesty": honesty,
            # The filters' choices, as (id, what the option shows): no more is read.
            "characters": campaign.characters.order_by("name").values_list("pk", "name"),
            "members": campaign.memberships.order_by("user__username").values_list("pk", "user__username"),
            "sessions": [(pk, session_said(number)) for pk, number in campaign.sessions.values_list("pk", "number")],
            "outcomes": [(scale, outcomes_chart(honesty, scale)) for scale in rolled_on], "scores": scores(rolled_on),
            "several_scales": len(rolled_on) > 1,
            "luck": luck_chart(honesty), "expected_luck": float(honesty.expected_luck),
            "actions": actions_chart(stats.actions) if any(count for _, count in stats.actions) else None,
            "left_out": sum(count for _, count in stats.left_out),
            "more": more,
            "more_url": f"{reverse('roll_stats', args=[campaign.pk])}?{urlencode({**filters.query(), MORE: 1})}",
            **(campaign.site.stats(membership, filters) if more else {})}


def scores(scales) -> str:
    """What each outcome scores in the test, in each system's words: its place, worst first."""
    def said(scale):
        if scale.counted:
            return _("%(scale)s: 1 a success") % {"scale": scale.name}
        places = ", ".join(f"{capfirst(str(word))} {place}" for place, word in enumerate(scale.words))
        return f"{scale.name}: {places}" if len(scales) > 1 else places
    return "; ".join(map(said, scales))
