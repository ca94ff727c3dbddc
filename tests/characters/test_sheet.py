import re

import pytest

from charge.models import Talent
from clocks.models import Clock
from tests.factories import ForceFactory, UserFactory, make_campaign
from tests.helpers import HTMX, fresh, sheet_url


def post(table, who, name, character, data=None, *args, htmx=True):
    return table.client(who).post(sheet_url(table, name, character, *args), data or {}, **(HTMX if htmx else {}))


def test_momentum_goes_up_and_down_and_never_below_zero(table, sheet):
    post(table, "player", "character_momentum", sheet, {"delta": 1})
    assert fresh(sheet).charge.momentum == 3
    for _ in range(3):
        post(table, "player", "character_momentum", sheet, {"delta": -1})
    response = post(table, "player", "character_momentum", sheet, {"delta": -1})
    assert "Ada has no momentum left to spend." in response.text
    assert fresh(sheet).charge.momentum == 0


@pytest.mark.parametrize("delta", ["5", "-5", "x", ""])
def test_momentum_moves_one_at_a_time(table, sheet, delta):
    response = post(table, "player", "character_momentum", sheet, {"delta": delta})
    assert "one at a time" in response.text
    assert fresh(sheet).charge.momentum == 2


def test_stress_fills_the_clock_then_takes_the_character_out_and_clears_it(table, sheet):
    for expected in (1, 2, 3):
        post(table, "player", "character_stress", sheet, {"delta": 1})
        assert fresh(sheet).charge.stress == expected
    response = post(table, "player", "character_stress", sheet, {"delta": 1})
    assert (fresh(sheet).charge.stress, sheet.charge.taken_out) == (0, True)
    assert "Taken out for the scene." in response.text
    assert "Write a new condition below" in response.text
    assert table.campaign.events.filter(text__startswith="Ada's stress clock is full: taken out").exists()
    post(table, "player", "character_back", sheet)
    assert not fresh(sheet).charge.taken_out


def test_the_stress_clock_follows_the_dial(table, sheet):
    table.campaign.charge.dials = {"stress_clock_size": 6}
    table.campaign.charge.save()
    for _ in range(5):
        post(table, "player", "character_stress", sheet, {"delta": 1})
    assert (fresh(sheet).charge.stress, sheet.charge.taken_out) == (5, False)
    page = table.client("player").get(sheet.get_absolute_url()).text
    assert 'aria-label="Stress: 5 of 6"' in page


def test_clearing_stress_never_goes_below_zero(table, sheet):
    post(table, "player", "character_stress", sheet, {"delta": -1})
    assert fresh(sheet).charge.stress == 0


def award(table):
    from django.urls import reverse
    count = table.campaign.milestones.count()
    table.client("gm").post(reverse("milestone_award", args=[table.campaign.pk]), {"expected_count": count})


def talent(table, sheet, slot, who="player", **data):
    return post(table, who, "character_talent", sheet, data, slot)


def test_the_talent_line_opens_only_after_a_milestone(table, sheet):
    response = talent(table, sheet, 1, kind="dot", action="Sneak")
    assert "Slot 1 opens at milestone 1." in response.text
    assert not Talent.objects.exists()
    award(table)
    talent(table, sheet, 1, kind="dot", action="Sneak")
    assert fresh(sheet).charge.rating("Sneak") == 3
    response = talent(table, sheet, 2, kind="effect", action="Sneak", situation="in the marsh")
    assert "Slot 2 opens at milestone 2." in response.text


def test_a_situational_slot_asks_for_the_action_and_the_situation(table, sheet):
    for _ in range(4):
        award(table)
    response = talent(table, sheet, 2, kind="effect", action="Shoot", situation="")
    assert "Say when the talent applies (the situation)." in response.text
    talent(table, sheet, 4, kind="risk", action="Shoot", situation="monsters in the forest")
    saved = Talent.objects.get(character=sheet, slot=4)
    assert str(saved) == "-1 risk when I Shoot monsters in the forest"
    page = table.client("player").get(sheet.get_absolute_url()).text
    assert "-1 risk when I Shoot monsters in the forest" in page


def test_the_classic_wording_says_position(table, sheet):
    table.campaign.charge.risk_wording = "position"
    table.campaign.charge.save()
    for _ in range(4):
        award(table)
    talent(table, sheet, 4, kind="risk", action="Shoot", situation="monsters in the forest")
    page = table.client("player").get(sheet.get_absolute_url()).text
    assert "+1 position when I Shoot monsters in the forest" in page


def test_a_dot_slot_cannot_hold_a_situational_talent_nor_pass_the_max_rating(table, sheet):
    award(table)
    response = talent(table, sheet, 1, kind="die", action="Sneak", situation="x")
    assert "Select a valid choice" in response.text
    sheet.charge.action_dots = {**sheet.charge.action_dots, "Sneak": 4}
    sheet.charge.save()
    response = talent(table, sheet, 1, kind="dot", action="Sneak")
    assert "rating is at most 4 (Sneak is higher)" in response.text


def test_the_gm_rewrites_a_talent_as_a_veto_and_it_is_recorded(table, sheet):
    award(table)
    award(table)
    talent(table, sheet, 2, kind="effect", action="Shoot", situation="anything at all")
    talent(table, sheet, 2, who="gm", kind="effect", action="Shoot", situation="monsters in the forest")
    assert Talent.objects.get(character=sheet, slot=2).situation == "monsters in the forest"
    assert table.campaign.events.filter(text__startswith="The GM rewrote Ada").exists()


def test_each_situational_slot_holds_its_own_bonus_or_one_without_a_bonus(table, sheet):
    """Reading 7: two of each bonus, in order; so nobody stacks six +1d6."""
    award(table)
    award(table)
    response = talent(table, sheet, 2, kind="die", action="Shoot", situation="in the rain")
    assert "Select a valid choice" in response.text  # slot 2 is +1 effect
    assert not Talent.objects.filter(character=sheet, slot=2).exists()
    talent(table, sheet, 2, kind="swap", action="Shoot", instead_of="Sneak", situation="at night")
    assert Talent.objects.get(character=sheet, slot=2).kind == "swap"


def test_the_starting_talent_needs_the_campaign_to_use_it(table, sheet):
    response = talent(table, sheet, 0, kind="effect", action="Sneak", situation="in the dark")
    assert "This campaign does not use a starting talent." in response.text
    table.campaign.charge.dials = {"extras": ["starting_talent"]}
    table.campaign.charge.save()
    talent(table, sheet, 0, kind="effect", action="Sneak", situation="in the dark")
    assert str(Talent.objects.get(slot=0)) == "+1 effect when I Sneak in the dark"


def test_a_tie_links_a_force_and_shows_as_a_link(table, sheet):
    response = post(table, "player", "character_tie", sheet,
                    {"text": "Owes them a favour", "link": f"force-{table.revealed_force.pk}"})
    tie = sheet.ties.get()
    assert tie.linked_force == table.revealed_force
    assert f"#force-{table.revealed_force.pk}" in response.text


@pytest.mark.parametrize("link", ["force-hidden", "character-elsewhere", "force-999999"])
def test_a_tie_cannot_link_what_the_player_cannot_see(table, sheet, link):
    elsewhere = make_campaign(UserFactory()).forces.first()
    target = {"force-hidden": f"force-{table.hidden_force.pk}",
              "character-elsewhere": f"force-{elsewhere.pk}", "force-999999": link}[link]
    response = post(table, "player", "character_tie", sheet, {"text": "x", "link": target})
    assert "Write who the character is tied to" in response.text
    assert not sheet.ties.exists()


def test_a_text_edit_saves_one_field(table, sheet):
    post(table, "player", "character_text", sheet, {"value": "Exhausted", "seen": ""}, "condition")
    assert fresh(sheet).condition == "Exhausted"


def test_a_stale_edit_from_another_device_does_not_overwrite(table, sheet):
    post(table, "player", "character_text", sheet, {"value": "Tired", "seen": ""}, "condition")
    response = post(table, "gm", "character_text", sheet, {"value": "Drunk", "seen": ""}, "condition")
    assert "Someone else changed this while you were editing" in response.text
    assert "Tired" in response.text and "Drunk" in response.text  # both versions shown
    assert fresh(sheet).condition == "Tired"


def test_text_fields_refuse_what_is_too_long(table, sheet):
    response = post(table, "player", "character_text", sheet, {"value": "x" * 201, "seen": ""}, "condition")
    assert "Ensure this value has at most 200 characters" in response.text
    assert fresh(sheet).condition == ""


def test_a_player_adds_a_project_to_the_sheet(table, sheet):
    post(table, "player", "character_clock", sheet, {"name": "Buy back the boat", "kind": "project", "size": 6})
    project = Clock.objects.get(name="Buy back the boat")
    assert (project.character, project.who_may_tick) == (sheet, "owner")
    page = table.client("player").get(sheet_url(table, "character", sheet)).text
    assert f"?character={sheet.pk}&amp;project={project.pk}" in page  # worked on by a roll


def test_complications_are_the_gms(table, sheet):
    response = post(table, "player", "character_clock", sheet, {"name": "Heat", "kind": "complication", "size": 4})
    assert "Name the project" in response.text
    assert not Clock.objects.filter(name="Heat").exists()
    post(table, "gm", "character_clock", sheet, {"name": "Heat", "kind": "complication", "size": 4})
    assert Clock.objects.get(name="Heat").who_may_tick == "gm"


def test_the_print_view_holds_the_whole_sheet(table, sheet):
    page = table.client("other_player").get(sheet_url(table, "character_print", sheet)).text
    for text in ("Ada", "Sneak", "Talent line", "Projects &amp; complications", "Momentum"):
        assert text in page
    assert "SECRET-CHARACTER-NOTES" not in page


def test_a_force_in_a_tie_of_another_campaign_is_not_offered(table, sheet):
    other = ForceFactory(campaign=make_campaign(UserFactory()), name="Elsewhere", revealed=True)
    page = table.client("player").get(sheet.get_absolute_url()).text
    assert other.name not in page


@pytest.mark.parametrize(("name", "field"), [("character_momentum", "momentum"), ("character_stress", "stress")])
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_a_step_sent_again_with_its_key_moves_once_and_answers_as_done(table, sheet, name, field, htmx):
    before = getattr(sheet.charge, field)
    first = post(table, "player", name, sheet, {"delta": 1, "key": "tap"}, htmx=htmx)
    again = post(table, "player", name, sheet, {"delta": 1, "key": "tap"}, htmx=htmx)
    assert getattr(fresh(sheet).charge, field) == before + 1
    assert again.status_code == first.status_code and "alert-danger" not in again.text
    post(table, "player", name, sheet, {"delta": 1, "key": "another"}, htmx=htmx)
    assert getattr(fresh(sheet).charge, field) == before + 2


def test_the_sheet_gives_each_step_a_key_of_its_own(table, sheet):
    page = table.client("player").get(sheet.get_absolute_url()).text
    keys = re.findall(r'name="key" value="([^"]+)"', page)
    assert len(keys) >= 4 and len(set(keys)) == len(keys)
