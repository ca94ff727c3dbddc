"""The characters a Charge roll is made for, locked in primary-key order, so that two rolls
never wait on each other in a circle."""

from campaign.models import Membership
from characters.models import Character
from core.refused import Refused


def lock_characters(character_ids) -> dict[int, Character]:
    """The characters, locked, by primary key; those gone are missing."""
    rows = (Character.objects.select_for_update(of=("self",)).select_related("campaign")
            .filter(pk__in=set(character_ids)).order_by("pk"))
    return {character.pk: character for character in rows}


def lock_own_character(membership: Membership, character_id, refusal: str) -> Character:
    """The character, locked, if this member may act for it; otherwise the refusal."""
    character = lock_characters({character_id}).get(character_id)
    if character is None or character.campaign_id != membership.campaign_id or not character.editable_by(membership):
        raise Refused(refusal)
    return character
