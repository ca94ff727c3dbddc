"""Assist: a character's player offers it to assist another character's next roll."""

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.access import membership_or_404
from campaign.views.campaigns import dashboard_context
from characters.views import editable_character_or_404
from charge.actions import assists as actions
from core.htmx import answer
from core.posted import whole_number
from core.refused import Refused


@login_required
@require_POST
def character_assist(request, campaign_id, character_id):
    """The character's player offers it to assist another character's next roll, or withdraws."""
    membership = membership_or_404(request, campaign_id)
    helper = editable_character_or_404(membership, character_id)
    roller_id = whole_number(request.POST.get("roller"))
    roller = membership.campaign.characters.filter(pk=roller_id).first() if roller_id else None
    error = ""
    if roller_id and roller is None:
        error = _("Choose a character of this campaign to assist.")
    else:
        try:
            actions.offer_assist(membership, helper, roller)
        except Refused as refusal:
            error = str(refusal)
    return answer(request, "campaign/dashboard.html#characters-panel",
                  lambda: dashboard_context(membership), membership.campaign, error)
