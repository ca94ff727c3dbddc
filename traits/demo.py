"""The demo's second campaign, on the Traits & Consequence system: three heroes with Stats,
Powers, Traits (some ©-tagged) and Items, one conflict in the log and one waiting for the GM."""

import random

from campaign import actions as campaign_actions
from campaign.models import Campaign, Membership, Role
from characters.models import Character
from traits import actions
from traits.models import Feature, FeatureKind, Sheet

NAME = "Capes over Harbour City"
PITCH = ("Harbour City burns every night. Three heroes with more Consequence than sense stand between "
         "the docks and the Syndicate.")
HEROES = [
    # player, name, concept, stats, consequence, features (kind, name, value, tagged, applies to)
    ("xavier", "Brick", "A dock worker who can lift a tram",
     {"Muscle": 4, "Perception": 2, "Focus": 2, "Speed": 1, "Charisma": 2, "Stoicism": 3}, 2,
     [("power", "Super-Strength", 2, False, "lifting, punching"), ("trait", "Nasty Uppercut", 1, False, ""),
      ("trait", "Owes the Syndicate", 1, True, ""), ("item", "A length of anchor chain", 2, False, "")]),
    ("yann", "Vesper", "A night-shift nurse who hears lies",
     {"Muscle": 1, "Perception": 4, "Focus": 3, "Speed": 2, "Charisma": 3, "Stoicism": 2}, 0,
     [("power", "Truth-sense", 1, False, "reading people"), ("trait", "Calm in a crisis", 1, False, ""),
      ("trait", "Horribly nearsighted", 1, True, ""), ("item", "Doctor's bag", 1, False, "")]),
    ("zoe", "Skip", "A courier faster than the trams",
     {"Muscle": 2, "Perception": 3, "Focus": 2, "Speed": 4, "Charisma": 2, "Stoicism": 1}, 4,
     [("power", "Blur", 2, True, "running, dodging"), ("trait", "Knows every alley", 1, False, ""),
      ("trait", "Can't stand still", 1, False, ""), ("item", "Sprung boots", 2, False, "")]),
]


def load(users, gm_name, player_names) -> Campaign:
    gm = users[gm_name]
    existing = Campaign.objects.filter(name=NAME, memberships__user=gm).first()
    if existing:
        return existing
    campaign = campaign_actions.create_campaign(gm, name=NAME, pitch=PITCH, system="traits",
                                                gm_notes="The Syndicate's boss is Vesper's brother.")
    for name in player_names:
        Membership.objects.create(campaign=campaign, user=users[name], role=Role.PLAYER)
    characters = {}
    for player, name, concept, stats, consequence, features in HEROES:
        character = Character.objects.create(campaign=campaign, owner=users[player], name=name, concept=concept,
                                             created=True)
        Sheet.objects.filter(character=character).update(
            stats={stat: {"rating": value, "current": value} for stat, value in stats.items()},
            consequence=consequence)
        Feature.objects.bulk_create([Feature(character=character, kind=FeatureKind(kind), name=fname, value=value,
                                             tagged=tagged, applies_to=applies)
                                     for kind, fname, value, tagged, applies in features])
        characters[name] = character
    _played(campaign, users, gm_name, characters)
    return campaign


def _played(campaign, users, gm_name, characters):
    """Brick punched through a door (a whole success); Skip's chase waits for the GM."""
    gm = campaign.memberships.get(user=users[gm_name])
    brick, skip = characters["Brick"], characters["Skip"]
    player = campaign.memberships.get(user=brick.owner)
    power = brick.features.get(kind=FeatureKind.POWER)
    start = actions.ConflictStart(character_id=brick.pk, stakes="Do you get into the warehouse?",
                                  solution="I punch the door off its hinges", stat="Muscle", power_ids=(power.pk,))
    conflict = actions.start_conflict(player, start, key="demo-brick")
    dice = random.Random(7)  # the demo's dice: the same story every time
    actions.set_gm_successes(gm, conflict.pk, dice=3, rng=dice)
    actions.roll_stat(player, conflict.pk, rng=dice)  # won with the Stat and the Power: resolved at once
    runner = campaign.memberships.get(user=skip.owner)
    actions.start_conflict(runner, actions.ConflictStart(
        character_id=skip.pk, stakes="Do you catch the Syndicate's runner?", solution="I cut through the fish market",
        stat="Speed"), key="demo-skip")
