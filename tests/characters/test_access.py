"""Every sheet URL, as every role: owner and GMs edit, other members read, outsiders get 404."""

import pytest
from django.urls import reverse

from charge.models import Tie
from clocks.models import Clock
from tests.factories import CharacterFactory, TieFactory, UserFactory, make_campaign
from tests.helpers import HTMX, sheet_url

READ = ["character", "character_print"]
EDIT_PAGES = [("character_text", "concept"), ("character_text", "condition"), ("character_talent", 1)]
WRITES = [("character_dots", (), {"action": "Sneak", "dots": 1}),
          ("character_finish", (), {}),
          ("character_momentum", (), {"delta": 1}),
          ("character_stress", (), {"delta": 1}),
          ("character_back", (), {}),
          ("character_text", ("condition",), {"value": "Bruised", "seen": ""}),
          ("character_talent", (1,), {"kind": "dot", "action": "Sneak"}),
          ("character_tie", (), {"text": "An old friend", "link": ""}),
          ("character_clock", (), {"name": "Boat", "kind": "project", "size": 4})]


def snapshot(character):
    character.refresh_from_db()
    return (character.charge.momentum, character.charge.stress, character.condition, character.charge.action_dots,
            character.charge.taken_out, character.created, character.ties.count(), character.talents.count(),
            Clock.objects.filter(character=character).count())


@pytest.mark.parametrize("name", READ)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["full", "htmx"])
def test_every_member_reads_a_sheet_and_outsiders_get_not_found(table, sheet, name, headers):
    target = sheet_url(table, name, sheet)
    for who in ("player", "other_player", "gm"):
        assert table.client(who).get(target, **headers).status_code == 200, who
    assert table.client("outsider").get(target, **headers).status_code == 404
    assert table.client("anonymous").get(target, **headers).status_code == 302


@pytest.mark.parametrize(("name", "arg"), EDIT_PAGES)
def test_edit_forms_open_for_the_owner_and_the_gm_only(table, sheet, name, arg):
    target = sheet_url(table, name, sheet, arg)
    assert table.client("player").get(target).status_code == 200
    assert table.client("gm").get(target).status_code == 200
    assert table.client("other_player").get(target).status_code == 404
    assert table.client("outsider").get(target).status_code == 404


@pytest.mark.parametrize(("name", "args", "data"), WRITES, ids=[w[0] + str(w[1]) for w in WRITES])
@pytest.mark.parametrize("who", ["other_player", "outsider", "anonymous"])
def test_nobody_but_the_owner_and_gms_writes_a_sheet(table, sheet, name, args, data, who):
    before = snapshot(sheet)
    response = table.client(who).post(sheet_url(table, name, sheet, *args), data)
    assert response.status_code == (302 if who == "anonymous" else 404)
    assert snapshot(sheet) == before


@pytest.mark.parametrize(("name", "args", "data"), WRITES, ids=[w[0] + str(w[1]) for w in WRITES])
@pytest.mark.parametrize("who", ["player", "gm"])
def test_the_owner_and_the_gm_may_write(table, sheet, name, args, data, who):
    response = table.client(who).post(sheet_url(table, name, sheet, *args), data, **HTMX)
    assert response.status_code == 200


def test_a_tie_of_another_sheet_cannot_be_deleted_through_mine(table, sheet):
    theirs = CharacterFactory(campaign=table.campaign, owner=table.other_player)
    tie = TieFactory(character=theirs, text="Theirs")
    response = table.client("player").post(sheet_url(table, "character_tie_delete", sheet, tie.pk))
    assert response.status_code == 404
    assert Tie.objects.filter(pk=tie.pk).exists()


def test_gm_notes_on_a_sheet_never_reach_a_player(table, sheet):
    targets = [sheet_url(table, "character", sheet), sheet_url(table, "character_print", sheet)] + [
        sheet_url(table, "character", sheet) + f"?panel={panel}" for panel in
        ("vitals", "actions", "talents", "ties", "projects")]
    for who in ("player", "other_player"):
        for target in targets:
            for headers in ({}, HTMX):
                assert "SECRET-CHARACTER-NOTES" not in table.client(who).get(target, **headers).text
    assert table.client("player").get(sheet_url(table, "character_text", sheet, "gm_notes")).status_code == 404
    assert "SECRET-CHARACTER-NOTES" in table.client("gm").get(sheet_url(table, "character", sheet)).text


def test_a_character_of_another_campaign_is_not_found_through_this_one(table, sheet):
    stranger = CharacterFactory(campaign=make_campaign(UserFactory()))
    assert table.client("gm").get(reverse("character", args=[table.campaign.pk, stranger.pk])).status_code == 404
