"""When talent dots are gained ("What to Hack", "Changing When Talent Dots are Gained": "A player
could gain a talent dot when they fail a `desperate` roll, or when they finish a `project` clock
on their character sheet"), through the pages with scripted dice: the dot comes with the roll or
the clock change that earned it, once, and the sheet says where each dot came from."""

import pytest
from django.urls import reverse

from charge.models import PendingRoll, Setup, TalentDot
from clocks.models import Clock, ClockChange
from rolls.models import Roll
from tests.helpers import HTMX, set_risk_and_effect, sheet_url, wizard, words

pytestmark = pytest.mark.django_db


def triggers(crew, *values):
    setup = Setup.objects.get(campaign=crew.campaign)
    setup.dials = {"talent_triggers": list(values)}
    setup.save()  # as the dials form saves it: every page shows it


def dots(crew, character=None):
    return list(TalentDot.objects.filter(character=character or crew.ada).values_list("trigger", flat=True))


def sheet_words(crew, who="player"):
    return words(crew.client(who).get(crew.ada.get_absolute_url()))


def test_as_written_a_failed_desperate_roll_gives_no_talent_dot(crew, dice):
    dice(3, 2)  # Sneak 2: a 3 is the bad outcome
    wizard(crew, risk=3)
    assert Roll.objects.get().outcome == "bad" and dots(crew) == []
    assert "Each milestone opens the next slot." in sheet_words(crew)


def test_a_failed_desperate_roll_gives_its_roller_one_talent_dot(crew, dice):
    triggers(crew, "milestone", "desperate_fail")
    dice(3, 2)
    wizard(crew, risk=3)
    roll = Roll.objects.get()
    assert dots(crew) == ["desperate_fail"] and TalentDot.objects.get().roll == roll
    assert dots(crew, crew.bo) == []  # the roller's alone
    for who in ("player", "other_player", "gm"):
        assert "1 talent dot: 1 from a failed desperate roll." in sheet_words(crew, who)
    # Slot 1 opens without a milestone: the player fills it.
    response = crew.client("player").post(sheet_url(crew, "character_talent", crew.ada, 1),
                                          {"kind": "dot", "action": "Move", "key": "t1"})
    assert response.status_code == 302 and crew.ada.talents.get(slot=1).action == "Move"
    refused = crew.client("player").post(sheet_url(crew, "character_talent", crew.ada, 2),
                                         {"kind": "effect", "action": "Sneak", "situation": "at night", "key": "t2"}, **HTMX)
    assert "Slot 2 opens with talent dot 2." in words(refused)
    assert "failed a desperate roll and gains a talent dot" in words(crew.client("gm").get(crew.campaign.get_absolute_url()))


@pytest.mark.parametrize(("risk", "faces"), [(3, (5, 2)), (3, (6, 1)), (2, (3, 2)), (1, (1, 1))])
def test_a_success_or_a_failure_below_desperate_gives_none(crew, dice, risk, faces):
    triggers(crew, "milestone", "desperate_fail")
    dice(*faces)
    wizard(crew, risk=risk)
    assert Roll.objects.count() == 1 and dots(crew) == []


def test_the_roll_sent_twice_gives_one_dot(crew, dice):
    triggers(crew, "desperate_fail")
    client, url = crew.client("player"), reverse("roll_new", args=[crew.campaign.pk])
    started = client.post(url, {"key": "once", "character": crew.ada.pk, "action": "Sneak", "step": 1})
    set_risk_and_effect(crew, PendingRoll.objects.get(character=crew.ada), 3, 2)
    dice(3, 2, 1, 1)
    for _ in range(2):
        client.post(started.url, {"risk": 3, "effect": 2, "step": 3, "roll": "1"})
    assert Roll.objects.count() == 1 and dots(crew) == ["desperate_fail"]


def project(crew, size=4):
    crew.client("player").post(sheet_url(crew, "character_clock", crew.ada),
                               {"name": "Build a glider", "kind": "project", "size": size, "key": "p1"})
    return Clock.objects.get(name="Build a glider")


def tick(crew, clock, who="player", key="k", **data):
    return crew.client(who).post(reverse("clock_tick", args=[crew.campaign.pk, clock.pk]), {"key": key, **data})


def test_a_finished_project_gives_its_character_one_talent_dot_once(crew):
    triggers(crew, "milestone", "project")
    clock = project(crew)
    tick(crew, clock, amount=3)
    assert dots(crew) == []
    tick(crew, clock, key="k2", amount=1)
    assert dots(crew) == ["project"] and TalentDot.objects.get().clock == clock
    tick(crew, clock, key="k2", amount=1)  # the same tap again
    tick(crew, clock, key="k3", to=4)  # full already
    assert dots(crew) == ["project"]
    tick(crew, clock, who="gm", key="k4", to=2)  # taken back and filled again: still the one project
    tick(crew, clock, key="k5", to=4)
    assert dots(crew) == ["project"]
    assert "1 talent dot: 1 from a finished project." in sheet_words(crew, "other_player")


def test_undoing_what_finished_a_project_takes_its_dot_back(crew):
    """An undo is a correction: the project was not finished. A tick down by hand (above) is the
    story going on, and keeps the dot."""
    triggers(crew, "milestone", "project")
    clock = project(crew)
    tick(crew, clock, amount=3)
    tick(crew, clock, key="k2", amount=1)
    assert dots(crew) == ["project"]
    filling = ClockChange.objects.get(clock=clock, after=4)
    undo = reverse("clock_undo", args=[crew.campaign.pk, clock.pk, filling.pk])
    for _ in range(2):  # the same tap twice
        crew.client("gm").post(undo, {"key": "u1"})
    assert Clock.objects.get(pk=clock.pk).filled == 3 and dots(crew) == []
    assert "from a finished project" not in sheet_words(crew)
    assert "Ada's talent dot from a finished project is taken back with the undo." in words(
        crew.client("other_player").get(reverse("campaign", args=[crew.campaign.pk])))
    tick(crew, clock, key="k3", amount=1)  # finished for real
    assert dots(crew) == ["project"]
    first = ClockChange.objects.filter(clock=clock).earliest("pk")
    crew.client("gm").post(reverse("clock_undo", args=[crew.campaign.pk, clock.pk, first.pk]), {"key": "u2"})
    assert Clock.objects.get(pk=clock.pk).filled == 1 and dots(crew) == []  # any undo that leaves it short


def test_without_the_trigger_a_finished_project_gives_none(crew):
    clock = project(crew)
    tick(crew, clock, to=4)
    assert Clock.objects.get(pk=clock.pk).filled == 4 and dots(crew) == []


def test_a_progress_clock_filling_is_no_project(crew):
    triggers(crew, "project")
    tick(crew, crew.vault, to=8)
    assert not TalentDot.objects.exists()


def test_the_sheet_adds_up_every_source_and_milestones_alone_may_be_switched_off(crew, dice):
    from charge.models import Milestone

    triggers(crew, "milestone", "desperate_fail", "project")
    Milestone.objects.create(campaign=crew.campaign)
    dice(3, 2)
    wizard(crew, risk=3)
    tick(crew, project(crew), to=4)
    assert ("3 talent dots: 1 from a milestone, 1 from a failed desperate roll, 1 from a finished project."
            in sheet_words(crew))
    triggers(crew, "desperate_fail", "project")
    assert "2 talent dots: 1 from a failed desperate roll, 1 from a finished project." in sheet_words(crew)
    # No milestone to award: the control that would change nothing is not shown, and refused if posted.
    assert "Award a milestone" not in crew.client("gm").get(crew.campaign.get_absolute_url()).text
    response = crew.client("gm").post(reverse("milestone_award", args=[crew.campaign.pk]),
                                      {"note": "", "expected_count": 1})
    assert response.status_code == 302 and Milestone.objects.count() == 1


def test_the_talent_panel_alone_says_it_with_htmx(crew, dice):
    triggers(crew, "desperate_fail")
    dice(3, 2)
    wizard(crew, risk=3)
    panel = crew.client("other_player").get(crew.ada.get_absolute_url() + "?panel=talents", **HTMX)
    assert panel.status_code == 200 and "<html" not in panel.text
    assert "1 talent dot: 1 from a failed desperate roll." in words(panel)
    assert crew.client("outsider").get(crew.ada.get_absolute_url() + "?panel=talents", **HTMX).status_code == 404


def test_the_campaign_export_carries_the_dots_with_their_roll(crew, dice):
    import json

    from campaign.transfer import export_campaign, import_campaign

    triggers(crew, "milestone", "desperate_fail")
    dice(3, 2)
    wizard(crew, risk=3)
    first = export_campaign(crew.campaign)
    copy = import_campaign(json.loads(json.dumps(first)), crew.gm)
    dot = TalentDot.objects.get(character__campaign=copy)
    assert (dot.character.name, dot.trigger, dot.roll.campaign_id) == ("Ada", "desperate_fail", copy.pk)
    assert export_campaign(copy)["talent_dots"] == first["talent_dots"]
