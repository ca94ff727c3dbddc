"""The GM's bookkeeping of a Charge campaign: its dials ("What to Hack") and its milestones."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaign.access import gm_membership_or_404
from charge.actions import bookkeeping
from charge.forms.dials import DialsForm
from charge.forms.milestones import MilestoneForm
from charge.views.hacks import hack_preview_of
from core.htmx import attempt
from gamerules.dials import ACTION_COUNTS


@login_required
@require_http_methods(["GET", "POST"])
def dials_edit(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    campaign = membership.campaign
    preset = request.POST.get("preset", "")
    if preset.isdigit() and int(preset) in ACTION_COUNTS:
        # Fill in a preset action list without saving, so the GM can rename before saving.
        form = DialsForm(DialsForm.with_preset(request.POST, int(preset)), wording=campaign.charge.wording)
    elif request.method == "POST":
        form = DialsForm(request.POST, wording=campaign.charge.wording)
        if form.is_valid() and (preview := hack_preview_of(request, membership, form.dials)):
            return preview  # characters would change: said first, applied as a hack is
        if form.is_valid():
            bookkeeping.set_dials(membership, form.dials)
            messages.success(request, _("Dials saved. They apply from the next roll and sheet on."))
            return redirect("dials", campaign.pk)
    else:
        form = DialsForm(initial=DialsForm.initial_from(campaign.charge.rules), wording=campaign.charge.wording)
    return render(request, "charge/dials.html", {"membership": membership, "campaign": campaign,
                                                 "form": form, "counts": ACTION_COUNTS})


@login_required
@require_POST
def milestone_award(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    form = MilestoneForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That milestone could not be read; nothing was awarded."))
    else:
        attempt(request, lambda: bookkeeping.award_milestone(membership, form.cleaned_data["note"],
                                                             form.cleaned_data["expected_count"]),
                _("Milestone awarded: every character gains a talent."))
    return redirect(membership.campaign)
