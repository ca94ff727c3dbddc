"""Rolls on their way (PendingRoll): started by a player or called by the GM, the GM's risk and
effect, the threats and party details that bear on them, a helper asked, a roll withdrawn."""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, ngettext

from campaign.models import Membership
from characters.models import Character
from charge.actions.action_roll import castable, not_an_action, workable_project
from charge.actions.rollers import lock_characters
from charge.models import HookDraw, PendingRoll, Spell, Threat
from core.refused import Refused
from gamerules.action_roll import flashback_errors
from gamerules.charge import Effect, Risk
from gamerules.dials import Extra
from gamerules.threat import MOST_THREAT_DICE
from rolls.actions import made_with
from rolls.models import Roll, new_key


@dataclass(frozen=True)
class RollStart:
    """The wizard's first step ("Action Roll": the player sets the goal), or a GM's call."""

    character_id: int
    action: str
    goal: str = ""
    setup: bool = False
    flashback: bool = False
    """A flashback: the GM prices it with the risk and the effect ("Flashbacks")."""
    project_id: int | None = None
    spell_id: int | None = None
    """The spell the roll casts (Magic Extra)."""

@transaction.atomic
def start_roll(membership: Membership, start: RollStart, key: str) -> PendingRoll | Roll:
    """Put a roll on its way, or change the goal and action of the one already on its way for
    this character. A new action needs the GM's risk and effect again; Quick Charge reads them
    from the dice ("Quick Charge"), so its rolls are ready at once. A key that already made a
    roll starts nothing: the answer is that roll."""
    campaign = membership.campaign
    character = lock_characters({start.character_id}).get(start.character_id)
    if made := made_with(campaign, key):
        return made
    if character is None or character.campaign_id != campaign.pk or not character.editable_by(membership):
        raise Refused(gettext("Roll for a character of yours in this campaign."))
    if start.action not in campaign.charge.rules.action_names:
        raise Refused(not_an_action(start.action))
    if start.project_id is not None:
        workable_project(membership, character, start.project_id)
    spell = None
    if start.spell_id is not None:
        spell = Spell.objects.filter(pk=start.spell_id).first()
        if spell is None:
            raise Refused(gettext("That spell is gone."))
        castable(campaign, character, spell, start.action)
    pending = PendingRoll.objects.select_for_update().filter(character=character).first()
    if pending is None:
        if PendingRoll.objects.filter(key=key).exists():
            key = new_key()  # the form sent again for another character: a roll of its own
        pending = PendingRoll(campaign=campaign, character=character, key=key, started_by=membership.user)
    elif pending.action != start.action or pending.flashback != start.flashback:
        pending.risk = pending.effect = None  # the GM sets them for the new action, or the flashback
    pending.action, pending.goal, pending.setup = start.action, start.goal[:300], start.setup
    if pending.flashback != start.flashback:
        pending.flashback_cost = None  # the GM prices a flashback when it is marked
    pending.flashback, pending.project_id = start.flashback, start.project_id
    if pending.pk and pending.spell_id != start.spell_id:
        pending.risk = pending.effect = None  # a spell starts the risk and the effect afresh
    pending.spell = spell
    if campaign.charge.quick:
        pending.risk, pending.effect = int(pending.suggested_risk()), int(Effect.NONE)
    pending.save()
    return pending


@transaction.atomic
def call_for_roll(gm: Membership, start: RollStart, risk: Risk | None, effect: Effect | None) -> PendingRoll:
    """The GM calls for a roll, and may set its risk and effect at once; the player then evens
    the odds."""
    pending = start_roll(gm, start, new_key())
    pending.called = True
    if risk is not None and effect is not None and not gm.campaign.charge.quick:
        pending.risk, pending.effect = int(risk), int(effect)
    pending.save()
    return pending


def _locked_pending(membership: Membership, pending_id) -> PendingRoll:
    try:
        return (PendingRoll.objects.select_related("character", "campaign")
                .locked(pk=pending_id, campaign=membership.campaign))
    except PendingRoll.DoesNotExist:
        raise Refused(gettext("That roll was made or withdrawn a moment ago.")) from None


def _price(gm: Membership, pending: PendingRoll, cost: int | None) -> None:
    """A flashback's price, set by the GM with its risk and effect ("the GM looks at the fiction
    and sets a cost in momentum", "Flashbacks"); a roll that is no flashback has none."""
    if not pending.flashback:
        return
    if cost is None:
        raise Refused(gettext("Choose the flashback's price in momentum."))
    if errors := flashback_errors(cost, cost, gm.campaign.charge.rules.flashback_most):
        raise Refused(errors[0])
    pending.flashback_cost = cost


@transaction.atomic
def set_risk_and_effect(gm: Membership, pending_id, risk: Risk, effect: Effect,
                        threat_ids=None, party_detail_ids=None, flashback_cost: int | None = None) -> PendingRoll:
    """The GM sets the risk and the effect of a roll on its way ("Action Roll"), a flashback's
    price, and with the Threat Level extra the threats that apply, with the Party extra the party
    details that bear on it (``None``: as they were)."""
    if not gm.is_gm:
        raise Refused(gettext("The GM sets the risk and the effect."))
    pending = _locked_pending(gm, pending_id)
    if gm.campaign.charge.quick:
        raise Refused(gettext("Quick Charge reads the risk and the effect from the dice."))
    _price(gm, pending, flashback_cost)
    pending.risk, pending.effect = int(risk), int(effect)
    # The mission's first roll has its risk: the mission roll's start is used up.
    HookDraw.objects.filter(campaign=gm.campaign_id, start_pending=True).update(start_pending=False)
    if threat_ids is not None:
        _apply_threats(gm, pending, threat_ids)
    if party_detail_ids is not None:
        chosen = set(party_detail_ids)
        if not gm.campaign.charge.rules.has(Extra.PARTY) or gm.campaign.party_details.filter(pk__in=chosen).count() != len(chosen):
            raise Refused(gettext("Choose details of this campaign's party sheet."))
        pending.party_details = sorted(chosen)
    pending.save(update_fields=["risk", "effect", "threats", "party_details", "flashback_cost"])
    return pending


@transaction.atomic
def apply_threats(gm: Membership, pending_id, threat_ids, flashback_cost: int | None = None) -> PendingRoll:
    """The GM says which threats bear on a roll on its way ("when the threat can be tied to a
    reason why that roll might be impacted"); their ratings make its threat pool. Quick Charge
    reads the risk and the effect from the dice, but a flashback's price is still the GM's."""
    if not gm.is_gm:
        raise Refused(gettext("The GM says which threats apply."))
    pending = _locked_pending(gm, pending_id)
    _price(gm, pending, flashback_cost)
    if threat_ids is not None:
        _apply_threats(gm, pending, threat_ids)
    pending.save(update_fields=["threats", "flashback_cost"])
    return pending


def _apply_threats(gm: Membership, pending: PendingRoll, threat_ids) -> None:
    if not gm.campaign.charge.rules.has(Extra.THREAT_LEVEL):
        raise Refused(gettext("This campaign does not use threats (the Threat Level extra)."))
    chosen = set(threat_ids)
    threats = list(Threat.objects.filter(campaign=gm.campaign, pk__in=chosen).facing(pending.character_id))
    if len(threats) != len(chosen):
        raise Refused(gettext("Choose threats on the scene or on %(name)s.") % {"name": pending.character.name})
    if sum(t.rating for t in threats) > MOST_THREAT_DICE:
        raise Refused(ngettext("A threat pool has at most %(count)s die here: apply fewer threats.",
                               "A threat pool has at most %(count)s dice here: apply fewer threats.",
                               MOST_THREAT_DICE) % {"count": MOST_THREAT_DICE})
    pending.threats = sorted(chosen)


@transaction.atomic
def ask_for_assist(membership: Membership, pending_id, helper_id) -> PendingRoll:
    """The roller asks a teammate for help; the helper's player agrees on their own screen,
    since the helper pays the momentum ("Assist")."""
    pending = _locked_pending(membership, pending_id)
    if not pending.character.editable_by(membership):
        raise Refused(gettext("%(name)s's player asks for help.") % {"name": pending.character.name})
    helper = Character.objects.filter(pk=helper_id, campaign=membership.campaign).first()
    if helper is None or helper.pk == pending.character_id:
        raise Refused(gettext("Ask another character of this campaign."))
    if helper.charge.taken_out:
        raise Refused(gettext("%(name)s is taken out and cannot assist.") % {"name": helper.name})
    if helper.pk not in pending.asked:
        pending.asked = [*pending.asked, helper.pk]
        pending.save(update_fields=["asked"])
    return pending


@transaction.atomic
def withdraw_roll(membership: Membership, pending_id) -> None:
    """The roller's player or a GM takes back a roll on its way (a call, too)."""
    pending = _locked_pending(membership, pending_id)
    if not pending.character.editable_by(membership):
        raise Refused(gettext("%(name)s's player or a GM withdraws this roll.") % {"name": pending.character.name})
    pending.delete()
