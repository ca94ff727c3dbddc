"""A membership that appears or goes clears the live poll's cached answer for that user; every
model of a campaign changes its live version."""

from django.db.models.signals import post_delete, post_save, pre_delete
from django.dispatch import receiver

from campaign import live
from campaign.models import Membership, WorldForce


@receiver([post_save, post_delete], sender=Membership)
def membership_changed(sender, instance, **kwargs):
    live.forget_membership(instance.campaign_id, instance.user_id)


@receiver(pre_delete, sender=WorldForce)
def force_deleted(sender, instance, **kwargs):
    """Lines about a force players never saw stay the GM's once the force is gone."""
    if not instance.shown_to_players:
        instance.events.update(gm_only=True)


live.follow_every_campaign_model()  # every app's models are loaded by now
