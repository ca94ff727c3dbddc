"""Talents in a roll ("Milestone": situational talents)."""


from rolls.models import Roll
from tests.factories import TalentFactory
from tests.helpers import on_its_way, wizard


def test_use_one_action_instead_of_another_rolls_the_other_actions_dots(crew, dice):
    """"Use [action] instead of [action] when ___": Ada rolls Sneak's 2 dice for a Notice roll."""
    swap = TalentFactory(character=crew.ada, slot=2, kind="swap", action="Sneak", instead_of="Notice",
                         situation="in the dark")
    url = on_its_way(crew, action="Notice").get_absolute_url()
    step3 = crew.client("player").get(url).content.decode()
    assert "Use Sneak instead of Notice when in the dark" in step3
    dice(6, 2)
    wizard(crew, action="Notice", talents=[swap.pk])
    roll = Roll.objects.get()
    assert (roll.action, roll.pool_size, roll.dice_sources) == ("Notice", 2, ["rating", "rating"])


def test_a_swap_talent_only_replaces_its_own_action(crew, dice):
    swap = TalentFactory(character=crew.ada, slot=2, kind="swap", action="Sneak", instead_of="Notice",
                         situation="in the dark")
    dice(6, 2)
    response = wizard(crew, action="Move", talents=[swap.pk])
    assert "Select a valid choice" in response.content.decode()
    assert not Roll.objects.exists()
