"""Threats in play, from the console (Threat Level Extra)."""

from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaign.access import gm_membership_or_404
from charge.actions import threats
from charge.panels import threats_context
from core.htmx import answer
from core.posted import posted_text, whole_number
from core.refused import refusal_of


def _console_threats(request, membership, error=""):
    return answer(request, "charge/console.html#console-threats",
                  lambda: {"membership": membership, "campaign": membership.campaign,
                           "characters": membership.campaign.characters.all(), **threats_context(membership.campaign)},
                  reverse("console", args=[membership.campaign_id]), error)


@login_required
@require_POST
def threat_add(request, campaign_id):
    """The GM puts a threat in play, on the scene or on one character ("How to define a Threat Level?")."""
    membership = gm_membership_or_404(request, campaign_id)
    rating = whole_number(request.POST.get("rating"))
    error = refusal_of(lambda: threats.add_threat(membership, posted_text(request, "source", 120),
                                                rating if rating is not None else 0,
                                                whole_number(request.POST.get("character"))))
    return _console_threats(request, membership, error)


@login_required
@require_POST
def threat_clear(request, campaign_id, threat_id):
    membership = gm_membership_or_404(request, campaign_id)
    return _console_threats(request, membership, refusal_of(lambda: threats.clear_threat(membership, threat_id)))
