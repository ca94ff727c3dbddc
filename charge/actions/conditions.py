"""The campaign's hacked conditions at the table ("Hacking Conditions"): an opportunity to recover
applied to a character, and deterioration marked, worsened and cared for. The GM's writes, each
atomic on the character's locked row; their views key them against a double tap."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from charge.actions.vitals import change_stress
from core.refused import Refused
from gamerules.conditions import opportunity_errors, recover_with
from gamerules.words import said


@transaction.atomic
def use_opportunity(gm: Membership, character: Character, name: str) -> Character:
    """The GM applies an opportunity to recover ("Changing Recovery"): stress goes down by its
    segments, never below 0; one offered once per session counts per character and session."""
    character = locked(character)
    opportunity = character.campaign.charge.rules.opportunity(name)
    if opportunity is None:
        raise Refused(_("That opportunity to recover is not in this campaign's hack."))
    latest = character.campaign.sessions.order_by("-number").first()
    number = latest.number if latest else 0
    sheet = character.charge
    used = sheet.recovered_with.get(opportunity.name) == number
    if errors := opportunity_errors(opportunity, sheet.stress, used):
        raise Refused(" ".join(map(str, errors)))
    before = sheet.stress
    sheet.stress = recover_with(before, opportunity)
    sheet.recovered_with = {**sheet.recovered_with, opportunity.name: number}
    sheet.save(update_fields=["stress", "recovered_with"])
    log(gm, said("%(name)s recovers with %(opportunity)s: stress %(before)s→%(after)s. Update the condition to match.",
                 name=character.name, opportunity=opportunity.name, before=before, after=sheet.stress))
    return character


def _kind(character: Character, name: str):
    kind = character.campaign.charge.rules.deterioration(name)
    if kind is None:
        raise Refused(_("That deterioration is not in this campaign's hack."))
    return kind


@transaction.atomic
def mark_deteriorating(gm: Membership, character: Character, name: str) -> Character:
    """The character suffers a deterioration: its trigger will tick their stress ("Introducing Deterioration")."""
    character = locked(character)
    kind = _kind(character, name)
    if kind.name in character.charge.deteriorating:
        raise Refused(_("%(name)s already suffers from that.") % {"name": character.name})
    character.charge.deteriorating = [*character.charge.deteriorating, kind.name]
    character.charge.save(update_fields=["deteriorating"])
    log(gm, said("%(name)s suffers from %(deterioration)s: when %(trigger)s, stress ticks %(segments)s.",
                 name=character.name, deterioration=kind.name, trigger=kind.trigger, segments=kind.segments))
    return character


def _suffering(character: Character, name: str):
    kind = _kind(character, name)
    if kind.name not in character.charge.deteriorating:
        raise Refused(_("%(name)s does not suffer from that (any more).") % {"name": character.name})
    return kind


@transaction.atomic
def worsen(gm: Membership, character: Character, name: str) -> Character:
    """Its trigger happened: the stress clock ticks by the kind's segments, as any stress taken
    (a full clock has its usual result)."""
    character = locked(character)
    kind = _suffering(character, name)
    log(gm, said("%(name)s's %(deterioration)s worsens.", name=character.name, deterioration=kind.name))
    return change_stress(gm, character, kind.segments)


@transaction.atomic
def cared_for(gm: Membership, character: Character, name: str) -> Character:
    """Taken care of: the deterioration stops ("opportunities for players to take care of those deteriorations")."""
    character = locked(character)
    kind = _suffering(character, name)
    character.charge.deteriorating = [one for one in character.charge.deteriorating if one != kind.name]
    character.charge.save(update_fields=["deteriorating"])
    log(gm, said("%(name)s's %(deterioration)s is cared for: it stops.", name=character.name, deterioration=kind.name))
    return character
