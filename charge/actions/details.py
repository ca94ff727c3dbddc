"""The hack's own character details ("Changing the Details"): a short text for each."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked
from characters.models import Character
from charge.models import Sheet
from core.refused import Refused

DETAIL_MOST = 200
"""A detail is a short descriptor, as long as the concept."""


@transaction.atomic
def set_details(membership: Membership, character: Character, texts: dict[str, str]) -> Character:
    """Write the texts of the hack's details, by name. A detail the hack no longer has keeps its
    text, unshown, so that it comes back if the detail does."""
    character = locked(character)
    if not character.editable_by(membership):
        raise Refused(_("Only its player and the GM write a character's details."))
    names = character.campaign.charge.rules.details
    if any(len(text.strip()) > DETAIL_MOST for text in texts.values()):
        raise Refused(_("A detail is at most %(most)s characters.") % {"most": DETAIL_MOST})
    sheet = Sheet.objects.select_for_update().get(pk=character.pk)
    sheet.details = {**sheet.details, **{name: texts[name].strip() for name in names if name in texts}}
    sheet.save(update_fields=["details"])
    return character
