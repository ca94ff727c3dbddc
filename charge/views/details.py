"""The hack's own details on the sheet ("Changing the Details"): read by every member, written by
the character's player or the GM in one form."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from characters.views import own_sheet
from charge.actions.details import set_details
from charge.views.sheet import SHEET, sheet_change, sheet_context


@login_required
@require_http_methods(["GET", "POST"])
def character_details(request, campaign_id, character_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    if request.method == "GET":  # the form in the panel's place, or the sheet with it open
        context = sheet_context(membership, character, editing_details=True)
        return render(request, f"{SHEET}#more_details" if request.htmx else SHEET, context)
    texts = {name: request.POST.get(f"detail-{name}", "") for name in character.campaign.charge.rules.details
             if f"detail-{name}" in request.POST}
    return sheet_change(request, membership, character, "more_details", lambda: set_details(membership, character, texts))
