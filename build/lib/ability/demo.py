"""The demo's third campaign, on the Ability vs Difficulty system: three delvers with skill sets,
specializations and boosts, an action roll with teamwork in the log, a quick action roll, and an
action roll waiting for the director."""

import random

from ability import actions
from ability.models import Boost, Skill
from campaign import actions as campaign_actions
from campaign.models import Campaign, Membership, Role
from characters.models import Character
from clocks.actions import create_clock
from clocks.models import Clock

NAME = "The Drowned Spires"
PITCH = ("The sea fell back from the old city overnight. Three delvers climb its spires before the tide and the "
         "salvage guilds return.")
DELVERS = [
    # player, name, concept, grit, skills (name, die, specialization), boosts (name, die, applies to, constraints)
    ("xavier", "Maren", "A steeplejack who never looks down", 1,
     [("Climbing", 10, False), ("Athletics", 6, False), ("Free soloing", 12, True)],
     [("Rope and pitons", 6, "climbing", "an anchor point within reach")]),
    ("yann", "Tobias", "A salvage-guild deserter with a ledger of debts", 0,
     [("Salvage", 8, False), ("Persuasion", 6, False)],
     [("Guild seal (forged)", 4, "talking to guild folk", "not to anyone who knew him")]),
    ("zoe", "Isk", "A tide-reader raised by lighthouse keepers", 2,
     [("Tide lore", 8, False), ("Swimming", 6, False)],
     [("Brass tide-glass", 6, "reading the water", "in daylight")]),
]


def load(users, gm_name, player_names) -> Campaign:
    gm = users[gm_name]
    existing = Campaign.objects.filter(name=NAME, memberships__user=gm).first()
    if existing:
        return existing
    campaign = campaign_actions.create_campaign(gm, name=NAME, pitch=PITCH, system="ability",
                                                gm_notes="The tide returns in three days, not seven.")
    for name in player_names:
        Membership.objects.create(campaign=campaign, user=users[name], role=Role.PLAYER)
    characters = {}
    for player, name, concept, grit, skills, boosts in DELVERS:
        character = Character.objects.create(campaign=campaign, owner=users[player], name=name, concept=concept,
                                             created=True)
        actions.sheet_of(character)
        character.ability_sheet.grit = grit
        character.ability_sheet.save(update_fields=["grit"])
        Skill.objects.bulk_create([Skill(character=character, name=skill, die=die, specialization=spec)
                                   for skill, die, spec in skills])
        Boost.objects.bulk_create([Boost(character=character, name=boost, die=die, applies_to=applies, constraints=limits)
                                   for boost, die, applies, limits in boosts])
        characters[name] = character
    _played(campaign, users, gm_name, characters)
    return campaign


def _played(campaign, users, gm_name, characters):
    """Maren climbed the Bell Spire with Isk's help; Tobias's bluff waits for the director."""
    gm = campaign.memberships.get(user=users[gm_name])
    maren, tobias, isk = characters["Maren"], characters["Tobias"], characters["Isk"]
    climber = campaign.memberships.get(user=maren.owner)
    spire = create_clock(gm, Clock(name="Reach the Bell Spire's top", size=6, who_may_tick="members"))
    action = actions.start_action(climber, actions.ActionStart(
        character_id=maren.pk, intent="Climb the Bell Spire's broken face", skill_id=maren.skills.get(name="Climbing").pk,
        boost_ids=tuple(maren.boosts.values_list("pk", flat=True)), clock_id=spire.pk), key="demo-maren")
    actions.direct(gm, action.pk, 8, "disadvantage", risks="Loose masonry; a fall costs the rope")
    dice = random.Random(11)  # the demo's dice: the same story every time
    reader = campaign.memberships.get(user=isk.owner)
    actions.help_action(reader, action.pk, isk.pk, isk.skills.get(name="Tide lore").pk, rng=dice)
    actions.roll_action(climber, action.pk, rng=dice)
    actions.quick_roll(reader, isk.pk, isk.skills.get(name="Tide lore").pk, 6, "When does the tide turn?",
                       key="demo-isk-quick", rng=dice)
    talker = campaign.memberships.get(user=tobias.owner)
    actions.start_action(talker, actions.ActionStart(
        character_id=tobias.pk, intent="Talk the guild lookout into looking away",
        skill_id=tobias.skills.get(name="Persuasion").pk), key="demo-tobias")
