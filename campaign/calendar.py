"""Planned sessions and the members' calendars: the plans a GM makes, and each member's private
iCal subscription (RFC 5545), with stable UIDs, a SEQUENCE that grows with each change, and
cancellations kept so that calendars remove the session."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, available_timezones

from django import forms
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from icalendar import Calendar, Event

from campaign.models import CalendarFeed, Membership, SessionPlan
from core.refused import Refused
from gamerules.words import said

LENGTHS = (60, 90, 120, 180, 240, 300, 360, 480)
"""The lengths offered, in minutes."""
MOST_PLANS = 200
"""Plans a campaign keeps ahead of it: far more than any table meets."""


class PlanForm(forms.Form):
    """When, in the GM's own time zone (the page fills in the browser's)."""

    starts = forms.DateTimeField(label=_("Starts"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
                                 input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"])
    minutes = forms.TypedChoiceField(label=_("Length"), coerce=int, initial=240,
                                     choices=lambda: [(minutes, hours(minutes)) for minutes in LENGTHS])
    time_zone = forms.CharField(label=_("Time zone"), max_length=64, initial="UTC",
                                help_text=_("Where you read that time, such as Europe/Stockholm."))
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    def clean_time_zone(self):
        name = self.cleaned_data["time_zone"].strip()
        if name not in available_timezones():
            raise forms.ValidationError(gettext("Name a time zone such as Europe/Paris or America/New_York."))
        return name

    def clean(self):
        data = super().clean()
        if "starts" in data and "time_zone" in data:
            naive = timezone.make_naive(data["starts"]) if timezone.is_aware(data["starts"]) else data["starts"]
            data["starts_at"] = naive.replace(tzinfo=ZoneInfo(data["time_zone"]))
        return data


def hours(minutes: int) -> str:
    """"4 h", "1.5 h": a length as the page says it."""
    return SessionPlan(minutes=minutes).length


def _when(plan: SessionPlan) -> str:
    return f"{plan.local_start:%Y-%m-%d %H:%M} ({plan.time_zone})"


@transaction.atomic
def plan_session(gm: Membership, starts_at: datetime, minutes: int, time_zone: str, note: str) -> SessionPlan:
    campaign = gm.campaign
    if campaign.plans.filter(cancelled=False).count() >= MOST_PLANS:
        raise Refused(_("This campaign has %(most)s sessions planned already.") % {"most": MOST_PLANS})
    plan = SessionPlan.objects.create(campaign=campaign, starts_at=starts_at, minutes=minutes, time_zone=time_zone,
                                      note=note.strip())
    campaign.log(gm.user, said("%(user)s planned a session for %(when)s.", user=gm.user.username, when=_when(plan)))
    return plan


@transaction.atomic
def change_plan(gm: Membership, plan_id, starts_at: datetime, minutes: int, time_zone: str, note: str) -> SessionPlan:
    plan = _plan(gm, plan_id)
    plan.starts_at, plan.minutes, plan.time_zone, plan.note = starts_at, minutes, time_zone, note.strip()
    plan.sequence += 1
    plan.save()
    gm.campaign.log(gm.user, said("%(user)s moved a planned session to %(when)s.", user=gm.user.username, when=_when(plan)))
    return plan


@transaction.atomic
def cancel_plan(gm: Membership, plan_id) -> SessionPlan:
    plan = _plan(gm, plan_id)
    if not plan.cancelled:  # a second tap changes nothing
        plan.cancelled, plan.sequence = True, plan.sequence + 1
        plan.save(update_fields=["cancelled", "sequence", "changed_at"])
        gm.campaign.log(gm.user, said("%(user)s cancelled the session planned for %(when)s.",
                                      user=gm.user.username, when=_when(plan)))
    return plan


def _plan(gm: Membership, plan_id) -> SessionPlan:
    plan = SessionPlan.objects.select_for_update().filter(campaign=gm.campaign, pk=plan_id).first()
    if plan is None:
        raise Refused(_("That planned session is gone."))
    return plan


@transaction.atomic
def new_feed(membership: Membership) -> CalendarFeed:
    """A new private address; the old one, if any, stops working."""
    CalendarFeed.objects.filter(membership=membership).delete()
    return CalendarFeed.objects.create(membership=membership)


def upcoming(campaign, now=None) -> list[SessionPlan]:
    """The plans still ahead (or under way), cancelled ones left out."""
    now = now or timezone.now()
    return [plan for plan in campaign.plans.filter(cancelled=False, starts_at__gte=now - timedelta(hours=12))[:50]
            if plan.ends_at >= now]


def ical(feed: CalendarFeed, link: str) -> bytes:
    """The campaign's plans as its member's calendar: every plan ever made, cancelled ones as
    cancelled, each under the UID it always had."""
    campaign = feed.membership.campaign
    calendar = Calendar()
    calendar.add("prodid", "-//Charge campaigns//calendar//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", campaign.name)
    for plan in campaign.plans.all()[:MOST_PLANS * 2]:
        event = Event()
        event.add("uid", f"session-plan-{plan.pk}-{campaign.pk}@charge-campaigns")
        event.add("dtstamp", plan.changed_at)
        event.add("last-modified", plan.changed_at)
        event.add("dtstart", plan.starts_at)
        event.add("dtend", plan.ends_at)
        event.add("sequence", plan.sequence)
        event.add("status", "CANCELLED" if plan.cancelled else "CONFIRMED")
        event.add("summary", gettext("%(campaign)s: a session") % {"campaign": campaign.name})
        if plan.note:
            event.add("description", plan.note)
        event.add("url", link)
        calendar.add_component(event)
    return calendar.to_ical()
