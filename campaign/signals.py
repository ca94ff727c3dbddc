"""A membership that appears or goes clears the live poll's cached answer for that user."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from campaign.live import forget_membership
from campaign.models import Membership


@receiver([post_save, post_delete], sender=Membership)
def membership_changed(sender, instance, **kwargs):
    forget_membership(instance.campaign_id, instance.user_id)
