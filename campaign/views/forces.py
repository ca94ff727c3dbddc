from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign import actions
from campaign.access import (
    force_for_edit_or_404,
    force_for_view_or_404,
    gm_membership_or_404,
    membership_or_404,
)
from campaign.forms import ForceForm
from campaign.models import WorldForce
from core.htmx import changed, page
from core.keys import once

TEMPLATE = "campaign/forces.html"


@dataclass(frozen=True)
class ForceCard:
    """A force as one viewer sees it: the GM's notes and controls only for whom they are for."""

    force: WorldForce
    gm_notes: str
    may_edit: bool
    may_reveal: bool

    @classmethod
    def seen_by(cls, membership, force) -> "ForceCard":
        gm = membership.is_gm
        return cls(force, force.gm_notes if gm else "", force.editable_by(membership),
                   gm and not force.is_player_group)


def _card(request, membership, force):
    """One force's card (an htmx answer in place)."""
    return render(request, f"{TEMPLATE}#force", {
        "membership": membership, "campaign": membership.campaign,
        "card": ForceCard.seen_by(membership, force)})


@login_required
@require_safe
def force_list(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    return page(request, TEMPLATE, lambda: {
        "membership": membership, "campaign": membership.campaign,
        "cards": [ForceCard.seen_by(membership, force)
                  for force in membership.campaign.forces.visible_to(membership)]}, {"force-list": TEMPLATE})


@login_required
@require_http_methods(["GET", "POST"])
def force_create(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    force = WorldForce(campaign=membership.campaign)
    form = ForceForm(request.POST or None, instance=force)
    if request.method == "POST" and form.is_valid():
        force = once(request, lambda: actions.save_force(membership, form)) or form.instance
        messages.success(request, (_("%(force)s added and revealed to players.") if force.revealed
                                   else _("%(force)s added, hidden from players.")) % {"force": force.name})
        return redirect("forces", campaign_id)
    return render(request, "campaign/force_edit.html",
                  {"membership": membership, "campaign": membership.campaign, "form": form})


@login_required
@require_safe
def force_card(request, campaign_id, force_id):
    membership = membership_or_404(request, campaign_id)
    force = force_for_view_or_404(membership, force_id)
    return _card(request, membership, force)


@login_required
@require_http_methods(["GET", "POST"])
def force_edit(request, campaign_id, force_id):
    membership = membership_or_404(request, campaign_id)
    force = force_for_edit_or_404(membership, force_id)
    form = ForceForm(request.POST or None, instance=force, player_group=force.is_player_group,
                     gm=membership.is_gm)
    if request.method == "POST" and form.is_valid():
        actions.save_force(membership, form)
        if request.htmx:
            return changed(_card(request, membership, force))
        messages.success(request, _("%(force)s saved.") % {"force": force.name})
        return redirect("forces", campaign_id)
    context = {"membership": membership, "campaign": membership.campaign, "form": form,
               "force": force}
    if request.htmx:
        return render(request, f"{TEMPLATE}#force_form", context)
    return render(request, "campaign/force_edit.html", context)


@login_required
@require_POST
def force_reveal(request, campaign_id, force_id):
    membership = gm_membership_or_404(request, campaign_id)
    force = force_for_edit_or_404(membership, force_id)
    actions.reveal_force(membership, force, request.POST.get("revealed") == "1")
    if request.htmx:
        return changed(_card(request, membership, force))
    return redirect("forces", campaign_id)


@login_required
@require_POST
def force_delete(request, campaign_id, force_id):
    membership = gm_membership_or_404(request, campaign_id)
    force = force_for_edit_or_404(membership, force_id)
    if force.is_player_group:
        messages.error(request, _("The player group stays: edit it instead."))
    else:
        force.delete()
        messages.success(request, _("%(force)s deleted.") % {"force": force.name})
    return redirect("forces", campaign_id)
