"""The demo's fourth campaign, on the Advantage & Threat system: three operators with skills,
expertise, drives, flaws, gear and augmentations; a job under way, a drone on the table, a check
in the log that marked the vault's clock, and a pool being built."""

import random

from advantage import actions, crew
from advantage.models import Condition, Expertise, Flaw, Gear, GearFeature, Skill, Threat
from campaign import actions as campaign_actions
from campaign.models import Campaign, Membership, Role
from characters.models import Character
from clocks.actions import create_clock
from clocks.models import Clock

NAME = "Neon Arcology"
PITCH = "Three operators, one arcology, and a vault nobody has cracked. The job pays; the city collects."
OPERATORS = [
    # player, name, concept, drive, skills {name: (rank, [expertise])}, flaw, gear (name, augmentation, features)
    ("xavier", "Vex", "A face who talks her way through any door", "Get my sister out of the arcology",
     {"Influence": (3, ["Fast talk", "Intimidate"]), "Subterfuge": (1, ["Disguise"])}, "Can't back down",
     [("Smart-lenses", True, [("Facial recognition", True)])]),
    ("yann", "Rook", "A hacker who never leaves the van", "Pay off the Kowloon debt",
     {"Tech": (3, ["Intrusion", "Drones"]), "Awareness": (2, [])}, "Paranoid",
     [("Deck", False, [("Military ICE-breaker", True), ("Overheats", False)])]),
    ("zoe", "Ash", "An ex-corporate bodyguard", "Never lose a client again",
     {"Fighting": (3, ["Close quarters"]), "Mobility": (2, ["Parkour"])}, "Loyal to a fault",
     [("Subdermal armour", True, [("Shrugs off blades", True)]), ("Heavy pistol", False, [("Loud", False)])]),
]


def load(users, gm_name, player_names) -> Campaign:
    gm = users[gm_name]
    existing = Campaign.objects.filter(name=NAME, memberships__user=gm).first()
    if existing:
        return existing
    campaign = campaign_actions.create_campaign(gm, name=NAME, pitch=PITCH, system="advantage",
                                                gm_notes="The vault is empty: the client wants the guards' logs.")
    for name in player_names:
        Membership.objects.create(campaign=campaign, user=users[name], role=Role.PLAYER)
    characters = {}
    for player, name, concept, drive, skills, flaw, gear in OPERATORS:
        character = Character.objects.create(campaign=campaign, owner=users[player], name=name, concept=concept,
                                             created=True)
        sheet = actions.sheet_of(character)
        sheet.drive = drive
        sheet.save(update_fields=["drive"])
        for skill_name, (rank, expertise) in skills.items():
            skill = Skill.objects.create(character=character, name=skill_name, rank=rank)
            Expertise.objects.bulk_create([Expertise(skill=skill, name=e) for e in expertise])
        Flaw.objects.create(character=character, name=flaw)
        for gear_name, augmentation, features in gear:
            item = Gear.objects.create(character=character, name=gear_name, augmentation=augmentation)
            GearFeature.objects.bulk_create([GearFeature(gear=item, name=f, plus=plus) for f, plus in features])
        characters[name] = character
    Condition.objects.create(character=characters["Ash"], name="Bruised")
    _played(campaign, users, gm_name, characters)
    return campaign


def _played(campaign, users, gm_name, characters):
    """Rook sliced the vault's ICE (a check in the log); Vex's bluff is being built."""
    gm = campaign.memberships.get(user=users[gm_name])
    crew.start_job(gm, "The Arcology vault")
    drone = Threat.objects.create(campaign=campaign, name="Security drone", toughness=2, current=2, conditions="Blinded")
    vault = create_clock(gm, Clock(name="Crack the Vault", size=6, who_may_tick="members"))
    rook, vex = characters["Rook"], characters["Vex"]
    hacker = campaign.memberships.get(user=rook.owner)
    tech = rook.advantage_skills.get(name="Tech")
    check = actions.start_check(hacker, actions.CheckStart(
        character_id=rook.pk, intent="Slice the vault's ICE from the van", skill_id=tech.pk,
        expertise_ids=tuple(tech.expertise.filter(name="Intrusion").values_list("pk", flat=True)), clock_id=vault.pk),
        key="demo-rook")
    breaker = rook.gear.get().features.get(plus=True)
    actions.add_factor(hacker, check.pk, "gear", 1, ref=breaker.pk)
    actions.add_factor(gm, check.pk, "situation", -1, "The ICE is watching for intruders")
    actions.confirm(gm, check.pk)
    dice = random.Random(5)  # the demo's dice: the same story every time
    actions.roll_check(hacker, check.pk, rng=dice)  # nothing left to spend: done at once, the vault marked
    face = campaign.memberships.get(user=vex.owner)
    influence = vex.advantage_skills.get(name="Influence")
    bluff = actions.start_check(face, actions.CheckStart(
        character_id=vex.pk, intent="Talk the lobby guard into calling the lift", skill_id=influence.pk,
        threat_id=drone.pk, drive=False), key="demo-vex")
    actions.add_factor(face, bluff.pk, "situation", 1, "A forged maintenance order")
