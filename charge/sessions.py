"""What a session's start and end do to Charge's sheets, and what the recap says of them
(campaign/actions.py, campaign/recap.py call these through the registry)."""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext_lazy as _

from characters.models import Character
from charge.forms.milestones import MilestoneForm
from charge.models import Sheet
from gamerules.characters import session_start_momentum
from gamerules.progression import unlocked_slots
from gamerules.readings import ESCALATION_LASTS_THE_SESSION
from gamerules.talent_dots import DEFAULT_TALENT_TRIGGERS, TalentTrigger
from gamerules.words import said


@dataclass(frozen=True)
class Standing:
    """A character's momentum and stress when the session started and when it ended (or now, while
    it runs). None where the sheet did not exist yet."""

    character: Character
    momentum: tuple[int | None, int]
    stress: tuple[int | None, int]


SAID = (_("%(session)s started: every character's momentum is reset."),
        _("%(session)s ended. Offer recovery below where the fiction allowed downtime, and remind players "
          "to update their details."))
"""What the GM is told once a session started and ended (core/systems.py ``session_said``)."""


def session_started(campaign, number: int):
    """Every character's momentum resets ("Momentum": "You start with 2 momentum at the beginning
    of each session"); the log line says who changed."""
    momentum = session_start_momentum(campaign.charge.rules)
    changes = []
    sheets = Sheet.objects.select_for_update(of=("self",)).select_related("character")
    for sheet in sheets.filter(character__campaign=campaign).order_by("pk"):
        if sheet.momentum != momentum:
            changes.append(f"{sheet.character.name} {sheet.momentum}→{momentum}")
            sheet.momentum = momentum
            sheet.save(update_fields=["momentum"])  # recorded in the sheet's history
    if changes:
        return said("Session %(number)s started. Momentum resets to %(momentum)s (%(changes)s).",
                    number=number, momentum=momentum, changes=", ".join(changes))
    return said("Session %(number)s started. Momentum resets to %(momentum)s.", number=number, momentum=momentum)


def session_ended(campaign) -> None:
    """An escalated risk lasts the session (ESCALATION_LASTS_THE_SESSION)."""
    if not ESCALATION_LASTS_THE_SESSION:
        return
    escalated = Sheet.objects.select_for_update().filter(character__campaign=campaign).exclude(escalated_action="")
    for sheet in escalated.order_by("pk"):
        sheet.escalated_action, sheet.escalated_risk = "", None
        sheet.save(update_fields=["escalated_action", "escalated_risk"])


def _as_of(campaign, when: datetime) -> dict[int, object]:
    """Each Charge sheet of the campaign as its history recorded it at ``when``."""
    records = (Sheet.history.filter(character__campaign_id=campaign.pk, history_date__lte=when)
               .order_by("character_id", "-history_date", "-history_id"))
    latest: dict[int, object] = {}
    for record in records:
        latest.setdefault(record.character_id, record)
    return {pk: record for pk, record in latest.items() if record.history_type != "-"}


def standings(campaign, session, until: datetime) -> list[Standing]:
    """Each character's momentum and stress at the session's start and end (or now)."""
    started = _as_of(campaign, session.started_at)
    ended = _as_of(campaign, until) if session.ended_at else None
    # "You start with 2 momentum at the beginning of each session" (the momentum dial may change it).
    reset = session_start_momentum(campaign.charge.rules)
    result = []
    for character in campaign.characters.select_related("charge").order_by("name", "pk"):
        at_end = ended.get(character.pk) if ended is not None else getattr(character, "charge", None)
        if at_end is None:  # made after the session
            continue
        at_start = started.get(character.pk)
        result.append(Standing(character, (reset if at_start else None, at_end.momentum),
                               (at_start.stress if at_start else None, at_end.stress)))
    return result


def session_context(membership) -> dict:
    """The milestones awarded so far and the talent slots they open ("Milestone"); the GM's form of
    the next, which names the count it saw (a double submit awards one)."""
    milestones = membership.campaign.milestones.count()
    # A hack whose talent dots come from elsewhere ("Changing When Talent Dots are Gained") has no milestones.
    triggers = membership.campaign.charge.rules.talent_triggers
    counted = TalentTrigger.MILESTONE in triggers
    return {"milestones": milestones, "talent_slots": unlocked_slots(milestones), "milestones_counted": counted,
            "milestones_only": triggers == DEFAULT_TALENT_TRIGGERS,
            "milestone_form": MilestoneForm(initial={"expected_count": milestones}) if membership.is_gm and counted else None}


def recap_noted(session) -> list:
    """The milestones awarded in the session, in order."""
    return list(session.milestones.order_by("awarded_at", "pk"))
