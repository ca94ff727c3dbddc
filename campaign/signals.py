"""A membership that appears or goes clears the live poll's cached answer for that user; the
campaign's own models change its live version."""

from django.db.models.signals import post_delete, post_save, pre_delete
from django.dispatch import receiver

from campaign import live
from campaign.models import (
    Campaign,
    Event,
    GameSession,
    HookDraw,
    Membership,
    Milestone,
    PartyDetail,
    Resource,
    ResourcePool,
    WorldForce,
    WorldTable,
)


@receiver([post_save, post_delete], sender=Membership)
def membership_changed(sender, instance, **kwargs):
    live.forget_membership(instance.campaign_id, instance.user_id)


@receiver(pre_delete, sender=WorldForce)
def force_deleted(sender, instance, **kwargs):
    """Lines about a force players never saw stay the GM's once the force is gone."""
    if not instance.shown_to_players:
        instance.events.update(gm_only=True)


live.follow(Membership, WorldForce, Event, GameSession, Milestone, PartyDetail, WorldTable, HookDraw, Resource)
live.follow(ResourcePool, campaign="resource.campaign_id")
live.follow(Campaign, campaign="pk")
