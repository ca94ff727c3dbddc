"""The sheet rows another dice system keeps beside a character (core/systems.py)."""

from django.db.models.signals import post_save

from campaign.models import Campaign
from characters.models import Character
from gamerules.systems import DiceSystem


def keep_sheets(system: DiceSystem, sheet_model) -> None:
    """Every character of a campaign on ``system`` has its ``sheet_model`` row from the start, and
    gets one when its campaign switches to ``system`` (allowed while it has no rolls), so that
    every screen can show its numbers. ``sheet_model`` has a one-to-one ``character``."""

    def on_create(sender, instance, created, raw=False, **kwargs):
        if created and not raw and instance.campaign.system == system.value:
            sheet_model.objects.get_or_create(character=instance)

    def on_switch(sender, instance, raw=False, update_fields=None, **kwargs):
        if raw or instance.system != system.value or (update_fields and "system" not in update_fields):
            return
        have = sheet_model.objects.filter(character__campaign=instance).values("character")
        sheet_model.objects.bulk_create([sheet_model(character=c) for c in instance.characters.exclude(pk__in=have)])

    post_save.connect(on_create, sender=Character, weak=False, dispatch_uid=f"{system.value}-sheet")
    post_save.connect(on_switch, sender=Campaign, weak=False, dispatch_uid=f"{system.value}-sheets-on-switch")
