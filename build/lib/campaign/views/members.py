from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign import actions
from campaign.access import gm_membership_or_404, membership_or_404
from campaign.forms import InvitationForm
from campaign.models import Invitation, Membership
from core.htmx import attempt
from core.posted import whole_number
from core.refused import Refused


@login_required
@require_safe
def members(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    context = {"membership": membership, "campaign": campaign,
               "members": campaign.memberships.select_related("user")}
    if membership.is_gm:
        context["invitations"] = campaign.invitations.all()
        context["invitation_form"] = InvitationForm()
        context["others"] = [member for member in context["members"] if member.pk != membership.pk]
        context["sole_gm"] = not any(member.is_gm for member in context["others"])
    return render(request, "campaign/members.html", context)


@login_required
@require_POST
def invitation_create(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    form = InvitationForm(request.POST, instance=Invitation(campaign=membership.campaign,
                                                            created_by=request.user))
    if form.is_valid():
        invitation = form.save()
        messages.success(request, _("New invitation link ready: copy it from the list below."))
        return redirect(reverse("members", args=[campaign_id]) + f"#invitation-{invitation.pk}")
    campaign = membership.campaign
    return render(request, "campaign/members.html", {
        "membership": membership, "campaign": campaign, "invitation_form": form,
        "members": campaign.memberships.select_related("user"),
        "invitations": campaign.invitations.all()}, status=400)


@login_required
@require_POST
def invitation_revoke(request, campaign_id, invitation_id):
    membership = gm_membership_or_404(request, campaign_id)
    invitation = get_object_or_404(Invitation, campaign=membership.campaign, pk=invitation_id)
    if not invitation.revoked_at:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    messages.success(request, _("Invitation withdrawn: the link no longer works."))
    return redirect("members", campaign_id)


@require_http_methods(["GET", "POST"])
def join(request, token):
    """An invitation link. Anyone may open it; joining takes a login, then one click."""
    invitation = Invitation.objects.select_related("campaign").filter(token=token).first()
    if invitation is None:
        return render(request, "campaign/join.html", {"refusal": _(
            "This invitation link is not valid. Check that you copied all of it, or ask your GM "
            "for a new one.")}, status=404)
    if request.user.is_authenticated and invitation.campaign.memberships.filter(
            user=request.user).exists():
        return redirect(invitation.campaign)
    refusal = invitation.refusal()
    if refusal:
        return render(request, "campaign/join.html", {"refusal": refusal}, status=410)
    if request.method == "POST" and request.user.is_authenticated:
        try:
            campaign = actions.accept_invitation(token, request.user)
        except Refused as refused:
            return render(request, "campaign/join.html", {"refusal": str(refused)}, status=410)
        messages.success(request, _("Welcome to %(campaign)s!") % {"campaign": campaign})
        return redirect(campaign)
    return render(request, "campaign/join.html", {"invitation": invitation})


@login_required
@require_POST
def member_role(request, campaign_id, member_id):
    membership = gm_membership_or_404(request, campaign_id)
    member = get_object_or_404(Membership, campaign=membership.campaign, pk=member_id)
    attempt(request, lambda: actions.set_role(membership, member, request.POST.get("role", "")),
            lambda result: _("%(user)s is now %(role)s.") % {"user": member.user, "role": member.get_role_display()})
    return redirect("members", campaign_id)


@login_required
@require_POST
def member_remove(request, campaign_id, member_id):
    membership = gm_membership_or_404(request, campaign_id)
    member = get_object_or_404(Membership, campaign=membership.campaign, pk=member_id)
    if member.pk == membership.pk:
        return leave(request, campaign_id)
    attempt(request, lambda: actions.remove_member(membership, member),
            _("%(user)s was removed. Their characters stay in the campaign.") % {"user": member.user})
    return redirect("members", campaign_id)


@login_required
@require_POST
def leave(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    left = attempt(request, lambda: actions.remove_member(membership, membership),
                   _("You left %(campaign)s. Your characters stay with it.") % {"campaign": membership.campaign})
    return redirect("campaigns") if left else redirect("members", campaign_id)


@login_required
@require_POST
def campaign_hand_over(request, campaign_id):
    """A GM hands the campaign over to another member, who becomes its GM; with ``leave``, the
    former GM then leaves it."""
    membership = gm_membership_or_404(request, campaign_id)
    member = Membership.objects.filter(campaign=membership.campaign,
                                       pk=whole_number(request.POST.get("member"))).select_related("user").first()
    leave = request.POST.get("leave") == "1"
    if member is None:
        messages.error(request, _("Choose the member who becomes the GM: nothing changed."))
        return redirect("members", campaign_id)
    done = attempt(request, lambda: actions.hand_over(membership, member, leave),
                   (_("%(user)s is the GM of %(campaign)s now, and you left it. Your characters stay with it.") if leave
                    else _("%(user)s is the GM of %(campaign)s now; you are a player."))
                   % {"user": member.user.username, "campaign": membership.campaign})
    return redirect("campaigns") if done and leave else redirect("members", campaign_id)


@login_required
@require_POST
def campaign_archive(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    attempt(request, lambda: actions.archive_campaign(membership),
            _("%(campaign)s is archived: read-only, and off everyone's lists. Restore it from here.")
            % {"campaign": membership.campaign})
    return redirect(membership.campaign)


@login_required
@require_POST
def campaign_restore(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    attempt(request, lambda: actions.restore_campaign(membership),
            _("%(campaign)s is back: everyone can play it again.") % {"campaign": membership.campaign})
    return redirect(membership.campaign)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_delete(request, campaign_id):
    """The GM types the campaign's name to delete it, with its export offered first."""
    membership = gm_membership_or_404(request, campaign_id)
    campaign = membership.campaign
    refusal = ""
    if request.method == "POST":
        try:
            name = actions.delete_campaign(membership, request.POST.get("name", ""))
        except Refused as refused:
            refusal = str(refused)
        else:
            messages.success(request, _("%(campaign)s was deleted, with everything in it. Its players were told.")
                             % {"campaign": name})
            return redirect("campaigns")
    return render(request, "campaign/delete.html", {"membership": membership, "campaign": campaign,
                                                    "refusal": refusal}, status=400 if refusal else 200)
