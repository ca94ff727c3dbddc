"""The coin flip's pages: a sheet, the flip, a flip's page."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from campaign.access import membership_or_404
from characters.views import sheet_or_404
from core.posted import posted_text, whole_number
from core.refused import Refused
from rolls.models import new_key
from tests.toy import actions


def sheet(request, membership, character_id):
    character = sheet_or_404(membership, character_id)
    return render(request, "toy/sheet.html", {
        "membership": membership, "campaign": membership.campaign, "character": character,
        "can_edit": character.editable_by(membership), "flips": character.rolls.filter(kind="flip").count()})


@login_required
@require_http_methods(["GET", "POST"])
def flip(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    characters = list(membership.campaign.characters.editable_by(membership))
    error = ""
    if request.method == "POST":
        try:
            return redirect(actions.flip(membership, whole_number(request.POST.get("character")),
                                         request.POST.get("call", ""), posted_text(request, "key", 64) or new_key()))
        except Refused as refusal:
            error = str(refusal)
    return render(request, "toy/flip.html", {"membership": membership, "campaign": membership.campaign,
                                             "characters": characters, "error": error, "key": new_key()})


def waiting(request, membership, on):
    """Nothing waits in a coin flip."""
    return "toy/toy.html#waiting", {"membership": membership, "campaign": membership.campaign, "on": on}


def roll_page(request, membership, roll):
    return render(request, "toy/roll.html", {"membership": membership, "campaign": membership.campaign, "roll": roll})
