"""The campaign's hacked conditions on a character's sheet ("Hacking Conditions"): the GM applies an
opportunity to recover, and marks, worsens or ends a deterioration. Each answers with the sheet's
vitals (htmx) or the sheet."""

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.access import gm_membership_or_404
from characters.views import character_or_404
from charge.actions import conditions as actions
from charge.views.sheet import sheet_change
from core.posted import posted_text
from core.refused import Refused
from gamerules.conditions import NAME_MOST

DETERIORATION_STEPS = {"mark": actions.mark_deteriorating, "worsen": actions.worsen, "cared": actions.cared_for}


@login_required
@require_POST
def character_opportunity(request, campaign_id, character_id):
    """The GM applies one of the campaign's opportunities to recover ("Changing Recovery")."""
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    name = posted_text(request, "opportunity", NAME_MOST)
    return sheet_change(request, membership, character, "vitals",
                        lambda: actions.use_opportunity(membership, character, name))


def _no_step(*_args):
    raise Refused(_("Choose: suffers from it, it worsens, or cared for."))


@login_required
@require_POST
def character_deterioration(request, campaign_id, character_id):
    """The GM marks a deterioration, taps "it worsens" when its trigger happens, or "cared for"
    ("Introducing Deterioration")."""
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    step = DETERIORATION_STEPS.get(request.POST.get("step", ""), _no_step)
    name = posted_text(request, "deterioration", NAME_MOST)
    return sheet_change(request, membership, character, "vitals", lambda: step(membership, character, name))
