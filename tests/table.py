from dataclasses import dataclass

import pytest
from django.test import Client

from campaign.models import Role
from tests.factories import (
    CharacterFactory,
    EventFactory,
    ForceFactory,
    GameSessionFactory,
    UserFactory,
    join,
    make_campaign,
)

SECRETS = ("SECRET-CAMPAIGN-NOTES", "SECRET-HIDDEN-FORCE", "SECRET-HIDDEN-FORCE-NOTES",
           "SECRET-REVEALED-FORCE-NOTES", "SECRET-SESSION-NOTES", "SECRET-EVENT")


@dataclass
class Table:
    """A campaign with a GM, two players and an outsider, and a secret in every GM-only field."""

    campaign: object
    gm: object
    player: object
    other_player: object
    outsider: object
    hidden_force: object
    revealed_force: object
    group: object
    session: object
    character: object

    def client(self, who: str) -> Client:
        client = Client()
        if who != "anonymous":
            client.force_login(getattr(self, who))
        return client

    def api_client(self, who: str) -> Client:
        """A program reading the API with a token of ``who`` (none for "anonymous"), no session."""
        from api.tokens import make_token

        if who == "anonymous":
            return Client()
        return Client(headers={"Authorization": f"Bearer {make_token(getattr(self, who), 'tests')[1]}"})


@pytest.fixture
def table(db):
    gm, player, other, outsider = (UserFactory(username=name) for name in
                                   ("gamemaster", "player1", "player2", "stranger"))
    campaign = make_campaign(gm, name="The Usurper's Throne", pitch="A usurper sits on the throne.",
                             gm_notes="SECRET-CAMPAIGN-NOTES")
    join(campaign, player)
    join(campaign, other)
    hidden = ForceFactory(campaign=campaign, name="SECRET-HIDDEN-FORCE",
                          gm_notes="SECRET-HIDDEN-FORCE-NOTES")
    revealed = ForceFactory(campaign=campaign, name="The Rebel Forces", revealed=True,
                            gm_notes="SECRET-REVEALED-FORCE-NOTES")
    session = GameSessionFactory(campaign=campaign, number=1, log="We met the rebels.",
                                 gm_notes="SECRET-SESSION-NOTES")
    EventFactory(campaign=campaign, text="SECRET-EVENT", gm_only=True)
    character = CharacterFactory(campaign=campaign, owner=player, name="Ada", momentum=5, stress=3)
    return Table(campaign, gm, player, other, outsider, hidden, revealed,
                 campaign.forces.get(is_player_group=True), session, character)


@pytest.fixture
def co_gm(table):
    user = UserFactory(username="cogm")
    join(table.campaign, user, Role.GM)
    return user
