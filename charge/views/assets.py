"""Assets ("Asset Extra"): the GM's boon for a brilliant moment."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaign.access import gm_membership_or_404
from characters.views import character_or_404
from charge.actions import assets as actions
from charge.views.sheet import sheet_change
from core.posted import posted_text


@login_required
@require_POST
def character_asset(request, campaign_id, character_id):
    """The GM gives the character an asset: a boon for a brilliant moment ("Asset Extra")."""
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    return sheet_change(request, membership, character, "assets", lambda: actions.give_asset(
        membership, character, posted_text(request, "name", 80)))
