"""What the GM keeps for the whole crew in an Advantage & Threat campaign, each write atomic: the
threats on the table, the job under way, the crew's Status and Hostility
(``shared/rules/system-advantage-and-threat.md``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from advantage.actions import current_job, named, result_of
from advantage.kinds import RollKind
from advantage.models import Crew, Job, Sheet, Threat
from campaign.models import Campaign, Membership
from clocks.actions import create_clock, record_change
from clocks.models import Clock, WhoMayTick
from core.refused import Refused
from gamerules import advantage as rules
from gamerules.clocks import ClockKind
from gamerules.words import said
from rolls.models import Roll


@transaction.atomic
def add_threat(gm: Membership, name: str, toughness, conditions: str = "") -> Threat:
    if toughness is None or not 0 <= toughness <= rules.MOST_DICE:
        raise Refused(_("A Toughness of 0 to %(most)s.") % {"most": rules.MOST_DICE})
    threat = Threat.objects.create(campaign=gm.campaign, name=named(name, _("Name the threat.")), toughness=toughness,
                                   current=toughness, conditions=conditions)
    gm.campaign.log(gm.user, said("A threat: %(threat)s, Toughness %(toughness)s.", threat=threat.name, toughness=toughness))
    return threat


@transaction.atomic
def change_threat(gm: Membership, threat_id, *, damage: int = 0, conditions: str | None = None) -> Threat | None:
    """Damage lowers the threat's Toughness ("Reduced as the threat takes damage"); healing raises
    it back, never above where it started; at 0 the GM may take it off the table."""
    threat = Threat.objects.select_for_update().filter(campaign=gm.campaign, pk=threat_id).first()
    if threat is None:
        raise Refused(_("That threat is gone."))
    threat.current = max(0, min(threat.current - damage, threat.toughness))
    if conditions is not None:
        threat.conditions = conditions
    threat.save(update_fields=["current", "conditions"])
    return threat


@transaction.atomic
def remove_threat(gm: Membership, threat_id) -> None:
    Threat.objects.filter(campaign=gm.campaign, pk=threat_id).delete()


def _refill(campaign: Campaign) -> None:
    """"start each job with a full pool"; "At the end of a Job, restore AP back to its maximum"."""
    for sheet in Sheet.objects.select_for_update().filter(character__campaign=campaign):
        if sheet.ap != sheet.ap_max:
            sheet.ap = sheet.ap_max
            sheet.save(update_fields=["ap"])


@transaction.atomic
def start_job(gm: Membership, name: str) -> Job:
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if current_job(campaign):
        raise Refused(_("A job is under way: end it first."))
    job = Job.objects.create(campaign=campaign, name=named(name, _("Name the job.")))
    _refill(campaign)
    campaign.log(gm.user, said("The job begins: %(job)s. Every character's Action Points are full.", job=job.name))
    return job


@transaction.atomic
def end_job(gm: Membership) -> Job | None:
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    job = current_job(campaign)
    if job is None:
        return None
    job.ended_at = timezone.now()
    job.save(update_fields=["ended_at"])
    _refill(campaign)
    campaign.log(gm.user, said("The job ends: %(job)s. Action Points restored to their maximum.", job=job.name))
    return job


# The crew's Status and Hostility --------------------------------------------------------------

@transaction.atomic
def keep_crew_clocks(gm: Membership) -> Crew:
    """The two clocks the consequences name, kept by the GM (``rules.CREW_CLOCK_SEGMENTS``): one
    tap makes whichever is missing; she renames or resizes them as any clock."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    crew, _created = Crew.objects.get_or_create(campaign=campaign)
    if crew.status is None or crew.status.archived:
        crew.status = create_clock(gm, Clock(name=_("Status (toward the next Rank)"), kind=ClockKind.PROGRESS.value,
                                             size=rules.CREW_CLOCK_SEGMENTS, who_may_tick=WhoMayTick.GM))
    if crew.hostility is None or crew.hostility.archived:
        crew.hostility = create_clock(gm, Clock(name=_("Hostility"), kind=ClockKind.DANGER.value,
                                                size=rules.CREW_CLOCK_SEGMENTS, who_may_tick=WhoMayTick.GM))
    crew.save()
    return crew


def crew_ticks(campaign: Campaign, roll: Roll) -> dict[rules.CrewClock, bool]:
    """Each crew clock kept, and whether this check's consequences may still tick it."""
    crew = Crew.objects.filter(campaign=campaign).first()
    if crew is None or roll.kind != RollKind.CHECK:
        return {}
    result, outcome = result_of(roll), rules.Outcome(roll.outcome)
    ticked = set(roll.clock_changes.values_list("clock_id", flat=True))
    return {which: result.settled and which.follows(outcome, result.banes_left) and crew.clock_id(which) not in ticked
            for which in rules.CrewClock if crew.clock_id(which)}


def _ticked(which: rules.CrewClock, name: str):
    if which is rules.CrewClock.STATUS:
        return said("%(name)s's check: the crew lose a tick of Status.", name=name)
    return said("%(name)s's check: the crew gain a tick of Hostility.", name=name)


@transaction.atomic
def tick_crew_clock(gm: Membership, roll_id, which: str) -> Roll:
    """A check's consequence, once the check is done: "The crew lose a tick of Status toward their
    next Rank", or "The Crew gain a tick of Hostility"; each once a check."""
    roll = Roll.objects.select_related("character").filter(campaign=gm.campaign, pk=roll_id, kind=RollKind.CHECK).first()
    if roll is None:
        raise Refused(_("No such check."))
    try:
        crew_clock = rules.CrewClock(which)
    except ValueError:
        raise Refused(_("Tick the crew's Status or their Hostility.")) from None
    crew = Crew.objects.filter(campaign=gm.campaign).first()
    clock_id = crew.clock_id(crew_clock) if crew else None
    clock = Clock.objects.select_related("campaign").locked(pk=clock_id, campaign=gm.campaign) if clock_id else None
    if clock is None or clock.archived:
        raise Refused(_("Keep the crew's Status and Hostility first: the console sets them up."))
    result = result_of(roll)
    if not result.settled:
        raise Refused(_("The check is still open: its player may still spend Action Points."))
    if roll.clock_changes.filter(clock=clock).exists():
        return roll  # once a check
    if not crew_clock.follows(rules.Outcome(roll.outcome), result.banes_left):
        raise Refused(_("That consequence does not follow from this result."))
    reason = _ticked(crew_clock, roll.character.name if roll.character else "")
    if record_change(gm, clock, clock.filled + crew_clock.ticks, reason, roll=roll) is None:
        raise Refused(_("%(clock)s cannot move that way.") % {"clock": clock.name})
    gm.campaign.log(gm.user, reason, clock=clock)
    return roll
