"""The safety page (lines and veils, the X-card, the session-zero checklist) and its writes. Every
member writes lines and veils and taps the X-card; the GM dismisses it and keeps the checklist."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from campaign.access import gm_membership_or_404, membership_or_404, seen_as
from campaign.models import Campaign, Membership
from core.htmx import answer, page
from core.keys import once, refusal_once
from core.posted import local_url, posted_text, whole_number
from core.refused import refusal_of
from core.rendered import reads
from safety import actions
from safety.actions import TEXT_LIMIT
from safety.models import SESSION_ZERO, Agreement, Boundary, BoundaryKind, XCard

SAFETY = "safety/safety.html"
X_CARD = "safety/x_card.html"
PANELS = dict.fromkeys(("safety-x-card", "safety-boundaries", "session-zero"), SAFETY)
READS = {"safety-x-card": reads(Campaign, Membership, XCard), "safety-boundaries": reads(Campaign, Membership, Boundary),
         "session-zero": reads(Campaign, Membership, Agreement)}
"""The models each live panel shows."""


def safety_context(membership, **extra) -> dict:
    campaign = membership.campaign
    boundaries = campaign.boundaries.select_related("author")
    agreed = {agreement.item: agreement for agreement in campaign.session_zero.select_related("agreed_by")}
    return {"membership": membership, "campaign": campaign,
            "boundaries": [(b, b.removable_by(membership)) for b in boundaries],
            "kinds": BoundaryKind.choices, "text_limit": TEXT_LIMIT,
            "x_card": campaign.x_cards.showing().first(),
            "checklist": [(item, label, agreed.get(item)) for item, label in SESSION_ZERO.items()], **extra}


@login_required
@require_safe
def safety(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    # Each member sees remove buttons on what they wrote: one rendering per member (the GMs share one).
    audience = seen_as(membership, "gm" if membership.is_gm else f"member:{membership.user_id}")
    return page(request, SAFETY, lambda: safety_context(membership), PANELS, audience, READS)


def _back(request, campaign_id) -> str:
    return local_url(request, request.POST.get("next")) or reverse("safety", args=[campaign_id])


@login_required
@require_POST
def boundary_add(request, campaign_id):
    """A line or a veil; "anonymous" stores no author at all."""
    membership = membership_or_404(request, campaign_id)
    kind, text = request.POST.get("kind", ""), posted_text(request, "text", TEXT_LIMIT + 1)  # one over: refused, not cut
    error = refusal_once(request, lambda: actions.write_boundary(membership, kind, text, request.POST.get("anonymous") == "on"))
    # Refused, the form keeps what was typed; written, it is empty for the next one.
    typed = {"kind": kind, "text": text} if error else {}
    return answer(request, f"{SAFETY}#boundary-form", lambda: safety_context(membership, typed=typed),
                  reverse("safety", args=[campaign_id]), error)


@login_required
@require_POST
def boundary_remove(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    error = refusal_of(lambda: actions.remove_boundary(membership, whole_number(request.POST.get("boundary"))))
    return answer(request, f"{SAFETY}#safety-boundaries", lambda: safety_context(membership),
                  reverse("safety", args=[campaign_id]), error)


@login_required
@require_POST
def x_card(request, campaign_id):
    """Any member taps the X-card, from the safety page or the button every campaign page carries.
    The answer tells the one who tapped that it is shown, and nobody who tapped it."""
    membership = membership_or_404(request, campaign_id)
    once(request, lambda: actions.tap_x_card(membership))
    if not request.htmx:
        messages.warning(request, _("The X-card is on the table screen and the GM's console. Nobody is told who tapped it."))
        return redirect(_back(request, campaign_id))
    if request.htmx.target == "x-card-button":
        return answer(request, f"{X_CARD}#x-card-button", lambda: {"campaign": membership.campaign, "tapped": True},
                      _back(request, campaign_id))
    return answer(request, f"{SAFETY}#safety-x-card", lambda: safety_context(membership), _back(request, campaign_id))


@login_required
@require_POST
def x_card_dismiss(request, campaign_id):
    """The GM dismisses the X-card once the scene has changed; the console's button answers with
    nothing to swap (the console's own panels refresh)."""
    membership = gm_membership_or_404(request, campaign_id)
    error = refusal_of(lambda: actions.dismiss_x_card(membership))
    return answer(request, f"{SAFETY}#safety-x-card", lambda: safety_context(membership),
                  _back(request, campaign_id), error)


@login_required
@require_POST
def session_zero(request, campaign_id):
    """The GM ticks an item of the session-zero checklist (agreed=1) or unticks it (agreed=0)."""
    membership = gm_membership_or_404(request, campaign_id)
    error = refusal_of(lambda: actions.agree(membership, request.POST.get("item", ""),
                                                         request.POST.get("agreed") == "1"))
    return answer(request, f"{SAFETY}#session-zero", lambda: safety_context(membership),
                  reverse("safety", args=[campaign_id]), error)
