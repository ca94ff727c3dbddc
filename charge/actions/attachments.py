"""Attachments (the Attachment extra): marked, worn, repaired, unmarked."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from charge.models import Attachment
from core.refused import Refused
from gamerules.attachments import attachment_errors, repaired_wear, wear_errors
from gamerules.dials import Extra, ExtraDial
from gamerules.words import said


@transaction.atomic
def add_attachment(membership: Membership, character: Character, name: str) -> Attachment:
    """Mark a detail as an attachment: 1-2 a character ("Attachment Extra Rule")."""
    character = locked(character)
    if not character.campaign.charge.rules.has(Extra.ATTACHMENT):
        raise Refused(_("This campaign does not use attachments (the Attachment extra)."))
    if not name.strip():
        raise Refused(_("Name the attachment: a piece of equipment, a relationship, a familiar..."))
    if errors := attachment_errors(character.attachments.count()):
        raise Refused(errors[0])
    return Attachment.objects.create(character=character, name=name.strip()[:120],
                                     wear_size=character.campaign.charge.rules.stress_clock_size)


@transaction.atomic
def wear_attachment(membership: Membership, character: Character, attachment_id: int, repaired: bool) -> Attachment:
    """Use or damage fills an attachment's condition clock; full, it is unusable until a
    successful repair clears a segment ("Attachment Condition")."""
    character = locked(character)
    if not character.campaign.charge.rules.dialled(ExtraDial.ATTACHMENT_CONDITION):
        raise Refused(_("This campaign does not track attachment condition (the dial is off)."))
    attachment = Attachment.objects.select_for_update().filter(pk=attachment_id, character=character).first()
    if attachment is None:
        raise Refused(_("That attachment is gone."))
    if repaired:
        if not attachment.wear:
            raise Refused(_("%(attachment)s is in full condition: there is nothing to repair.") % {
                "attachment": attachment.name})
        attachment.wear = repaired_wear(attachment.wear)
    else:
        if errors := wear_errors(attachment.wear, attachment.wear_size):
            raise Refused(errors[0])
        attachment.wear += 1
    attachment.save(update_fields=["wear"])
    values = {"name": character.name, "attachment": attachment.name,
              "state": said("worn out: unusable until repaired") if attachment.worn_out
              else f"{attachment.wear}/{attachment.wear_size}"}
    log(membership, said("%(name)s's %(attachment)s is repaired: %(state)s.", **values) if repaired
         else said("%(name)s's %(attachment)s wears: %(state)s.", **values))
    return attachment


@transaction.atomic
def remove_attachment(membership: Membership, character: Character, attachment_id: int) -> None:
    deleted, _by_model = Attachment.objects.filter(pk=attachment_id, character=locked(character)).delete()
    if not deleted:
        raise Refused(_("That attachment is already gone."))
