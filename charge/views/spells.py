"""Spells ("Magic Extra"): written, or struck out."""

from django.contrib.auth.decorators import login_required
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from characters.views import own_sheet
from charge.actions import spells as actions
from charge.forms.spells import SpellForm
from charge.views.sheet import sheet_answer, sheet_change
from core.posted import whole_number


@login_required
@require_POST
def character_spell(request, campaign_id, character_id):
    """Spells on the sheet ("Magic Extra"): the player and the GM write one, or strike it out."""
    membership, character = own_sheet(request, campaign_id, character_id)
    removed = whole_number(request.POST.get("remove"))
    if removed is not None:
        return sheet_change(request, membership, character, "spells",
                            lambda: actions.remove_spell(membership, character, removed))
    form = SpellForm(request.POST, campaign=membership.campaign)
    if not form.is_valid():  # the form comes back as typed, each mistake under its field
        return sheet_answer(request, membership, character, "spells", _("The spell is not saved: see below."),
                            spell_form=form)
    return sheet_change(request, membership, character, "spells",
                        lambda: actions.add_spell(membership, character, form.cleaned_data))
