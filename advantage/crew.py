"""What the GM keeps for the whole crew in an Advantage & Threat campaign, each write atomic: the
threats on the table, the job under way (``shared/rules/system-advantage-and-threat.md``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from advantage.actions import current_job, named
from advantage.models import Job, Sheet, Threat
from campaign.models import Campaign, Membership
from core.refused import Refused
from gamerules import advantage as rules
from gamerules.words import said


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
