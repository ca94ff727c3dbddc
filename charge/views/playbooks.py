"""Playbooks: the campaign's list, and the GM's form for one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from campaign.access import gm_membership_or_404, membership_or_404
from charge.forms.playbooks import PlaybookForm
from charge.models import Playbook


@login_required
@require_safe
def playbook_list(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    return render(request, "charge/playbooks.html", {
        "membership": membership, "campaign": membership.campaign,
        "playbooks": membership.campaign.playbooks.all()})


@login_required
@require_http_methods(["GET", "POST"])
def playbook_edit(request, campaign_id, playbook_id=None):
    membership = gm_membership_or_404(request, campaign_id)
    playbook = (get_object_or_404(Playbook, campaign=membership.campaign, pk=playbook_id)
                if playbook_id else Playbook(campaign=membership.campaign))
    form = PlaybookForm(request.POST or None, instance=playbook, campaign=membership.campaign)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("The %(name)s playbook is saved.") % {"name": playbook.name})
        return redirect("playbooks", campaign_id)
    return render(request, "charge/playbook_edit.html", {
        "membership": membership, "campaign": membership.campaign, "form": form,
        "playbook": playbook})
