"""Ties: the form, asked for when wanted, a new tie, a tie removed."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from characters.views import own_sheet
from charge.actions import ties as actions
from charge.forms.ties import TieForm
from charge.views.sheet import sheet_answer, sheet_context
from core.keys import once


@login_required
@require_http_methods(["GET", "POST"])
def character_tie(request, campaign_id, character_id):
    """The tie form, asked for when wanted (it lists every character and force), and its post."""
    membership, character = own_sheet(request, campaign_id, character_id)
    form = TieForm(request.POST or None, character=character, membership=membership)
    if request.method == "GET":
        context = sheet_context(membership, character, tie_form=form)
        if request.htmx:
            return render(request, "charge/sheet/ties.html#tie_form", context)
        return render(request, "charge/tie_edit.html", context)
    if not form.is_valid():
        return sheet_answer(request, membership, character, "ties",
                            _("Write who the character is tied to, and how (300 characters at most)."),
                            tie_form=form)
    once(request, lambda: actions.add_tie(membership, character, form.cleaned_data["text"], **form.links()))
    return sheet_answer(request, membership, character, "ties")


@login_required
@require_POST
def character_tie_delete(request, campaign_id, character_id, tie_id):
    membership, character = own_sheet(request, campaign_id, character_id)
    get_object_or_404(character.ties, pk=tie_id).delete()
    return sheet_answer(request, membership, character, "ties")
