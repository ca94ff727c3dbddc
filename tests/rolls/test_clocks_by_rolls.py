"""What a roll does to clocks, through the pages with scripted dice ("Clocks", "Opposing Clocks",
"Long-term Projects", "Complication")."""

import pytest
from django.urls import reverse

from charge.landed import aftermath
from clocks.models import Clock, WhoMayTick
from rolls.models import Roll
from tests.factories import ClockFactory
from tests.helpers import HTMX, fresh, wizard


def settle(crew, roll, **consequence):
    c = crew.campaign.pk
    if consequence:
        crew.client("gm").post(reverse("roll_consequence", args=[c, roll.pk]),
                               {"target": crew.ada.pk, **consequence})
        crew.client("player").post(reverse("roll_accept", args=[c, roll.pk]))


def progress(crew, roll, clock, who="player"):
    return crew.client(who).post(reverse("roll_progress", args=[crew.campaign.pk, roll.pk]),
                                 {"clock": clock.pk}, **HTMX)


@pytest.fixture
def tug(crew):
    """An opposed clock at 4/8 whose filling side is the characters'."""
    return ClockFactory(campaign=crew.campaign, name="Race the fan favourite", kind="opposed", size=8,
                        filled=4, side_a="The crew", side_b="The favourite", who_may_tick=WhoMayTick.MEMBERS)


def test_an_opposed_clock_moves_toward_the_characters_on_success_and_away_on_a_consequence(crew, dice, tug):
    dice(4, 3)  # Sneak 2: a partial success, standard effect, moderate risk
    wizard(crew)
    roll = Roll.objects.get()
    settle(crew, roll, kind="complication", clock=tug.pk)
    assert fresh(tug).filled == 2  # the consequence: 2 toward the other side
    progress(crew, roll, tug)
    assert fresh(tug).filled == 4  # the success: 2 toward the characters' side


def test_when_the_characters_empty_an_opposed_clock_a_success_empties_it(crew, dice, tug):
    Clock.objects.filter(pk=tug.pk).update(characters_fill=False)
    dice(6, 3)  # a full success, standard effect
    wizard(crew)
    progress(crew, Roll.objects.get(), tug)
    assert fresh(tug).filled == 2


def test_a_success_ticks_no_danger_clock_and_a_complication_no_progress_clock(crew, dice):
    dice(4, 3)
    wizard(crew)
    roll = Roll.objects.get()
    c = crew.campaign.pk
    response = crew.client("gm").post(reverse("roll_consequence", args=[c, roll.pk]),
                                      {"kind": "complication", "target": crew.ada.pk, "clock": crew.vault.pk},
                                      **HTMX)
    assert "A complication ticks a danger clock" in response.content.decode()
    assert fresh(crew.vault).filled == 0 and aftermath(fresh(roll)).consequence is None
    settle(crew, roll, kind="worse_condition")
    response = progress(crew, roll, crew.alert, who="gm")
    assert "Choose a progress clock" in response.content.decode()
    assert fresh(crew.alert).filled == 0 and aftermath(fresh(roll)).progress is None


def test_a_complication_may_start_a_new_danger_clock(crew, dice):
    dice(4, 3)
    wizard(crew)
    roll = Roll.objects.get()
    settle(crew, roll, kind="complication", clock="", new_clock="The watch is looking for us", new_clock_size=6)
    clock = Clock.objects.get(name="The watch is looking for us")
    assert (clock.kind, clock.size, clock.filled) == ("danger", 6, 2)  # moderate risk: 2 segments


def test_a_project_moves_only_by_a_roll_made_for_it_once_per_session(crew, dice):
    project = ClockFactory(campaign=crew.campaign, character=crew.ada, name="Buy back the boat",
                           kind="project", size=6, who_may_tick=WhoMayTick.OWNER)
    dice(6, 2)  # a full success, standard effect: the project ticks 2
    wizard(crew)
    response = progress(crew, Roll.objects.get(), project)
    assert "moves only by a roll made to work on it" in response.content.decode()
    assert fresh(project).filled == 0
    dice(6, 2)
    wizard(crew, project=project.pk)
    worked = Roll.objects.latest("pk")
    progress(crew, worked, project)
    assert fresh(project).filled == 2 and fresh(project).worked_in == crew.session
    response = wizard(crew, project=project.pk)
    assert "Ada already worked on Buy back the boat in Session 1." in response.content.decode()
    assert Roll.objects.count() == 2
    assert "Ada worked on Buy back the boat: 0→2." in crew.campaign.events.values_list("text", flat=True)


def test_a_project_needs_a_running_session(crew, dice):
    project = ClockFactory(campaign=crew.campaign, character=crew.ada, name="Boat", kind="project",
                           size=6, who_may_tick=WhoMayTick.OWNER)
    crew.session.delete()
    dice(6, 2)
    response = wizard(crew, project=project.pk)
    assert "none is running" in response.content.decode()
    assert not Roll.objects.exists()


def test_a_player_with_no_clock_to_tick_is_told_the_gm_ticks_the_progress(crew, dice):
    """A success ticks a progress clock by its effect ("Clocks"); a player who may tick none is
    told the GM does it, without learning whether the GM keeps clocks of their own."""
    Clock.objects.filter(pk=crew.vault.pk).update(who_may_tick=WhoMayTick.GM)
    dice(6, 2)
    wizard(crew)
    roll = Roll.objects.get()
    player = crew.client("player").get(roll.get_absolute_url()).text
    assert "No clock is yours to tick: the GM ticks the progress (2) on their screen." in player
    assert "No progress clock to tick." not in player and "Open the vault" not in player.split("Progress")[-1]
    gm = crew.client("gm").get(roll.get_absolute_url()).text
    assert "Tick a clock by the effect (2)" in gm and "Open the vault" in gm
    progress(crew, roll, crew.vault, who="gm")
    assert fresh(crew.vault).filled == 2
