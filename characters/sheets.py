"""The rows a dice system keeps beside a campaign and its characters (core/systems.py)."""

from django.db.models.signals import post_save
from django.utils.translation import gettext as _

from campaign.models import Campaign, Membership
from characters.models import Character
from core.refused import Refused
from core.systems import DiceSystem


def sheet_for(sheet_model, character: Character, locked: bool = False):
    """The character's ``sheet_model`` row, made with its defaults the first time it is asked for."""
    sheet, _created = sheet_model.objects.get_or_create(character=character)
    return sheet_model.objects.locked(pk=sheet.pk) if locked else sheet


def own_character(membership: Membership, character_id) -> Character:
    """A character of the campaign this member plays (a GM, any), or a refusal."""
    character = Character.objects.filter(campaign=membership.campaign, pk=character_id).first()
    if character is None or not character.editable_by(membership):
        raise Refused(_("That character is not yours to play."))
    return character


def keep_sheets(system: DiceSystem, sheet_model) -> None:
    """Every character of a campaign on ``system`` has its ``sheet_model`` row from the start, and
    gets one when its campaign switches to ``system`` (allowed while it has no rolls), so that
    every screen can show its numbers. ``sheet_model`` has a one-to-one ``character``."""

    def on_create(sender, instance, created, raw=False, **kwargs):
        if created and not raw and instance.campaign.system == system.value:
            # What its creator said the sheet starts with (characters/actions.py create_character).
            sheet_model.objects.get_or_create(character=instance, defaults=getattr(instance, "sheet_starts", {}))

    def on_switch(sender, instance, raw=False, update_fields=None, **kwargs):
        if raw or instance.system != system.value or (update_fields and "system" not in update_fields):
            return
        have = sheet_model.objects.filter(character__campaign=instance).values("character")
        sheet_model.objects.bulk_create([sheet_model(character=c) for c in instance.characters.exclude(pk__in=have)])

    post_save.connect(on_create, sender=Character, weak=False, dispatch_uid=f"{system.value}-sheet")
    post_save.connect(on_switch, sender=Campaign, weak=False, dispatch_uid=f"{system.value}-sheets-on-switch")


def keep_setup(system: DiceSystem, setup_model) -> None:
    """Every campaign on ``system`` has its ``setup_model`` row from its creation, and gets one when
    it switches to ``system``, as ``keep_sheets`` does for sheets. ``setup_model`` has a one-to-one
    ``campaign``."""

    def on_save(sender, instance, created, raw=False, update_fields=None, **kwargs):
        if raw or instance.system != system.value or (update_fields and "system" not in update_fields):
            return
        if created:
            setup_model.objects.create(campaign=instance)
        else:
            setup_model.objects.get_or_create(campaign=instance)

    post_save.connect(on_save, sender=Campaign, weak=False, dispatch_uid=f"{system.value}-setup")
