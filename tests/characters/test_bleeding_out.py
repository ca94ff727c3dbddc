"""Scars' optional dial "Bleeding out": "a fresh scar should require some kind of action from another
character to get the scarred character back in the game" (charge-rpg-rulebook.md, "Optional dial
setting: Bleeding out"). Through the views, as the scarred character's player, another player, the
GM and an outsider."""

import pytest
from django.urls import reverse

from campaign.models import Event
from charge.models import Setup
from tests.factories import CharacterFactory
from tests.helpers import HTMX, fresh, sheet_url, update_character


def dials(table, *extra_dials):
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": ["scars"], "extra_dials": list(extra_dials)})
    table.campaign.refresh_from_db()


@pytest.fixture
def bleeding(table):
    """Ada (player1) incapacitated by a full stress clock of 4; Brin (player2) stands by."""
    dials(table, "scars_bleeding_out")
    update_character(table.character.pk, created=True, stress=4, taken_out=True,
                                                           condition="Incapacitated", scars="A burnt hand")
    table.helper = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Brin", created=True)
    return table


def back(table, who, helper=None):
    data = {} if helper is None else {"helper": helper.pk}
    return table.client(who).post(sheet_url(table, "character_back", table.character), data, **HTMX)


def test_without_the_dial_the_player_brings_their_character_back_alone(table):
    dials(table)
    update_character(table.character.pk, stress=4, taken_out=True)
    back(table, "player")
    ada = fresh(table.character)
    assert (ada.charge.stress, ada.charge.taken_out) == (2, False)  # "you clear half of the stress clock"


def test_bleeding_out_refuses_coming_to_alone(bleeding):
    response = back(bleeding, "player")
    assert "Bleeding out: another character&#x27;s action brings them back. Say who helps." in response.text
    ada = fresh(bleeding.character)
    assert (ada.charge.stress, ada.charge.taken_out) == (4, True)


def test_another_players_character_brings_them_back_and_clears_half_the_clock(bleeding):
    sheet = bleeding.client("other_player").get(sheet_url(bleeding, "character", bleeding.character)).text
    assert 'name="helper"' in sheet and f'value="{bleeding.helper.pk}">Brin<' in sheet and "Bring Ada back" in sheet
    back(bleeding, "other_player", bleeding.helper)
    ada = fresh(bleeding.character)
    assert (ada.charge.stress, ada.charge.taken_out) == (2, False)
    assert Event.objects.filter(campaign=bleeding.campaign, text="Brin brings Ada back: stress 4→2. Update the condition."
                                ).exists()


def test_the_scarred_character_cannot_be_their_own_helper(bleeding):
    response = back(bleeding, "player", bleeding.character)
    assert "Say who helps." in response.text
    assert fresh(bleeding.character).charge.taken_out


def test_a_player_helps_only_with_a_character_of_their_own(bleeding):
    response = back(bleeding, "player", bleeding.helper)  # Brin is player2's
    assert "Bring them back with a character of yours in this campaign." in response.text
    assert fresh(bleeding.character).charge.taken_out
    assert "Bring Ada back" not in bleeding.client("player").get(sheet_url(bleeding, "character", bleeding.character)).text


def test_a_helper_out_of_the_scene_cannot_help(bleeding):
    update_character(bleeding.helper.pk, taken_out=True)
    response = back(bleeding, "gm", bleeding.helper)
    assert "Brin is out of the scene too and cannot help." in response.text
    assert fresh(bleeding.character).charge.taken_out


def test_the_gm_brings_them_back_with_any_other_character(bleeding):
    sheet = bleeding.client("gm").get(sheet_url(bleeding, "character", bleeding.character)).text
    assert "Bring Ada back" in sheet
    back(bleeding, "gm", bleeding.helper)
    assert (fresh(bleeding.character).charge.stress, fresh(bleeding.character).charge.taken_out) == (2, False)


def test_an_outsider_gets_not_found(bleeding):
    assert back(bleeding, "outsider", bleeding.helper).status_code == 404
    assert fresh(bleeding.character).charge.taken_out


def test_a_character_of_another_campaign_cannot_help(bleeding):
    stranger = CharacterFactory(owner=bleeding.other_player, name="Elsewhere")
    response = back(bleeding, "other_player", stranger)
    assert "a character of yours in this campaign" in response.text
    assert fresh(bleeding.character).charge.taken_out


def test_the_dial_plays_only_with_scars_and_says_to_ask_for_consent(table):
    url = reverse("dials", args=[table.campaign.pk])
    page = table.client("gm").get(url).text
    assert "Scars: bleeding out" in page and "play it only with everyone&#x27;s consent" in page
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": [], "extra_dials": ["scars_bleeding_out"]})
    table.campaign.refresh_from_db()
    update_character(table.character.pk, stress=4, taken_out=True)
    back(table, "player")  # without Scars the dial does nothing: back in action as the core rule says
    assert not fresh(table.character).charge.taken_out
