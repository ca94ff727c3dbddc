"""Fewer taps in an action roll, through the views without htmx: started from a skill on the
sheet, the director's difficulty in one button; nothing is saved on bad input."""

import re

from django.urls import reverse

from ability.models import Action, Skill
from tests.ability.test_actions import start, step


def test_a_skill_on_the_sheet_starts_an_action_roll_with_it(ability_table):
    table = ability_table
    ada = table.character
    lore = Skill.objects.create(character=ada, name="Lore", die=6)
    url = reverse("ability_action_new", args=[table.campaign.pk])
    link = f"{url}?character={ada.pk}&amp;skill={lore.pk}"
    for who, linked in (("player", True), ("gm", True), ("other_player", False)):
        assert (link in table.client(who).get(ada.get_absolute_url()).text) is linked, who
    page = table.client("player").get(url, {"character": ada.pk, "skill": lore.pk}).text
    assert re.search(rf'value="{lore.pk}"\s+checked', page)
    assert not re.search(rf'value="{table.climbing.pk}"\s+checked', page)
    _, action = start(table)
    assert link not in table.client("player").get(ada.get_absolute_url()).text  # one on its way


def test_the_director_sets_the_difficulty_in_one_button(ability_table):
    """Each difficulty is a button sending the position and risks with it; the form's default
    button (Enter in the risks) sends no difficulty until one is set, and is refused."""
    table = ability_table
    _, action = start(table, skill=table.climbing.pk)
    page = table.client("gm").get(action.get_absolute_url()).text
    assert 'name="difficulty" value="8"' in page and 'name="difficulty" value=""' in page
    assert 'name="difficulty" value="8"' not in table.client("player").get(action.get_absolute_url()).text
    step(table, "gm", "ability_direct", action, {"difficulty": "", "position": "none", "risks": "Loose masonry"})
    action.refresh_from_db()
    assert (action.difficulty, action.risks) == (None, "")
    step(table, "gm", "ability_direct", action, {"difficulty": 8, "position": "disadvantage", "risks": "Loose masonry"})
    action.refresh_from_db()
    assert (action.difficulty, action.position, action.risks) == (8, "disadvantage", "Loose masonry")
    assert 'name="difficulty" value="8"' in table.client("gm").get(action.get_absolute_url()).text
    assert step(table, "player", "ability_direct", action, {"difficulty": 4, "position": "none"}).status_code == 404
    assert Action.objects.get().difficulty == 8
