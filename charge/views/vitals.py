"""The vitals panel (momentum, stress, and the scene's turns around them) and money: a step up or
down, or one tap."""

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.access import gm_membership_or_404, membership_or_404
from characters.models import Character
from characters.views import character_or_404, editable_character_or_404, own_sheet
from charge.actions import economy, vitals
from charge.characters import brought_back_by_another
from charge.views.sheet import sheet_answer, sheet_change
from core.keys import once
from core.refused import Refused


def _one_step(request, campaign_id, character_id, change, refusal, panel="vitals"):
    """Momentum, stress or money, one step up or down, on the owner's or a GM's say."""
    membership, character = own_sheet(request, campaign_id, character_id)
    delta = {"1": 1, "-1": -1}.get(request.POST.get("delta", ""))
    if delta is None:
        return sheet_answer(request, membership, character, panel, refusal)
    try:
        character = once(request, lambda: change(membership, character, delta)) or character
    except Refused as refused:
        return sheet_answer(request, membership, character, panel, str(refused))
    return sheet_answer(request, membership, character, panel)


@login_required
@require_POST
def character_momentum(request, campaign_id, character_id):
    return _one_step(request, campaign_id, character_id, vitals.change_momentum,
                     _("Add or spend one at a time."))


@login_required
@require_POST
def character_money(request, campaign_id, character_id):
    return _one_step(request, campaign_id, character_id, economy.change_money, _("Add or spend one at a time."),
                     "economy")


@login_required
@require_POST
def character_stress(request, campaign_id, character_id):
    return _one_step(request, campaign_id, character_id, vitals.change_stress,
                     _("Take or clear one at a time."))


def _vitals_tap(request, campaign_id, character_id, change, gm_only=False):
    """One tap that changes the vitals panel: back in action, an escalation set back (GM)."""
    membership = (gm_membership_or_404 if gm_only else membership_or_404)(request, campaign_id)
    character = (character_or_404 if gm_only else editable_character_or_404)(membership, character_id)
    return sheet_change(request, membership, character, "vitals", lambda: change(membership, character))


@login_required
@require_POST
def character_back(request, campaign_id, character_id):
    """Back in action, or coming to. With "Bleeding out" another character brings the incapacitated
    one back: any member may tap it, naming a character of their own (a GM, any) as the helper."""
    membership = membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    if not brought_back_by_another(membership.campaign.charge.rules, character):
        return _vitals_tap(request, campaign_id, character_id, vitals.back_in_action)
    helper_id = request.POST.get("helper", "")
    helper = (Character.objects.editable_by(membership).filter(campaign=membership.campaign, pk=helper_id).first()
              if helper_id.isdigit() else None)
    if helper_id and helper is None:
        return sheet_answer(request, membership, character, "vitals",
                            _("Bring them back with a character of yours in this campaign."))
    return sheet_change(request, membership, character, "vitals",
                        lambda: vitals.back_in_action(membership, character, helper))


@login_required
@require_POST
def character_hardened(request, campaign_id, character_id):
    return _vitals_tap(request, campaign_id, character_id, vitals.harden)


@login_required
@require_POST
def character_bow_out(request, campaign_id, character_id):
    return _vitals_tap(request, campaign_id, character_id, vitals.bow_out)


@login_required
@require_POST
def character_escalation(request, campaign_id, character_id):
    """The GM sets an escalated action back to its usual risk."""
    return _vitals_tap(request, campaign_id, character_id, vitals.clear_escalation, gm_only=True)
