"""Download my data: everything the site holds about the person, and nothing secret."""

import json

import pytest
from django.urls import reverse

from accounts.models import Account
from tests.factories import ClockFactory, EventFactory, RollFactory, TieFactory

pytestmark = pytest.mark.django_db


def download(table, who):
    response = table.client(who).get(reverse("account_data"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith("attachment;")
    return response.text, json.loads(response.text)


@pytest.fixture
def evening(table):
    """The table after an evening: the player's character with notes from the GM, a tie and a
    project; the player's roll, another player's, a GM's hidden roll; lines in the log."""
    ada = table.character
    ada.gm_notes = "SECRET-CHARACTER-NOTES"
    ada.save()
    TieFactory(character=ada, text="An old friend")
    ClockFactory(campaign=table.campaign, name="Buy back the boat", kind="project", character=ada)
    RollFactory(campaign=table.campaign, character=ada, rolled_by=table.player, goal="Slip past the guard",
                idempotency_key="mine")
    RollFactory(campaign=table.campaign, rolled_by=table.other_player, goal="OTHER-PLAYER-ROLL",
                idempotency_key="theirs")
    RollFactory(campaign=table.campaign, rolled_by=table.gm, kind="fortune", goal="SECRET-HIDDEN-ROLL",
                hidden=True, idempotency_key="hidden")
    EventFactory(campaign=table.campaign, actor=table.player, text="Ada sneaked in.")
    EventFactory(campaign=table.campaign, actor=table.player, text="SECRET-GM-ONLY-LINE", gm_only=True)
    Account.objects.create(user=table.player, language="fr")
    table.player.email = "player@example.org"
    table.player.save()
    return table


def test_a_player_downloads_their_account_characters_rolls_and_log(evening):
    text, data = download(evening, "player")
    assert data["format"] == "charge-personal-data"
    assert data["account"] | {"date_joined": None, "last_login": None} == {
        "username": "player1", "email": "player@example.org", "email_verified": False, "language": "fr",
        "date_joined": None, "last_login": None}
    [campaign] = data["campaigns"]
    assert campaign["campaign"] == "The Usurper's Throne" and campaign["role"] == "player"
    [ada] = campaign["characters"]
    assert ada["name"] == "Ada" and ada["momentum"] == 5 and ada["stress"] == 3
    assert [tie["text"] for tie in ada["ties"]] == ["An old friend"]
    assert [clock["name"] for clock in ada["clocks"]] == ["Buy back the boat"]
    assert [roll["goal"] for roll in campaign["rolls"]] == ["Slip past the guard"]
    assert [line["text"] for line in campaign["events"]] == ["Ada sneaked in."]
    assert [row["role"] for row in campaign["memberships"]] == ["player"]


def test_a_players_download_holds_no_secret_and_nothing_of_others(evening):
    text, data = download(evening, "player")
    for secret in ("SECRET-CHARACTER-NOTES", "SECRET-HIDDEN-ROLL", "SECRET-GM-ONLY-LINE", "OTHER-PLAYER-ROLL",
                   "SECRET-CAMPAIGN-NOTES", "SECRET-HIDDEN-FORCE", "SECRET-SESSION-NOTES", "gm_notes"):
        assert secret not in text, secret


def test_a_gm_downloads_their_hidden_rolls(evening):
    text, data = download(evening, "gm")
    [campaign] = data["campaigns"]
    assert campaign["role"] == "gm" and campaign["characters"] == []
    assert [roll["goal"] for roll in campaign["rolls"]] == ["SECRET-HIDDEN-ROLL"]
    assert "OTHER-PLAYER-ROLL" not in text and "Slip past the guard" not in text


def test_someone_in_no_campaign_downloads_their_account(table):
    text, data = download(table, "outsider")
    assert data["account"]["username"] == "stranger" and data["campaigns"] == []
