"""Deleting an account: after the password, never leaving a campaign without its GM; the person
leaves each campaign as a player leaves, their characters staying there."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import Account
from campaign.models import Event, Membership, Role
from tests.factories import RollFactory, join, make_campaign
from tests.helpers import PASSWORD, fresh, words

pytestmark = pytest.mark.django_db


def test_a_player_deletes_their_account_and_their_characters_stay(table):
    client = table.client("player")
    Account.objects.create(user=table.player, language="sv")
    ada = table.character
    ada.charge.stress = 4
    ada.charge._history_user = table.player  # a change the player made, in the sheet's history
    ada.save()
    ada.charge.save()
    assert ada.charge.history.filter(stress=4, history_user=table.player).exists()
    roll = RollFactory(campaign=table.campaign, character=ada, rolled_by=table.player, idempotency_key="mine")
    page = client.get(reverse("account_delete"))
    assert "your characters stay with their campaigns" in words(page)
    response = client.post(reverse("account_delete"), {"password": PASSWORD}, follow=True)
    assert "Your account is deleted." in words(response)
    assert not response.context["user"].is_authenticated
    assert not get_user_model().objects.filter(username="player1").exists()
    assert not Account.objects.filter(language="sv").exists()
    ada = fresh(ada)
    assert ada.owner is None and ada.campaign == table.campaign and ada.charge.stress == 4
    assert fresh(roll).rolled_by is None
    assert ada.charge.history.filter(stress=4, history_user__isnull=True).exists()  # the history is kept
    assert Event.objects.filter(campaign=table.campaign,
                                text="player1 left the campaign. Their characters stay with the campaign.").exists()


def test_a_wrong_password_deletes_nothing(table):
    response = table.client("player").post(reverse("account_delete"), {"password": "wrong"})
    assert response.status_code == 400 and "That is not your password." in words(response)
    assert Membership.objects.filter(user=table.player).exists()
    assert fresh(table.character).owner == table.player


def test_the_only_gm_of_a_campaign_is_refused_and_told_which(table):
    other = make_campaign(table.gm, name="Capes over Harbour City")
    shared = make_campaign(table.gm, name="Shared rule")
    join(shared, table.player, Role.GM)
    client = table.client("gm")
    page = client.get(reverse("account_delete"))
    text = words(page)
    assert "You are the only GM of these campaigns" in text
    assert "Capes over Harbour City" in text and "The Usurper's Throne" in text and "Shared rule" not in text
    assert 'name="password"' not in page.text
    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 400
    assert get_user_model().objects.filter(pk=table.gm.pk).exists()
    assert Membership.objects.filter(user=table.gm).count() == 3
    assert other.memberships.filter(user=table.gm).exists()


def test_a_gm_with_another_gm_may_leave(table, co_gm, client):
    client.force_login(co_gm)
    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 302
    assert not get_user_model().objects.filter(username="cogm").exists()
    assert table.campaign.memberships.filter(role=Role.GM).get().user == table.gm
