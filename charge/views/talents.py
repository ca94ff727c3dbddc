"""A slot of the talent line: its form, in its place on the line, and its post."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_http_methods
from django_htmx.http import retarget

from characters.views import own_sheet
from charge.actions import talents as actions
from charge.forms.talents import TalentForm
from charge.models import slot_kind
from charge.views.sheet import sheet_answer, sheet_context
from core.refused import Refused
from gamerules.progression import TALENT_LINE, line_of


@login_required
@require_http_methods(["GET", "POST"])
def character_talent(request, campaign_id, character_id, slot):
    membership, character = own_sheet(request, campaign_id, character_id)
    if not 0 <= slot <= len(TALENT_LINE):
        raise Http404("No such slot")
    rules = membership.campaign.charge.rules
    kind = slot_kind(slot, line_of(rules.talent_line))
    existing = character.talents.filter(slot=slot).first()
    prefill = (character.charge.playbook.talents.get(str(slot), {}) if character.charge.playbook else {})
    initial = ({"kind": TalentForm.initial_kind(existing), "action": existing.action, "situation": existing.situation,
                "instead_of": existing.instead_of} if existing else
               {"kind": kind.value, **prefill})
    form = TalentForm(request.POST or None, initial=initial, slot_kind=kind,
                      action_names=rules.action_names, wording=membership.campaign.charge.wording,
                      own_kinds=rules.own_talents)
    error = ""
    if request.method == "POST" and form.is_valid():
        try:
            actions.fill_talent(membership, character, slot, form.talent())
        except Refused as refusal:
            error = str(refusal)
        else:
            return sheet_answer(request, membership, character, "talents")
    context = sheet_context(membership, character, form=form, slot=slot, error=error,
                            slot_label=kind.label(membership.campaign.charge.wording))
    if request.htmx:  # the form, back in its own slot of the line
        return retarget(render(request, "charge/sheet/talents.html#talent_form", context), f"#slot-{slot}")
    return render(request, "charge/talent_edit.html", context)
