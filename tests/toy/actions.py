"""The coin flip's one write."""

import random

from django.db import transaction

from campaign.models import Membership
from characters.sheets import own_character
from core.refused import Refused
from gamerules.words import said
from rolls.actions import made_with, table_dice
from rolls.models import Roll

SIDES = {1: "heads", 2: "tails"}


@transaction.atomic
def flip(membership: Membership, character_id, call: str, key: str, rng: random.Random | None = None) -> Roll:
    """The character calls heads or tails and flips: the call is the roll's action."""
    if existing := made_with(membership.campaign, key):
        return existing
    character = own_character(membership, character_id)
    if call not in SIDES.values():
        raise Refused("Call heads or tails.")
    face = table_dice(rng).randint(1, 2)
    campaign = membership.campaign
    roll = Roll.objects.create(
        campaign=campaign, session=campaign.current_session, character=character, rolled_by=membership.user,
        kind="flip", goal=f"{character.name} calls {call}", action=call, pool_size=1, dice=[face],
        outcome=SIDES[face], idempotency_key=key, result={"won": SIDES[face] == call})
    campaign.log(membership.user, said("%(name)s flipped a coin.", name=character.name))
    return roll
