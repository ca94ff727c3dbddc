"""The Goals Extra's two dials, played through the views with scripted dice: rolling to advance
("Dial: Rolling to Advance") and rolling to resolve ("Dial: Rolling to Resolve")."""

import pytest
from django.urls import reverse

from charge.models import Goal, Setup
from rolls.models import Roll
from tests.helpers import HTMX, fresh


def dialled(crew, *dials):
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={"extras": ["goals"], "extra_dials": list(dials)})
    crew.campaign.refresh_from_db()
    return crew


def goal_of(crew, difficulty="easy", filled=0, size=8):
    return Goal.objects.create(character=crew.ada, name="Find who betrayed my sister", difficulty=difficulty,
                               filled=filled, size=size)


def progress(crew, goal):
    return crew.client("gm").post(reverse("character_goal", args=[crew.campaign.pk, crew.ada.pk]),
                                  {"advance": goal.pk}, **HTMX)


def roll(crew, goal, mode, who="player", **data):
    url = reverse("roll_goal", args=[crew.campaign.pk, goal.pk, mode])
    return crew.client(who).post(url, {"key": f"k-{Roll.objects.count()}-{mode}", **data}, follow=True)


@pytest.mark.parametrize(("faces", "ticked"), [((3, 2), 0), ((5, 1), 2), ((6, 2), 3), ((6, 6), 4)])
def test_progress_on_an_easy_goal_is_rolled_with_2_dice(crew, dice, faces, ticked):
    """1-3 none; 4-5 one fewer than 3; 6 ticks 3; 66 ticks one more, "so 4 segments for easy"."""
    dialled(crew, "goals_roll_to_advance")
    goal = goal_of(crew)
    sheet = progress(crew, goal).text
    assert fresh(goal).due == 1 and fresh(goal).filled == 0
    assert "Roll to advance" in crew.client("player").get(crew.ada.get_absolute_url()).text
    assert "Roll to advance" in sheet
    dice(*faces)
    page = roll(crew, goal, "advance", pool=2)
    goal = fresh(goal)
    assert (goal.filled, goal.due) == (ticked, 0)
    made = Roll.objects.latest("pk")
    assert (made.kind, made.pool_size, made.dice) == ("goal", 2, list(faces))
    expected = f"{ticked} segments ticked." if ticked else "no progress this time."
    assert f"Find who betrayed my sister: {expected}" in page.text


def test_rolling_to_advance_shows_its_exact_odds_and_needs_the_gms_progress(crew, dice):
    dialled(crew, "goals_roll_to_advance")
    goal = goal_of(crew, difficulty="hard")
    url = reverse("roll_goal", args=[crew.campaign.pk, goal.pk, "advance"])
    page = crew.client("player").get(url).text
    # Hard ticks 1: a 4-5 ticks none, so no tick is 1-3 or 4-5: (5/6)^2 = 25/36.
    assert "No tick:" in page and "25/36" in page and "1 segment ticked:" in page and "2 segments ticked:" in page
    odds = crew.client("player").get(url, {"pool": 1, "key": "x"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="goal-odds")
    assert "5/6" in odds.text and "<form" not in odds.text
    dice(6, 6)
    refused = roll(crew, goal, "advance", pool=2)
    assert "No progress to roll for Find who betrayed my sister" in refused.text
    assert fresh(goal).filled == 0 and not Roll.objects.exists()


def test_another_player_cannot_roll_ada_s_goal_and_a_dial_off_hides_the_page(crew):
    dialled(crew, "goals_roll_to_advance")
    goal = goal_of(crew)
    progress(crew, goal)
    url = reverse("roll_goal", args=[crew.campaign.pk, goal.pk, "advance"])
    assert crew.client("other_player").get(url).status_code == 404
    assert crew.client("other_player").post(url, {"key": "k", "pool": 2}).status_code == 404
    assert crew.client("outsider").get(url).status_code == 404
    assert crew.client("gm").get(url).status_code == 200
    resolve = reverse("roll_goal", args=[crew.campaign.pk, goal.pk, "resolve"])
    assert crew.client("player").get(resolve).status_code == 404
    assert crew.client("player").get(reverse("roll_goal", args=[crew.campaign.pk, goal.pk, "other"])).status_code == 404


def test_a_double_submit_rolls_once(crew, dice):
    dialled(crew, "goals_roll_to_advance")
    goal = goal_of(crew)
    progress(crew, goal)
    dice(6, 2)
    url = reverse("roll_goal", args=[crew.campaign.pk, goal.pk, "advance"])
    for _ in range(2):
        crew.client("player").post(url, {"key": "same", "pool": 2})
    assert Roll.objects.count() == 1 and fresh(goal).filled == 3


@pytest.mark.parametrize(("faces", "ended", "dots"), [((3,), "lost", 0), ((5, 2), "done", 1), ((6, 1), "done", 2),
                                                      ((6, 6), "done", 3)])
def test_rolling_to_resolve_a_medium_goal_at_5_of_8_rolls_1_die(crew, dice, faces, ended, dots):
    """Between 1/2 and 3/4: like 1 dot. 1-3 lost; 4-5 one less of 2 dots; 6 the 2 dots; 66 one
    more (1 die cannot roll 66: the 6-6 script shows the second die is never rolled)."""
    dialled(crew, "goals_roll_to_resolve")
    goal = goal_of(crew, difficulty="medium", filled=5)
    dice(*faces)
    page = roll(crew, goal, "resolve", partial="dot")
    goal, ada = fresh(goal), fresh(crew.ada)
    made = Roll.objects.latest("pk")
    assert made.pool_size == 1 and made.dice == [faces[0]]
    if faces == (6, 6):
        ended, dots = "done", 2
    assert (goal.ended, ada.charge.goal_dots) == (ended, dots)
    assert ("the goal is lost" in page.text) == (ended == "lost")


def test_a_partial_with_a_consequence_keeps_every_dot(crew, dice):
    dialled(crew, "goals_roll_to_resolve")
    goal = goal_of(crew, difficulty="hard", filled=8)
    dice(4, 2, 1)
    page = roll(crew, goal, "resolve", partial="consequence")
    assert Roll.objects.latest("pk").pool_size == 3
    assert fresh(crew.ada).charge.goal_dots == 3 and fresh(goal).ended == "done"
    assert "3 talent dots to place. And a consequence, as the GM says." in page.text


def test_too_soon_to_resolve_and_a_full_clock_waits_for_the_roll(crew, dice):
    """Up to a quarter of the clock, no roll; with this dial a full clock gives no dots by itself."""
    dialled(crew, "goals_roll_to_resolve")
    goal = goal_of(crew, difficulty="easy", filled=2)
    sheet = crew.client("player").get(crew.ada.get_absolute_url()).text
    assert "Roll to resolve" not in sheet
    assert "Too soon" in roll(crew, goal, "resolve", partial="dot").text
    assert fresh(goal).ended == "" and not Roll.objects.exists()
    for _ in range(2):
        progress(crew, goal)
    goal = fresh(goal)
    assert (goal.filled, goal.ended, fresh(crew.ada).charge.goal_dots) == (8, "", 0)
    assert "Roll to resolve (3d)" in crew.client("player").get(crew.ada.get_absolute_url()).text
    assert "clock is full: roll to resolve it" in progress(crew, goal).text


def test_without_the_dials_the_gm_ticks_and_a_full_goal_completes(crew):
    dialled(crew)
    goal = goal_of(crew, filled=6)
    progress(crew, goal)
    assert fresh(goal).ended == "done" and fresh(crew.ada).charge.goal_dots == 1


def test_a_goal_roll_shows_in_the_log_on_the_table_and_the_console(crew, dice):
    dialled(crew, "goals_roll_to_resolve")
    goal = goal_of(crew, filled=8)
    dice(6, 2, 1)
    roll(crew, goal, "resolve", partial="dot")
    c = crew.campaign.pk
    for who, name in (("player", "rolls"), ("other_player", "table"), ("gm", "console"), ("other_player", "campaign")):
        page = crew.client(who).get(reverse(name, args=[c]))
        assert page.status_code == 200 and "Find who betrayed my sister" in page.text, (who, name)
