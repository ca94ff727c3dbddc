"""Attachments ("Attachment Extra"): marked, worn, repaired, unmarked."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from characters.views import own_sheet
from charge.actions import attachments as actions
from charge.views.sheet import sheet_change
from core.posted import posted_text, whole_number


@login_required
@require_POST
def character_attachment(request, campaign_id, character_id):
    """The player marks a detail as an attachment, or unmarks one ("Attachment Extra")."""
    membership, character = own_sheet(request, campaign_id, character_id)
    removed = whole_number(request.POST.get("remove"))
    worn, repaired = whole_number(request.POST.get("wear")), whole_number(request.POST.get("repair"))

    def change():
        if removed is not None:
            actions.remove_attachment(membership, character, removed)
        elif worn is not None or repaired is not None:
            actions.wear_attachment(membership, character, worn if worn is not None else repaired, repaired is not None)
        else:
            actions.add_attachment(membership, character, posted_text(request, "name", 120))
    return sheet_change(request, membership, character, "attachments", change)
