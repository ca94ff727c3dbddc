"""Planned sessions (the GM plans, every member reads) and each member's private calendar address."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.models import Account
from campaign import calendar
from campaign.access import gm_membership_or_404, membership_or_404
from campaign.models import CalendarFeed, SessionPlan
from core.htmx import attempt
from core.keys import once
from core.refused import Refused


def plans_context(request, membership) -> dict:
    """What the sessions page shows of the plans and of this member's calendar address."""
    campaign = membership.campaign
    feed = CalendarFeed.objects.filter(membership=membership).first()
    latest = campaign.plans.order_by("-pk").first()
    return {"plans": calendar.upcoming(campaign),
            "plan_form": calendar.PlanForm(initial={"time_zone": latest.time_zone if latest else "UTC"})
            if membership.is_gm else None,
            "calendar_address": request.build_absolute_uri(reverse("calendar_feed", args=[feed.token])) if feed else ""}


@login_required
@require_POST
def plan_create(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    form = calendar.PlanForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            once(request, lambda: calendar.plan_session(membership, data["starts_at"], data["minutes"], data["time_zone"],
                                                        data["note"]))
        except Refused as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, _("Planned: every member's calendar shows it."))
        return redirect("sessions", campaign_id)
    return render(request, "campaign/plan_edit.html", {"membership": membership, "campaign": membership.campaign,
                                                       "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def plan_edit(request, campaign_id, plan_id):
    membership = gm_membership_or_404(request, campaign_id)
    plan = get_object_or_404(SessionPlan, campaign=membership.campaign, pk=plan_id, cancelled=False)
    form = calendar.PlanForm(request.POST or None, initial={
        "starts": plan.local_start.replace(tzinfo=None).strftime("%Y-%m-%dT%H:%M"), "minutes": plan.minutes,
        "time_zone": plan.time_zone, "note": plan.note})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        attempt(request, lambda: calendar.change_plan(membership, plan.pk, data["starts_at"], data["minutes"],
                                                      data["time_zone"], data["note"]),
                _("Moved: every member's calendar follows."))
        return redirect("sessions", campaign_id)
    return render(request, "campaign/plan_edit.html", {"membership": membership, "campaign": membership.campaign,
                                                       "form": form, "plan": plan})


@login_required
@require_POST
def plan_cancel(request, campaign_id, plan_id):
    membership = gm_membership_or_404(request, campaign_id)
    get_object_or_404(SessionPlan, campaign=membership.campaign, pk=plan_id)
    attempt(request, lambda: calendar.cancel_plan(membership, plan_id),
            _("Cancelled: every member's calendar shows it cancelled."))
    return redirect("sessions", campaign_id)


@login_required
@require_POST
def calendar_new(request, campaign_id):
    """A member's private address, new: the old one stops working."""
    membership = membership_or_404(request, campaign_id)
    calendar.new_feed(membership)
    messages.success(request, _("Your calendar address is below: add it to your calendar as a subscription."))
    return redirect(reverse("sessions", args=[campaign_id]) + "#calendar")


@login_required
@require_POST
def calendar_stop(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    CalendarFeed.objects.filter(membership=membership).delete()
    messages.success(request, _("That calendar address no longer works."))
    return redirect(reverse("sessions", args=[campaign_id]) + "#calendar")


@require_safe
def calendar_feed(request, feed_token):
    """The planned sessions as an iCalendar subscription, for whoever holds the member's address;
    an unknown or stopped address, and a member who left, find nothing."""
    feed = get_object_or_404(CalendarFeed.objects.select_related("membership__campaign", "membership__user"),
                             token=feed_token[:64])
    membership = feed.membership
    language = (Account.objects.filter(user=membership.user).values_list("language", flat=True).first()
                or membership.campaign.table_language or settings.LANGUAGE_CODE)
    link = request.build_absolute_uri(reverse("sessions", args=[membership.campaign_id]))
    with translation.override(language):
        body = calendar.ical(feed, link)
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, no-store"
    return response
