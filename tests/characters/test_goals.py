"""Goals ("Goals Extra") on the sheet: named with a difficulty, ticked by the GM, and a full
clock gives talent dots the player places."""

import pytest

from campaign.models import Campaign
from charge.models import Goal, Setup
from tests.helpers import HTMX, fresh, sheet_url, update_character


@pytest.fixture
def with_goals(table):
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": ["goals"]})
    table.campaign.refresh_from_db()
    update_character(table.character.pk, created=True, action_dots={"Sneak": 2, "Move": 1})
    return table


def post(table, who="player", **data):
    return table.client(who).post(sheet_url(table, "character_goal", table.character), data, **HTMX)


@pytest.mark.parametrize(("difficulty", "steps", "dots"), [("easy", 3, 1), ("medium", 4, 2), ("hard", 8, 3)])
def test_a_goal_fills_by_its_difficulty_and_gives_its_talent_dots(with_goals, difficulty, steps, dots):
    """8 segments; easy ticks 3, medium 2, hard 1; a full goal gives 1, 2 or 3 talent dots."""
    post(with_goals, name="Find who betrayed my sister", difficulty=difficulty)
    goal = Goal.objects.get()
    assert (goal.size, goal.filled) == (8, 0)
    for _ in range(steps):
        post(with_goals, who="gm", advance=goal.pk)
    assert fresh(goal).complete and fresh(with_goals.character).charge.goal_dots == dots
    assert "is already complete" in post(with_goals, who="gm", advance=goal.pk).text


def test_the_player_places_a_goals_dot_and_only_the_gm_ticks(with_goals):
    post(with_goals, name="Learn the old tongue", difficulty="easy")
    goal = Goal.objects.get()
    assert "The GM ticks a goal" in post(with_goals, advance=goal.pk).text and fresh(goal).filled == 0
    update_character(with_goals.character.pk, goal_dots=1)
    page = with_goals.client("player").get(sheet_url(with_goals, "character", with_goals.character)).text
    assert "1 talent dot from a finished goal" in page
    post(with_goals, place="Sneak")
    ada = fresh(with_goals.character)
    assert (ada.charge.action_dots["Sneak"], ada.charge.goal_dots) == (3, 0)
    assert "no talent dot from a goal" in post(with_goals, place="Sneak").text


def test_a_dot_is_not_placed_past_the_highest_rating(with_goals):
    update_character(with_goals.character.pk, goal_dots=1, action_dots={"Sneak": 4})
    assert "Sneak is already at 4" in post(with_goals, place="Sneak").text
    assert fresh(with_goals.character).charge.goal_dots == 1


def test_goals_need_the_extra_a_name_and_a_difficulty(with_goals, table):
    assert "Choose easy, medium or hard." in post(with_goals, name="X", difficulty="epic").text
    assert "Name the goal" in post(with_goals, name=" ", difficulty="easy").text
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": []})
    assert "does not use goals" in post(with_goals, name="X", difficulty="easy").text
    assert not Goal.objects.exists()
    assert post(with_goals, who="other_player", name="X", difficulty="easy").status_code == 404


def test_the_gm_may_give_goals_a_12_segment_clock(with_goals):
    """"Dial: Changing the Clock": "try a new clock: the 12 segment clock!"."""
    from django.urls import reverse

    from charge.forms.dials import DialsForm

    c = with_goals.campaign
    data = {**DialsForm.initial_from(c.charge.rules), "goal_clock_size": 12, "extras": ["goals"]}
    with_goals.client("gm").post(reverse("dials", args=[c.pk]), data)
    assert Campaign.objects.get(pk=c.pk).charge.rules.goal_clock_size == 12
    post(with_goals, name="Learn the old tongue", difficulty="easy")
    assert Goal.objects.get().size == 12
    bad = DialsForm(data={**data, "goal_clock_size": 10})
    assert not bad.is_valid()


def test_the_answer_to_finishing_a_goal_offers_its_dots_at_once(with_goals):
    post(with_goals, name="Learn the old tongue", difficulty="easy")
    goal = Goal.objects.get()
    post(with_goals, who="gm", advance=goal.pk)
    post(with_goals, who="gm", advance=goal.pk)
    last = post(with_goals, who="gm", advance=goal.pk)
    assert "1 talent dot from a finished goal" in last.text
