"""The coin flip's demo campaign: one character, one flip in the log."""

import random

from campaign import actions as campaign_actions
from campaign.models import Campaign, Membership, Role
from characters.models import Character
from tests.toy import actions

NAME = "Heads or Tails"


def load(users, gm_name, player_names) -> Campaign:
    gm = users[gm_name]
    if existing := Campaign.objects.filter(name=NAME, memberships__user=gm).first():
        return existing
    campaign = campaign_actions.create_campaign(gm, name=NAME, system="toy")
    player = Membership.objects.create(campaign=campaign, user=users[player_names[0]], role=Role.PLAYER)
    character = Character.objects.create(campaign=campaign, owner=player.user, name="Penny", created=True)
    actions.flip(player, character.pk, "heads", key=f"demo-toy-{campaign.pk}", rng=random.Random(1))
    return campaign
