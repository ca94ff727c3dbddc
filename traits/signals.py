"""A character of a Traits & Consequence campaign has its sheet from the start."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from campaign.models import Campaign
from characters.models import Character
from gamerules.systems import DiceSystem
from traits.models import Sheet


@receiver(post_save, sender=Character, dispatch_uid="traits-sheet")
def give_a_sheet(sender, instance, created, raw=False, **kwargs):
    if created and not raw and instance.campaign.system == DiceSystem.TRAITS.value:
        Sheet.objects.get_or_create(character=instance)


@receiver(post_save, sender=Campaign, dispatch_uid="traits-sheets-on-switch")
def give_sheets(sender, instance, raw=False, update_fields=None, **kwargs):
    """A campaign switched to this system (allowed while it has no rolls): every character gets
    its sheet, so that every screen can show its numbers."""
    if raw or instance.system != DiceSystem.TRAITS.value or (update_fields and "system" not in update_fields):
        return
    Sheet.objects.bulk_create([Sheet(character=c) for c in instance.characters.filter(traits_sheet__isnull=True)])
