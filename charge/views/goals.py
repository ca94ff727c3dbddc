"""Goals ("Goals Extra"): named, ticked by the GM, their talent dots placed."""

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from characters.views import own_sheet
from charge.actions import goals as actions
from charge.views.sheet import sheet_change
from core.posted import posted_text, whole_number
from core.refused import Refused
from gamerules.goals import Difficulty


@login_required
@require_POST
def character_goal(request, campaign_id, character_id):
    """Goals ("Goals Extra"): the player names one, the GM ticks its progress, the player places
    the talent dots a finished goal gives."""
    membership, character = own_sheet(request, campaign_id, character_id)
    advanced = whole_number(request.POST.get("advance"))

    def change():
        if advanced is not None:
            if not membership.is_gm:
                raise Refused(_("The GM ticks a goal when the character makes progress toward it."))
            actions.advance_goal(membership, character, advanced)
        elif request.POST.get("place"):
            actions.place_goal_dot(membership, character, request.POST["place"])
        else:
            difficulty = next((d for d in Difficulty if d.value == request.POST.get("difficulty")), None)
            if difficulty is None:
                raise Refused(_("Choose easy, medium or hard."))
            actions.add_goal(membership, character, posted_text(request, "name", 200), difficulty)
    return sheet_change(request, membership, character, "goals", change)
