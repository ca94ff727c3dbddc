"""The party sheet's writes ("Party Extra"): key concepts, supporting details, their clocks."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.models import Campaign, Membership
from charge.models import PartyDetail, concept_dispositions
from charge.own_words import DETAIL_DAMAGE, DETAIL_IMPROVING
from clocks.actions import create_clock, record_change
from clocks.models import Clock
from core.own_words import filled
from core.refused import Refused
from gamerules.dials import Dials, Extra, ExtraDial
from gamerules.party import (
    DETAILED_RANGE,
    DETAILS_PER_CONCEPT,
    PARTY_CLOCK_SEGMENTS,
    Disposition,
    KeyConcept,
    downgraded,
    upgraded,
)
from gamerules.words import said


def _party_detail(membership: Membership, detail_id) -> PartyDetail:
    detail = PartyDetail.objects.select_for_update().filter(campaign=membership.campaign_id, pk=detail_id).first()
    if detail is None:
        raise Refused(_("That detail is gone from the party sheet."))
    return detail


def _playing_party(membership: Membership) -> Dials:
    rules = membership.campaign.charge.rules
    if not rules.has(Extra.PARTY):
        raise Refused(_("This campaign has no party sheet (the Party extra)."))
    return rules


@transaction.atomic
def write_party_detail(membership: Membership, concept: str, text: str, disposition: int = 0,
                       detail_id=None, key: bool = False) -> PartyDetail:
    """Write a key concept or a supporting detail ("Party Details"). A key concept is written for
    the disposition its details give it now, so the sheet can tell when it needs rewriting."""
    rules = _playing_party(membership)
    Campaign.objects.locked(pk=membership.campaign_id)
    text = text.strip()[:200]
    if concept not in {c.value for c in KeyConcept}:
        raise Refused(_("Choose Assets, Allies, Adversaries or Authority."))
    if not text:
        raise Refused(_("Write the detail: a specific person, place or thing, or the key concept's big picture."))
    details = list(PartyDetail.objects.filter(campaign=membership.campaign_id, concept=concept))
    detailed = rules.dialled(ExtraDial.PARTY_DETAILED_DISPOSITION)
    if key:
        disposition = concept_dispositions(details, detailed)[KeyConcept(concept)]
    elif disposition not in (DETAILED_RANGE if detailed else {-1, 0, 1}) or (
            disposition == 0 and rules.dialled(ExtraDial.PARTY_NO_NEUTRAL)):
        raise Refused(_("Choose a disposition this campaign plays: -4 to +4.") if detailed
                      else _("Choose a disposition this campaign plays: positive or negative.")
                      if rules.dialled(ExtraDial.PARTY_NO_NEUTRAL)
                      else _("Choose a disposition this campaign plays: positive, neutral or negative."))
    if not key and any(d.text.casefold() == text.casefold() and d.pk != detail_id for d in details if not d.key):
        raise Refused(_("%(detail)s is already on the party sheet.") % {"detail": text})
    if detail_id:
        detail = _party_detail(membership, detail_id)
        if detail.concept != concept or detail.key != key:
            raise Refused(_("That detail belongs elsewhere on the party sheet."))
    else:
        detail = next((d for d in details if d.key), None) if key else None
        if detail is None and not key and sum(not d.key for d in details) >= DETAILS_PER_CONCEPT:
            raise Refused(ngettext(
                "%(concept)s has %(count)s supporting detail, the most its score counts: change or remove one.",
                "%(concept)s has %(count)s supporting details, the most its score counts: change or remove one.",
                DETAILS_PER_CONCEPT) % {"concept": KeyConcept(concept).label, "count": DETAILS_PER_CONCEPT})
        detail = detail or PartyDetail(campaign=membership.campaign, concept=concept, key=key)
    detail.text, detail.disposition = text, int(disposition)
    detail.save()
    membership.campaign.log(membership.user, said("Party sheet, %(concept)s: %(detail)s.",
                                                  concept=KeyConcept(concept).label, detail=text))
    return detail


@transaction.atomic
def shift_party_detail(membership: Membership, detail_id, up: bool) -> PartyDetail | None:
    """Upgrade ("from negative to neutral to positive") or downgrade a supporting detail, as a
    filled clock or the story says; with "No Neutral Disposition" a detail that would turn neutral
    is cleared (None). Under "Detailed Disposition" a step is one point of -4..+4."""
    rules = _playing_party(membership)
    detail = _party_detail(membership, detail_id)
    if detail.key:
        raise Refused(_("A key concept follows its details: rewrite it instead."))
    if rules.dialled(ExtraDial.PARTY_DETAILED_DISPOSITION):
        moved = detail.disposition + (1 if up else -1)
        if moved not in DETAILED_RANGE:
            raise Refused(_("A detailed disposition stays between -4 and +4."))
    else:
        try:
            shifted = (upgraded if up else downgraded)(Disposition(detail.disposition),
                                                      rules.dialled(ExtraDial.PARTY_NO_NEUTRAL))
        except ValueError as error:
            raise Refused((_("%(detail)s is already as good as a detail gets.") if up
                           else _("%(detail)s is already as bad as a detail gets.")) % {"detail": detail.text}) from error
        if shifted is None:
            membership.campaign.log(membership.user, said("Party sheet: %(detail)s is cleared.", detail=detail.text))
            _put_away_clock(detail)
            detail.delete()
            return None
        moved = int(shifted)
    detail.disposition = moved
    if detail.clock_id and detail.clock.is_full and (detail.clock.kind == "progress") == up:
        _put_away_clock(detail)  # its clock did its work: a new one may start
    detail.save(update_fields=["disposition", "clock"])
    membership.campaign.log(membership.user, said("Party sheet: %(detail)s is upgraded.", detail=detail.text) if up
                            else said("Party sheet: %(detail)s is downgraded.", detail=detail.text))
    return detail


@transaction.atomic
def remove_party_detail(membership: Membership, detail_id) -> None:
    _playing_party(membership)
    detail = _party_detail(membership, detail_id)
    membership.campaign.log(membership.user, said("Party sheet: %(detail)s is removed.", detail=detail.text))
    _put_away_clock(detail)
    detail.delete()


def _put_away_clock(detail: PartyDetail) -> None:
    """A detail's own clock is archived, with its history, when it has moved the detail or the
    detail is gone."""
    if detail.clock_id:
        Clock.objects.filter(pk=detail.clock_id).update(archived=True, updated_at=timezone.now())
        detail.clock = None


@transaction.atomic
def track_party_detail(membership: Membership, detail_id, kind: str) -> Clock:
    """"More Clocks": the group tracks a supporting detail's improvement or damage "individually as
    clocks and follow[s] the same rules for danger and progress": a clock of the party clocks'
    size; full, it upgrades (progress) or downgrades (danger) the detail."""
    rules = _playing_party(membership)
    if not rules.dialled(ExtraDial.PARTY_MORE_CLOCKS):
        raise Refused(_("The party's progress and danger are its two clocks here (the dial “More Clocks” is off)."))
    if kind not in ("progress", "danger"):
        raise Refused(_("A detail's clock tracks progress or danger."))
    detail = _party_detail(membership, detail_id)
    if detail.key:
        raise Refused(_("A key concept follows its details: give a supporting detail its clock."))
    if detail.clock_id and not detail.clock.archived:
        raise Refused(_("%(detail)s already has its clock.") % {"detail": detail.text})
    name = filled(DETAIL_IMPROVING if kind == "progress" else DETAIL_DAMAGE, detail=detail.text[:100])
    detail.clock = create_clock(membership, Clock(name=name, kind=kind, size=PARTY_CLOCK_SEGMENTS))
    detail.save(update_fields=["clock"])
    return detail.clock


@transaction.atomic
def clear_party_clock(gm: Membership, clock_id) -> None:
    """A full party clock clears once the party has made its change: "they are cleared and one of
    the supporting detail changes" (a project reading, in gamerules/readings.py)."""
    if not gm.is_gm:
        raise Refused(_("The GM clears the party's clocks."))
    clock = Clock.objects.select_for_update().filter(campaign=gm.campaign_id, pk=clock_id, party=True).first()
    if clock is None or not clock.is_full:
        raise Refused(_("Only a full party clock clears."))
    record_change(gm, clock, 0, said("The party made its change: the clock clears"))
