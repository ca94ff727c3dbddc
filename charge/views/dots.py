"""The actions panel: dots spread at creation (or set by a GM afterwards), and creation finished."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRefresh

from characters.views import own_sheet
from charge.actions import dots as actions
from charge.views.sheet import sheet_answer
from core.refused import Refused


@login_required
@require_POST
def character_dots(request, campaign_id, character_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    try:
        dots = int(request.POST.get("dots", ""))
        actions.set_dots(membership, character, request.POST.get("action", ""), dots)
    except ValueError:
        return sheet_answer(request, membership, character, "actions", _("Choose a number of dots."))
    except Refused as refusal:
        return sheet_answer(request, membership, character, "actions", str(refusal))
    character.refresh_from_db()
    return sheet_answer(request, membership, character, "actions")


@login_required
@require_POST
def character_finish(request, campaign_id, character_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    try:
        actions.finish_creation(membership, character)
    except Refused as refusal:
        return sheet_answer(request, membership, character, "actions", str(refusal))
    messages.success(request, _("%(name)s is ready to play.") % {"name": character.name})
    if request.htmx:  # the whole sheet changes shape once creation is done
        return HttpResponseClientRefresh()
    return redirect(character)
