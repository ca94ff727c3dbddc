import pytest

from advantage.models import (
    Condition,
    Expertise,
    Flaw,
    Gear,
    GearFeature,
    Sheet,
    Skill,
    Threat,
    Wound,
)
from tests.factories import CharacterFactory


@pytest.fixture
def advantage_table(table):
    """The shared table, playing Advantage & Threat: Ada has Subterfuge 2 with two expertise, a
    drive, a flaw, a cloak with a PLUS feature and a MINUS one, a condition and a wound; a security
    drone (Toughness 3, Blinded) is on the table; Bruno is the other player's."""
    campaign = table.campaign
    campaign.system = "advantage"
    campaign.save()
    ada = table.character
    Sheet.objects.filter(character=ada).update(drive="Free my brother")
    table.skill = Skill.objects.create(character=ada, name="Subterfuge", rank=2)
    table.sneak = Expertise.objects.create(skill=table.skill, name="Sneak")
    table.disguise = Expertise.objects.create(skill=table.skill, name="Disguise")
    table.flaw = Flaw.objects.create(character=ada, name="Reckless")
    cloak = Gear.objects.create(character=ada, name="Chameleon cloak")
    table.camo = GearFeature.objects.create(gear=cloak, name="Active camouflage", plus=True)
    table.bulky = GearFeature.objects.create(gear=cloak, name="Bulky", plus=False)
    table.condition = Condition.objects.create(character=ada, name="Exhausted")
    table.wound = Wound.objects.create(character=ada, name="Cracked rib", level=2)
    table.drone = Threat.objects.create(campaign=campaign, name="Security drone", toughness=3, current=3,
                                        conditions="Blinded")
    table.bruno = CharacterFactory(campaign=campaign, owner=table.other_player, name="Bruno")
    return table
