"""The campaign's bookkeeping in Charge: the dials, milestones, the market clock and the story's
days. Each write locks the campaign row, so a double tap (or two GMs at once) is applied once."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Campaign, Membership
from charge.models import Milestone, Sheet
from charge.own_words import PARTY_DANGER, PARTY_PROGRESS
from clocks.actions import create_clock
from clocks.models import Clock
from core.refused import Refused
from gamerules.dials import Dials, Extra, ExtraDial
from gamerules.economy import MARKET_CLOCK_SEGMENTS
from gamerules.economy import tick_market as next_market
from gamerules.party import PARTY_CLOCK_SEGMENTS
from gamerules.talent_dots import TalentTrigger
from gamerules.words import said

PARTY_CLOCKS = ((PARTY_DANGER, "danger"), (PARTY_PROGRESS, "progress"))
"""The party sheet's two clocks ("Party Danger and Progress Clocks")."""


@transaction.atomic
def set_dials(gm: Membership, dials: Dials) -> Campaign:
    """Save the dials. The party's clocks come with the Party extra (unless "No Clocks") and are
    put away, kept, when it goes."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    campaign.charge.dials = dials.to_data()
    campaign.charge.save(update_fields=["dials"])
    _end_gone_deteriorations(campaign, dials)
    wanted = dials.has(Extra.PARTY) and not dials.dialled(ExtraDial.PARTY_NO_CLOCKS)
    existing = {clock.kind: clock for clock in Clock.objects.select_for_update().filter(campaign=campaign, party=True)}
    for name, kind in PARTY_CLOCKS:
        clock = existing.get(kind)
        if clock is None and wanted:
            gm.campaign = campaign
            create_clock(gm, Clock(name=name, kind=kind, size=PARTY_CLOCK_SEGMENTS, party=True))
        elif clock is not None and clock.archived == wanted:
            clock.archived = not wanted
            clock.save(update_fields=["archived", "updated_at"])
    return campaign


def _end_gone_deteriorations(campaign: Campaign, dials: Dials) -> None:
    """A deterioration kind the hack no longer has stops for every character (the preview said so)."""
    kinds = {kind.name for kind in dials.deteriorations}
    for sheet in Sheet.objects.select_for_update().filter(character__campaign=campaign):
        kept = [name for name in sheet.deteriorating if name in kinds]
        if kept != sheet.deteriorating:
            sheet.deteriorating = kept
            sheet.save(update_fields=["deteriorating"])


@transaction.atomic
def award_milestone(gm: Membership, note: str, expected_count: int) -> Milestone:
    """Every character gains a talent ("Milestone"). ``expected_count`` guards a double submit."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if TalentTrigger.MILESTONE not in campaign.charge.rules.talent_triggers:
        raise Refused(_("In this hack, milestones give no talent dots."))
    if campaign.milestones.count() != expected_count:
        raise Refused(_("A milestone was just awarded by someone else; check before awarding another."))
    milestone = Milestone.objects.create(campaign=campaign, session=campaign.current_session,
                                         note=note.strip(), awarded_by=gm.user)
    campaign.log(gm.user, said("Milestone: %(note)s. Every character gains a talent.", note=milestone.note)
                 if milestone.note else said("Milestone. Every character gains a talent."))
    return milestone


@transaction.atomic
def tick_market(gm: Membership, seen: int | None = None) -> Campaign:
    """"The market clock automatically ticks forward once per scene and automatically resets after
    filling up" ("The Market Clock"): one tap of the GM's at each new scene. ``seen`` is the clock
    the GM ticked from: a double tap, or a second GM at once, ticks it once."""
    if not gm.is_gm:
        raise Refused(_("The GM ticks the market at each new scene."))
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    setup = campaign.charge
    if not setup.rules.has(Extra.ECONOMY):
        raise Refused(_("This campaign has no market (the Economy extra)."))
    if seen is not None and seen != setup.market_filled:
        raise Refused(_("The market already moved: it is at %(filled)s/%(size)s.") % {
            "filled": setup.market_filled, "size": MARKET_CLOCK_SEGMENTS})
    setup.market_filled = next_market(setup.market_filled)
    setup.save(update_fields=["market_filled"])
    campaign.log(gm.user, said("A new scene: the market clock is at %(filled)s/%(size)s, %(state)s.",
                               filled=setup.market_filled, size=MARKET_CLOCK_SEGMENTS, state=setup.market.in_a_sentence))
    return campaign


@transaction.atomic
def new_day(gm: Membership, seen: int | None) -> Campaign:
    """The story moves on a day: spells cast once per day may be cast again ("Casting Limits").
    ``seen`` is the day the GM's screen showed: a double tap, or a second GM at once, moves it once."""
    if not gm.is_gm:
        raise Refused(_("The GM says when a new day dawns."))
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if not campaign.charge.rules.has(Extra.MAGIC):
        raise Refused(_("This campaign does not use magic (the Magic extra)."))
    if seen is not None and seen != campaign.day:
        raise Refused(_("The day already moved on: it is day %(day)s.") % {"day": campaign.day})
    campaign.day += 1
    campaign.save(update_fields=["day"])
    campaign.log(gm.user, said("A new day dawns: day %(day)s. Spells cast once per day may be cast again.",
                               day=campaign.day))
    return campaign
