"""Charge's controls on the GM console: calling for a roll, a new scene's market tick, a new day."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.access import gm_membership_or_404
from campaign.models import Campaign
from charge.actions import bookkeeping, on_its_way
from charge.panels import market_context
from core.htmx import answer, attempt
from core.keys import refusal_once
from core.posted import posted_text, whole_number
from core.templatetags.words import action as action_word
from gamerules.charge import Effect, Risk


@login_required
@require_POST
def call_for_roll(request, campaign_id):
    """The GM calls for a roll, and may set its risk and effect at once; every screen shows it
    until that character rolls."""
    membership = gm_membership_or_404(request, campaign_id)
    risk, effect = whole_number(request.POST.get("risk")), whole_number(request.POST.get("effect"))
    start = on_its_way.RollStart(character_id=whole_number(request.POST.get("character")) or 0,
                      action=request.POST.get("action", ""), goal=posted_text(request, "goal", 300))
    attempt(request, lambda: on_its_way.call_for_roll(
        membership, start, Risk(risk) if risk in {int(r) for r in Risk} else None,
        Effect(effect) if effect in {int(e) for e in Effect} else None),
        lambda pending: _("Called for %(name)s's %(action)s roll.") % {"name": pending.character.name,
                                                                        "action": action_word(pending.action)})
    return redirect("console", campaign_id)


@login_required
@require_POST
def new_day(request, campaign_id):
    """The story moves on a day: spells cast once per day may be cast again (Magic Extra)."""
    membership = gm_membership_or_404(request, campaign_id)
    error = refusal_once(request, lambda: bookkeeping.new_day(membership, whole_number(request.POST.get("seen"))))
    campaign = Campaign.objects.get(pk=campaign_id)
    return answer(request, "charge/panels/console_magic.html#console-magic",
                  lambda: {"membership": membership, "campaign": campaign, "uses_magic": True},
                  reverse("console", args=[campaign_id]), error)


@login_required
@require_POST
def market_tick(request, campaign_id):
    """A new scene: the GM ticks the market clock with one tap ("The Market Clock")."""
    membership = gm_membership_or_404(request, campaign_id)
    error = refusal_once(request, lambda: bookkeeping.tick_market(membership, whole_number(request.POST.get("seen"))))
    campaign = Campaign.objects.get(pk=campaign_id)
    return answer(request, "charge/panels/console_market.html#console-market",
                  lambda: {"membership": membership, "campaign": campaign, "uses_market": True,
                           **market_context(campaign)}, reverse("console", args=[campaign_id]), error)
