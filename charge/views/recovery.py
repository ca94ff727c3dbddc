"""Recovery: the GM clears stress after downtime, from the dashboard or the session page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from campaign.access import gm_membership_or_404
from charge.actions import recovery as actions
from charge.forms.recovery import RecoveryForm
from core.htmx import attempt


def _refusal(form) -> str:
    """What to choose instead, with the amounts the campaign allows."""
    allowed = form.fields["amount"].choices
    least, most = allowed[0][0], allowed[-1][0]
    if len(allowed) > 1:
        return _("Choose a character and clear %(least)s to %(most)s stress; nothing changed.") % {
            "least": least, "most": most}
    return ngettext("Choose a character and clear %(amount)s stress; nothing changed.",
                    "Choose a character and clear %(amount)s stress; nothing changed.", least) % {"amount": least}


@login_required
@require_POST
def character_recovery(request, campaign_id, character_id):
    """The GM clears stress after downtime; from the dashboard or the session page."""
    membership = gm_membership_or_404(request, campaign_id)
    character = membership.campaign.characters.filter(pk=character_id).first()
    form = RecoveryForm(request.POST, campaign=membership.campaign)
    if character is None or not form.is_valid():
        messages.error(request, _refusal(form))
        return redirect(membership.campaign)
    attempt(request, lambda: actions.recover_stress(membership, character, form.cleaned_data["amount"]),
            lambda recovered: ngettext("%(name)s now has %(stress)s stress.", "%(name)s now has %(stress)s stress.",
                                       recovered.charge.stress) % {"name": recovered.name, "stress": recovered.charge.stress})
    return redirect(membership.campaign)
