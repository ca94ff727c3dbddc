"""Money, by hand (the Economy extra)."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from core.refused import Refused
from gamerules.dials import Extra
from gamerules.economy import MONEY_MOST
from gamerules.words import said


@transaction.atomic
def change_money(membership: Membership, character: Character, delta: int) -> Character:
    """Money by hand, on the ten-point scale ("Money"): what the fiction gives or costs."""
    if not membership.campaign.charge.rules.has(Extra.ECONOMY):
        raise Refused(_("This campaign does not count money (the Economy extra)."))
    character = locked(character)
    if not 0 <= character.charge.money + delta <= MONEY_MOST:
        raise Refused(_("Money runs from 0 to %(most)s: %(name)s has %(money)s.") % {
            "most": MONEY_MOST, "name": character.name, "money": character.charge.money})
    character.charge.money += delta
    character.charge.save(update_fields=["money"])
    log(membership, said("%(name)s's money %(before)s→%(after)s (by hand).",
                          name=character.name, before=character.charge.money - delta, after=character.charge.money))
    return character
