"""Stress cleared in downtime, once a character and session."""

from django.db import transaction

from campaign.models import Campaign, Membership
from characters.models import Character
from core.refused import Refused
from gamerules.characters import recover, recovery_errors
from gamerules.words import said


@transaction.atomic
def recover_stress(gm: Membership, character: Character, amount: int) -> Character:
    """The GM clears stress when the fiction allows downtime, once per character and session
    ("Recovery"): 1-4 as the GM says, 1 in Quick Charge."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    character = Character.objects.locked(pk=character.pk, campaign=campaign)
    session = campaign.sessions.order_by("-number").first()
    quick = campaign.charge.quick
    already = session is not None and character.charge.recovered_in_id == session.pk
    if errors := recovery_errors(amount, quick, recovered_this_session=already):
        raise Refused(" ".join(map(str, errors)))
    before = character.charge.stress
    character.charge.stress = recover(before, amount, quick)
    character.charge.recovered_in = session
    character.charge.save(update_fields=["stress", "recovered_in"])
    campaign.log(gm.user, said("%(name)s recovers: stress %(before)s→%(after)s. Update the condition to match.",
                               name=character.name, before=before, after=character.charge.stress))
    return character
