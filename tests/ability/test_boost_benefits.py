"""Boosts whose benefit is not a die ("Ability": "the player should identify the boost and describe
how it will be invoked. The description should include details on satisfying constraints and any
provided benefits. If the boost provides a mechanical benefit that can increase the odds of success
on an action roll, the player can add an additional ability die"). A boost may give its benefit in
words instead of (or beside) a die: shown when invoked, in the roll's log, and no die added."""

from fractions import Fraction

from ability.models import Boost
from rolls.models import Roll
from tests.ability.test_actions import direct, start, step
from tests.ability.test_sheet import post
from tests.helpers import words


def test_a_boost_with_a_benefit_in_words_adds_no_die_and_is_told_when_invoked(ability_table, dice):
    table = ability_table
    response = post(table, "player", "ability_boost_add", {"name": "Feather fall", "die": "", "applies_to": "falling",
                                                           "benefit": "no harm from a fall"}, htmx=True)
    assert response.status_code == 200
    feather = Boost.objects.get(name="Feather fall")
    assert (feather.die, feather.benefit) == (None, "no harm from a fall")
    assert table.campaign.events.filter(text="Ada gains a boost: Feather fall (no harm from a fall).").exists()
    sheet = words(table.client("other_player").get(table.character.get_absolute_url()))
    assert "Feather fall · no harm from a fall" in sheet
    # Invoked with the rope (d6): Climbing d8 and the rope's d6 are rolled, the feather told.
    _, action = start(table, skill=table.climbing.pk, boosts=[table.rope.pk, feather.pk])
    page = words(table.client("gm").get(action.get_absolute_url()))
    assert "Ability pool: Climbing d8 · Boost: Rope and pitons d6" in page and "Feather fall d" not in page
    assert "Boost: Feather fall: no harm from a fall" in page
    direct(table, action, 10)
    # Without the feather's die the odds are those of d8 and d6 against d10, ties to the player:
    # by enumeration of all 8 x 6 x 10 faces, 251 of 480.
    chance = Fraction(sum(max(a, b) >= f for a in range(1, 9) for b in range(1, 7) for f in range(1, 11)), 480)
    assert chance == Fraction(251, 480)
    assert f'data-testid="odds-success">{chance} (' in table.client("player").get(action.get_absolute_url()).text
    dice(7, 2, 9)
    step(table, "player", "ability_roll", action)
    roll = Roll.objects.get(kind="ability")
    assert roll.dice == [7, 2] and roll.pool_size == 2  # two ability dice: no die for the feather
    assert roll.choices["benefits"] == [["Feather fall", "no harm from a fall"]]
    assert "Boost: Feather fall: no harm from a fall" in words(table.client("other_player").get(roll.get_absolute_url()))


def test_a_boost_needs_a_die_or_a_benefit_in_words(ability_table):
    table = ability_table
    response = post(table, "player", "ability_boost_add", {"name": "Vague hunch", "die": ""}, htmx=True)
    assert "Say what the boost gives: its die, or its benefit in words." in response.text
    response = post(table, "player", "ability_boost_add", {"name": "Odd die", "die": 7, "benefit": "x"}, htmx=True)
    assert "Choose a die: d4, d6, d8, d10 or d12." in response.text
    assert post(table, "other_player", "ability_boost_add", {"name": "Theft", "benefit": "x"}).status_code == 404
    assert post(table, "outsider", "ability_boost_add", {"name": "Theft", "benefit": "x"}).status_code == 404
    post(table, "player", "ability_boost_add", {"name": "Rope ladder", "die": 4, "benefit": "the whole team climbs"})
    assert Boost.objects.filter(character=table.character).count() == 3
    assert Boost.objects.get(name="Rope ladder").die == 4
