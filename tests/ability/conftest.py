import pytest

from ability.models import Boost, Skill
from tests.factories import CharacterFactory


@pytest.fixture
def ability_table(table):
    """The shared table, playing Ability vs Difficulty: Ada is a Skilled (d8) climber with two
    boosts (d6 and d4); Bruno, the other player's, is Trained (d6) in Athletics."""
    campaign = table.campaign
    campaign.system = "ability"
    campaign.save()
    ada = table.character
    table.climbing = Skill.objects.create(character=ada, name="Climbing", die=8)
    table.rope = Boost.objects.create(character=ada, name="Rope and pitons", applies_to="climbing",
                                      constraints="an anchor point", die=6)
    table.gloves = Boost.objects.create(character=ada, name="Grip gloves", die=4)
    table.bruno = CharacterFactory(campaign=campaign, owner=table.other_player, name="Bruno")
    table.athletics = Skill.objects.create(character=table.bruno, name="Athletics", die=6)
    return table
