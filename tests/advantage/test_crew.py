"""The crew's Status and Hostility: "Two Ticks on a Problematic Clock ... The crew lose a tick of
Status toward their next Rank" (a Major Consequence), "A Tick on a Problematic Clock ... The Crew
gain a tick of Hostility" (a Minor one). Reading: two clocks of 6 the GM keeps, each ticked in one
tap from a done check's page, once a check, by the consequence its result may bring ("Minor
Success ... with a Minor Consequence", "Hollow Success ... with a Major Consequence", "Banes: Add
additional Consequences"). Dice scripted in the order thrown: every PLUS, then every MINUS."""

import json

from django.urls import reverse

from advantage.models import Check, Crew
from campaign.transfer import export_campaign, import_campaign
from clocks.models import Clock
from rolls.models import Roll
from tests.advantage.test_checks import factor, start, step
from tests.helpers import words


def keep(table, who="gm", key="crew-1"):
    return table.client(who).post(reverse("advantage_crew_clocks", args=[table.campaign.pk]), {"key": key})


def tick(table, roll, clock, who="gm", key=None):
    return table.client(who).post(reverse("advantage_crew_tick", args=[table.campaign.pk, roll.pk]),
                                  {"clock": clock, "key": key or f"{roll.pk}-{clock}-{who}"}, follow=who == "gm")


def played(table, intent, minus, faces, dice, done=True) -> Roll:
    """Ada's Subterfuge 2 check against ``minus`` situations, rolled with ``faces``."""
    _, check = start(table, skill=table.skill.pk, intent=intent)
    for n in range(minus):
        factor(table, "player", check, "situation", dice=-1, name=f"Hindrance {n}")
    step(table, "gm", "advantage_confirm", check)
    dice(*faces)
    step(table, "player", "advantage_roll", check)
    if done:
        step(table, "player", "advantage_done", check)
    return Roll.objects.get(goal=intent)


def filled(crew) -> tuple[int, int]:
    return Clock.objects.get(pk=crew.status_id).filled, Clock.objects.get(pk=crew.hostility_id).filled


def test_the_gm_keeps_the_crews_status_and_hostility_in_one_tap(advantage_table):
    table = advantage_table
    for who in ("player", "other_player", "outsider"):
        assert keep(table, who).status_code == 404, who
    assert not Crew.objects.exists()
    keep(table)
    keep(table)  # the same tap twice
    keep(table, key="crew-2")  # and again later: nothing missing, nothing made
    crew = Crew.objects.get()
    assert (crew.status.name, crew.status.kind, crew.status.size) == ("Status (toward the next Rank)", "progress", 6)
    assert (crew.hostility.name, crew.hostility.kind, crew.hostility.size) == ("Hostility", "danger", 6)
    assert Clock.objects.count() == 2
    console = words(table.client("gm").get(reverse("console", args=[table.campaign.pk])))
    assert "The crew's Status: 0/6" in console and "Hostility: 0/6" in console
    # An archived clock is made anew by the next setup.
    hostility = crew.hostility
    hostility.archived = True
    hostility.save()
    assert "Keep the crew's Status and Hostility" in words(table.client("gm").get(reverse("console", args=[table.campaign.pk])))
    keep(table, key="crew-3")
    crew.refresh_from_db()
    assert (crew.hostility.archived, crew.hostility.name, Clock.objects.count()) == (False, "Hostility", 3)


def test_a_hollow_check_ticks_status_down_and_hostility_up_once_each(advantage_table, dice):
    table = advantage_table
    keep(table)
    crew = Crew.objects.get()
    Clock.objects.filter(pk=crew.status_id).update(filled=3)
    # 2 PLUS 2 1, all discarded; 3 MINUS 5 5 4 left: Hollow, no Bane.
    roll = played(table, "Slip past the drone", 3, (2, 1, 5, 5, 4), dice, done=False)
    assert (roll.outcome, roll.result["banes"]) == ("hollow", 0)
    refused = tick(table, roll, "status")
    assert "The check is still open" in words(refused)
    assert filled(crew) == (3, 0)
    step(table, "player", "advantage_done", Check.objects.get(character=table.character))
    for who in ("player", "other_player", "outsider"):
        assert tick(table, roll, "status", who=who).status_code == 404, who
    tick(table, roll, "status")
    assert filled(crew) == (2, 0)
    tick(table, roll, "status", key="again")  # once a check
    tick(table, roll, "hostility")
    assert filled(crew) == (2, 1)
    page = words(table.client("gm").get(roll.get_absolute_url()))
    assert "Status (toward the next Rank) 3 → 2" in page and "Hostility 0 → 1" in page
    assert table.campaign.events.filter(text="Ada's check: the crew lose a tick of Status.").count() == 1
    assert table.campaign.events.filter(text="Ada's check: the crew gain a tick of Hostility.").count() == 1
    assert 'data-testid="crew-ticks"' not in table.client("player").get(roll.get_absolute_url()).text


def test_a_minor_check_brings_hostility_but_not_status_and_a_major_one_neither(advantage_table, dice):
    table = advantage_table
    keep(table)
    crew = Crew.objects.get()
    Clock.objects.filter(pk=crew.status_id).update(filled=3)
    minor = played(table, "Pick the lock", 0, (2, 1), dice)  # both PLUS discarded: Minor
    assert minor.outcome == "minor"
    assert "That consequence does not follow from this result." in words(tick(table, minor, "status"))
    tick(table, minor, "hostility")
    assert filled(crew) == (3, 1)
    major = played(table, "Bluff the guard", 0, (5, 1), dice)
    assert major.outcome == "major"
    for clock in ("status", "hostility"):
        assert "That consequence does not follow from this result." in words(tick(table, major, clock))
    assert filled(crew) == (3, 1)
    # A Bane brings a consequence of either weight.
    costly = played(table, "Outrun the hounds", 2, (5, 1, 6, 6), dice)  # PLUS 5 cancels a MINUS 6: Minor, 1 Bane
    assert (costly.outcome, costly.result["banes"]) == ("minor", 1)
    tick(table, costly, "status")
    assert filled(crew) == (2, 1)


def test_the_crews_clocks_come_through_an_export_and_stay_out_of_one_without_them(advantage_table):
    table = advantage_table
    assert "advantage_crew" not in export_campaign(table.campaign)  # as a file of the last release has it
    keep(table)
    Clock.objects.filter(name="Hostility").update(filled=4)
    document = export_campaign(table.campaign)
    assert len(document["advantage_crew"]) == 1
    copy = import_campaign(json.loads(json.dumps(document, default=str)), table.gm)
    crew = Crew.objects.get(campaign=copy)
    assert (crew.status.campaign, crew.status.name) == (copy, "Status (toward the next Rank)")
    assert (crew.hostility.campaign, crew.hostility.filled) == (copy, 4)
