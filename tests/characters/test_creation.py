import pytest
from django.urls import reverse

from campaign.models import Membership
from characters.models import Character
from charge.models import Playbook, Setup
from tests.factories import join
from tests.helpers import HTMX, fresh, sheet_url


def new_character(table, who="player", **data):
    table.client(who).post(reverse("character_create", args=[table.campaign.pk]), {"name": "Bo", **data})
    return Character.objects.get(name="Bo")


def set_dots(table, character, action, dots, who="player"):
    return table.client(who).post(sheet_url(table, "character_dots", character),
                                  {"action": action, "dots": dots}, **HTMX)


def test_a_new_character_starts_in_creation_with_the_sessions_momentum(table):
    bo = new_character(table)
    assert (bo.owner, bo.created, bo.charge.momentum, bo.charge.action_dots) == (table.player, False, 2, {})
    page = table.client("player").get(bo.get_absolute_url()).text
    assert "7 dots left" in page


def test_spending_dots_counts_down_and_seven_under_the_cap_finish_creation(table):
    bo = new_character(table)
    response = set_dots(table, bo, "Sneak", 2)
    assert "5 dots left" in response.text
    for action, dots in (("Finesse", 2), ("Notice", 1), ("Move", 1), ("Sway", 1)):
        set_dots(table, bo, action, dots)
    assert fresh(bo).charge.action_dots == {"Sneak": 2, "Finesse": 2, "Notice": 1, "Move": 1, "Sway": 1}
    response = table.client("player").post(sheet_url(table, "character_finish", bo), **HTMX)
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    assert fresh(bo).created


def test_three_dots_in_one_action_are_refused_with_the_reason(table):
    bo = new_character(table)
    response = set_dots(table, bo, "Sneak", 3)
    assert "At creation an action has at most 2 dots (Sneak has more)." in response.text
    assert fresh(bo).charge.action_dots == {}


def test_an_eighth_dot_is_refused(table):
    bo = new_character(table)
    for action in ("Sneak", "Finesse", "Notice"):
        set_dots(table, bo, action, 2)
    set_dots(table, bo, "Move", 1)
    response = set_dots(table, bo, "Sway", 1)
    assert "You spent 8 dots; a new character has 7." in response.text
    assert sum(fresh(bo).charge.action_dots.values()) == 7


def test_finishing_with_dots_left_is_refused_and_says_how_many(table):
    bo = new_character(table)
    set_dots(table, bo, "Sneak", 2)
    response = table.client("player").post(sheet_url(table, "character_finish", bo), **HTMX)
    assert "You have 5 dots left to spend." in response.text
    assert not fresh(bo).created


@pytest.mark.parametrize("data", [{"action": "Hack", "dots": 1}, {"action": "Sneak", "dots": "two"},
                                  {"action": "Sneak", "dots": -1}, {"action": "Sneak"}])
def test_hostile_dots_are_refused_with_a_message(table, data):
    bo = new_character(table)
    response = table.client("player").post(sheet_url(table, "character_dots", bo), data, **HTMX)
    assert response.status_code == 200
    assert 'role="alert"' in response.text
    assert fresh(bo).charge.action_dots == {}


def test_a_quick_charge_campaign_has_six_actions_and_four_dots(table):
    Setup.objects.filter(campaign=table.campaign.pk).update(ruleset="quick_charge")
    bo = new_character(table)
    page = table.client("player").get(bo.get_absolute_url()).text
    assert "4 dots left" in page and "Talk" in page and "Sneak" not in page
    set_dots(table, bo, "Talk", 2)
    set_dots(table, bo, "Move", 2)
    table.client("player").post(sheet_url(table, "character_finish", bo))
    assert fresh(bo).created


def test_a_campaign_with_its_own_dials_uses_them(table):
    table.campaign.charge.dials = {"starting_dots": 5, "creation_cap": 3}
    table.campaign.charge.save()
    bo = new_character(table)
    set_dots(table, bo, "Sneak", 3)
    set_dots(table, bo, "Move", 2)
    table.client("player").post(sheet_url(table, "character_finish", bo))
    assert fresh(bo).created


def test_after_creation_only_a_gm_changes_dots_and_it_is_recorded(table, sheet):
    response = set_dots(table, sheet, "Sneak", 3)
    assert "new dots come from the talent line" in response.text
    set_dots(table, sheet, "Sneak", 3, who="gm")
    assert fresh(sheet).charge.action_dots["Sneak"] == 3
    assert table.campaign.events.filter(text="GM override: Ada's Sneak 2→3.").exists()
    response = set_dots(table, sheet, "Sneak", 5, who="gm")
    assert "rating is at most 4 (Sneak is higher)" in response.text


def test_a_playbook_gives_its_concept_and_three_dots_the_player_cannot_remove(table):
    table.client("gm").post(reverse("playbook_create", args=[table.campaign.pk]), {
        "name": "The Smuggler", "ties": "Owes a harbour official\nGrew up with another PC",
        "dots": "Sneak 2, Finesse 1", "talent_lines": "2: Sneak through the marsh at night"})
    playbook = Playbook.objects.get(name="The Smuggler")
    assert playbook.talents == {"2": {"action": "Sneak", "situation": "through the marsh at night"}}
    bo = new_character(table, playbook=playbook.pk)
    assert (bo.concept, bo.charge.action_dots) == ("The Smuggler", {"Sneak": 2, "Finesse": 1})
    assert "4 dots left" in table.client("player").get(bo.get_absolute_url()).text
    response = set_dots(table, bo, "Sneak", 1)
    assert "Your playbook, The Smuggler, gives Sneak 2 dots." in response.text
    assert fresh(bo).charge.action_dots["Sneak"] == 2


@pytest.mark.parametrize(("dots", "message"), [("Sneak 2", "A playbook pre-assigns 3 action dots."),
                                               ("Sneak 3", "At creation an action has at most 2 dots."),
                                               ("Hack 3", "write an action and a number")])
def test_a_playbook_with_wrong_dots_is_refused(table, dots, message):
    response = table.client("gm").post(reverse("playbook_create", args=[table.campaign.pk]),
                                       {"name": "X", "dots": dots, "ties": "", "talent_lines": ""})
    assert message in response.text
    assert not Playbook.objects.exists()


def test_players_cannot_write_playbooks(table):
    response = table.client("player").post(reverse("playbook_create", args=[table.campaign.pk]),
                                           {"name": "X", "dots": "Sneak 2, Move 1"})
    assert response.status_code == 404


def test_a_removed_players_character_stays_and_the_gm_still_edits_it(table, sheet):
    member = Membership.objects.get(campaign=table.campaign, user=table.player)
    table.client("gm").post(reverse("member_remove", args=[table.campaign.pk, member.pk]))
    assert fresh(sheet).owner is None
    table.client("gm").post(sheet_url(table, "character_momentum", sheet), {"delta": 1})
    assert fresh(sheet).charge.momentum == 3
    join(table.campaign, table.player)
    assert table.client("player").post(sheet_url(table, "character_momentum", sheet), {"delta": 1}).status_code == 404
