"""Changes to a character sheet that every dice system shares: a new character, a text field, a
version restored. Each locks the character's row and changes only what it names, so edits from two
devices at once are applied one after the other and neither is lost. A system's own changes
(charge/actions/) lock and log through ``locked`` and ``log``."""

from django.db import transaction
from django.utils import dateformat
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.models import Character
from core.own_words import english
from core.refused import Refused
from gamerules.words import said


def locked(character: Character) -> Character:
    """The character's row, locked until the transaction ends: changes apply one after the other."""
    return Character.objects.select_related("campaign").locked(pk=character.pk)


def log(membership: Membership, text: str, gm_only=False):
    """A line of the campaign's log, by this member."""
    membership.campaign.log(membership.user, text, gm_only=gm_only)


@transaction.atomic
def create_character(membership: Membership, name: str, playbook=None) -> Character:
    """A playbook gives its concept, and the dice system what its sheet starts with (Charge: the
    session's momentum and the playbook's 3 dots)."""
    campaign, site = membership.campaign, membership.campaign.site
    character = Character(campaign=campaign, owner=membership.user, name=name.strip(),
                          concept=playbook.name if playbook else "", created=site.ready_characters)
    character.sheet_starts = site.new_character(campaign, playbook) if site.new_character else {}
    character.save()
    log(membership, said("%(user)s started a character: %(name)s.", user=membership.user.username, name=character.name))
    return character


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n")


@transaction.atomic
def set_text(membership: Membership, character: Character, field: str, value: str,
             seen: str | None) -> Character:
    """Change one text field. ``seen`` is the value the editor started from: when someone else
    changed it meanwhile, the edit is refused rather than silently overwriting theirs."""
    character = locked(character)
    if field != "name" and field not in character.text_fields_for(membership):
        raise Refused(_("That part of the sheet cannot be edited here."))
    holder = character.text_holder(field)
    # The site's own words were shown in the editor's language (core/own_words.py).
    if seen is not None and _lines(seen) not in map(_lines, (english(getattr(holder, field)), str(getattr(holder, field)))):
        raise Refused(_("Someone else changed this while you were editing. Their version is shown "
                        "below yours: merge them and save again."))
    setattr(holder, field, type(holder)._meta.get_field(field).to_python(value.strip()))  # the site's words: their meaning
    holder.save(update_fields=[field])
    return character


RESTORABLE = ("name", "concept", "appearance", "condition", "created", "gm_notes")
"""The character's own fields a restore puts back; its dice system's sheet says its own."""


@transaction.atomic
def restore_character(gm: Membership, character: Character, history_id) -> Character:
    """Put a sheet back as it was at one of its recorded versions. The restoring is itself a
    new version, so it can be undone the same way. Ties and talents keep their own history."""
    character = locked(character)
    version = character.history.filter(history_id=history_id).first()
    if version is None:
        raise Refused(_("That version is not in this sheet's history."))
    for field in RESTORABLE:
        setattr(character, field, getattr(version, field))
    reason = _("Restored to the version of %(when)s") % {"when": dateformat.format(version.history_date, "M d, H:i:s")}
    character._change_reason = reason
    character.save()
    if (model := character.campaign.site.character_sheet) is not None:
        _restore_sheet(model, character, version.history_date, reason)
    log(gm, said("The GM restored %(name)s's sheet to an earlier version.", name=character.name), gm_only=True)
    return character


def _restore_sheet(model, character: Character, when, reason: str) -> None:
    """The dice system's sheet as it was at ``when`` (its version then), where it has one."""
    then = model.history.filter(character_id=character.pk, history_date__lte=when).exclude(history_type="-")
    then = then.order_by("-history_date", "-history_id").first()
    if then is None:
        return
    sheet = model.objects.select_for_update().get(character=character)
    for field in model.restorable:
        setattr(sheet, field, getattr(then, field))
    sheet._change_reason = reason
    sheet.save()
