"""A flashback called, priced by the GM, paid or withdrawn ("Flashbacks": "When a player calls for
a flashback, the GM looks at the fiction and sets a cost in momentum (from 0 to 2) that the player
needs to pay before moving forward"). What follows it (no roll, a fortune roll, an action roll) the
GM decides at the table once it is paid; a flashback resolved by an action roll can also be marked
in the wizard, where the GM prices it with the risk and the effect (charge/actions/on_its_way.py)."""

from django.db import transaction
from django.utils.translation import gettext, ngettext

from campaign.models import Membership
from charge.actions.rollers import lock_characters, lock_own_character
from charge.kinds import RollKind
from charge.models import FlashbackCall
from core.refused import Refused
from gamerules.action_roll import flashback_errors
from gamerules.aftermath import Aftermath, MomentumMove
from rolls.actions import made_with, record
from rolls.models import Roll


@transaction.atomic
def call_flashback(membership: Membership, character_id: int, note: str, key: str) -> FlashbackCall | Roll:
    """A player (or a GM, for any character) calls a flashback: it waits for the GM's price. The
    same key again is the call it made, or the roll that paid it."""
    character = lock_own_character(membership, character_id, gettext("Call a flashback for your own character."))
    if made := made_with(membership.campaign, key):
        return made
    if (called := FlashbackCall.objects.filter(key=key).first()) is not None:
        return called
    if FlashbackCall.objects.filter(character=character).exists():
        raise Refused(gettext("%(name)s's flashback is already on its way: pay it or withdraw it first.")
                      % {"name": character.name})
    return FlashbackCall.objects.create(campaign=membership.campaign, character=character, key=key,
                                        note=note.strip()[:300], called_by=membership.user)


def _locked_call(membership: Membership, call_id) -> FlashbackCall:
    try:
        return (FlashbackCall.objects.select_related("character", "campaign")
                .locked(pk=call_id, campaign=membership.campaign))
    except FlashbackCall.DoesNotExist:
        raise Refused(gettext("That flashback was paid or withdrawn a moment ago.")) from None


@transaction.atomic
def price_flashback(gm: Membership, call_id, cost: int) -> FlashbackCall:
    """The GM sets the price: 0 for "an ordinary action for which you had easy opportunity", 1 for
    "a complex action or unlikely opportunity", 2 (or more, with the dial) for "an elaborate
    action". Setting it again before it is paid changes it; the player pays what they saw."""
    if not gm.is_gm:
        raise Refused(gettext("The GM sets a flashback's price."))
    call = _locked_call(gm, call_id)
    if errors := flashback_errors(cost, cost, gm.campaign.charge.rules.flashback_most):
        raise Refused(errors[0])
    call.cost = cost
    call.save(update_fields=["cost"])
    return call


@transaction.atomic
def pay_flashback(membership: Membership, call_id, seen: int | None, key: str) -> Roll:
    """The player pays the GM's price ("After the momentum is consumed, a flashback action is
    handled just like any other action"): the momentum comes off the sheet and the FLASHBACK roll
    is logged under ``key`` (the page posts the call's), so a double tap or a repeated key pays
    once, and a paid call is gone. ``seen``: the price the player was shown; if the GM changed it
    meanwhile, nothing is paid."""
    called = FlashbackCall.objects.filter(pk=call_id, campaign=membership.campaign).first()
    # The character first, as every roll locks it: a double tap waits here, then finds its roll.
    character = lock_characters({called.character_id}).get(called.character_id) if called else None
    if made := made_with(membership.campaign, key):
        return made
    call = _locked_call(membership, call_id)
    if character is None:
        raise Refused(gettext("That flashback was paid or withdrawn a moment ago."))
    if not character.editable_by(membership):
        raise Refused(gettext("%(name)s's player pays this flashback.") % {"name": character.name})
    if call.cost is None:
        raise Refused(gettext("The GM has not set the price yet."))
    if seen != call.cost:
        raise Refused(ngettext("The GM changed the price: now %(cost)s momentum. Pay again if you agree.",
                               "The GM changed the price: now %(cost)s momentum. Pay again if you agree.",
                               call.cost) % {"cost": call.cost})
    if errors := flashback_errors(call.cost, character.charge.momentum, membership.campaign.charge.rules.flashback_most):
        raise Refused(errors[0])
    before = character.charge.momentum
    character.charge.momentum -= call.cost
    character.charge.save(update_fields=["momentum"])
    roll = record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                  character=character, rolled_by=membership.user, kind=RollKind.FLASHBACK,
                  goal=call.note, result=Aftermath(momentum=(MomentumMove(character.pk, before, character.charge.momentum),)).to_data(),
                  choices={"flashback_cost": call.cost})
    call.delete()
    return roll


@transaction.atomic
def withdraw_flashback(membership: Membership, call_id) -> FlashbackCall:
    """Its player or a GM takes back a flashback on its way: nothing is paid."""
    call = _locked_call(membership, call_id)
    if not call.character.editable_by(membership):
        raise Refused(gettext("%(name)s's player or a GM withdraws this flashback.") % {"name": call.character.name})
    call.delete()
    return call
