"""Ties: who a character is linked to, and how."""

from django.db import transaction

from campaign.models import Membership
from characters.models import Character
from charge.models import Tie


@transaction.atomic
def add_tie(membership: Membership, character: Character, text: str, linked_character=None,
            linked_force=None) -> Tie:
    tie = Tie.objects.create(character=character, text=text.strip(),
                             linked_character=linked_character, linked_force=linked_force)
    return tie
