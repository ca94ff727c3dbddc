"""An offer to assist another character's next roll."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked
from characters.models import Character
from core.refused import Refused


@transaction.atomic
def offer_assist(membership: Membership, helper: Character, roller: Character | None) -> Character:
    """The helper's player offers to assist ``roller``'s next roll, or withdraws the offer
    (``None``). The roll that uses the help spends it ("Assist")."""
    helper = locked(helper)
    if roller is not None and (roller.campaign_id != helper.campaign_id or roller.pk == helper.pk):
        raise Refused(_("Assist another character of this campaign."))
    helper.charge.assisting = roller
    helper.charge.save(update_fields=["assisting"])
    return helper
