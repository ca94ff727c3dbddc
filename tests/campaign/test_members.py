from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from campaign.models import Invitation, Membership, Role
from tests.factories import InvitationFactory, UserFactory
from tests.helpers import PASSWORD


@pytest.fixture
def invitation(table):
    return InvitationFactory(campaign=table.campaign, created_by=table.gm, max_uses=2)


def test_a_gm_creates_an_invitation_link(table):
    response = table.client("gm").post(reverse("invitation_create", args=[table.campaign.pk]),
                                       {"max_uses": 3, "days": 2})
    invitation = Invitation.objects.get(campaign=table.campaign)
    assert response.status_code == 302
    assert invitation.max_uses == 3
    assert len(invitation.token) >= 32
    assert timedelta(days=1, hours=23) < invitation.expires_at - timezone.now() <= timedelta(days=2)
    page = table.client("gm").get(reverse("members", args=[table.campaign.pk])).text
    assert invitation.get_absolute_url() in page


@pytest.mark.parametrize("data", [{"max_uses": 0, "days": 7}, {"max_uses": 5, "days": 0},
                                  {"max_uses": "many", "days": 7}, {"max_uses": 10**9, "days": 7}])
def test_a_bad_invitation_form_saves_nothing(table, data):
    response = table.client("gm").post(reverse("invitation_create", args=[table.campaign.pk]), data)
    assert response.status_code == 400
    assert not Invitation.objects.exists()


def test_players_neither_see_nor_make_invitations(table, invitation):
    client = table.client("player")
    assert invitation.token not in client.get(reverse("members", args=[table.campaign.pk])).text
    response = client.post(reverse("invitation_create", args=[table.campaign.pk]), {"max_uses": 3, "days": 2})
    assert response.status_code == 404
    assert Invitation.objects.count() == 1


def test_an_anonymous_visitor_signs_up_through_the_link_and_has_joined(client, invitation, table):
    link = invitation.get_absolute_url()
    response = client.get(link)
    assert "You are invited to" in response.text
    signup = f"/accounts/signup/?next={link}"
    assert f'href="{signup}"' in response.text
    response = client.post(signup, {"username": "newcomer", "password1": PASSWORD,
                                    "password2": PASSWORD, "next": link})
    assert response.url == reverse("character_create", args=[table.campaign.pk])  # no "Join as" tap
    assert Membership.objects.get(campaign=table.campaign, user__username="newcomer").role == Role.PLAYER


def test_joining_through_the_link_makes_a_player_and_uses_it_once(client, invitation, table):
    newcomer = UserFactory(username="newcomer")
    client.force_login(newcomer)
    response = client.post(invitation.get_absolute_url())
    assert response.url == table.campaign.get_absolute_url()
    assert Membership.objects.get(campaign=table.campaign, user=newcomer).role == Role.PLAYER
    invitation.refresh_from_db()
    assert invitation.uses == 1
    client.post(invitation.get_absolute_url())  # a double submit joins once and uses nothing
    invitation.refresh_from_db()
    assert invitation.uses == 1


def test_a_member_opening_the_link_lands_in_the_campaign_without_using_it(table, invitation):
    response = table.client("player").post(invitation.get_absolute_url())
    assert response.url == table.campaign.get_absolute_url()
    invitation.refresh_from_db()
    assert invitation.uses == 0


@pytest.mark.parametrize(("change", "message", "status"), [
    ({"expires_at": timezone.now() - timedelta(minutes=1)}, "This invitation has expired.", 410),
    ({"revoked_at": timezone.now()}, "This invitation was withdrawn by the GM.", 410),
    ({"uses": 2}, "This invitation has been used as many times as the GM allowed.", 410),
])
def test_expired_withdrawn_and_used_up_links_are_refused_clearly(client, invitation, change, message, status):
    Invitation.objects.filter(pk=invitation.pk).update(**change)
    client.force_login(UserFactory(username="latecomer"))
    for response in (client.get(invitation.get_absolute_url()), client.post(invitation.get_absolute_url())):
        assert response.status_code == status
        assert message in response.text
    assert not Membership.objects.filter(user__username="latecomer").exists()


def test_a_wrong_token_is_refused_clearly(client, db):
    client.force_login(UserFactory(username="latecomer"))
    response = client.post(reverse("join", args=["not-a-real-token"]))
    assert response.status_code == 404
    assert "This invitation link is not valid" in response.text
    assert not Membership.objects.filter(user__username="latecomer").exists()


def test_a_gm_withdraws_a_link(table, invitation):
    table.client("gm").post(reverse("invitation_revoke", args=[table.campaign.pk, invitation.pk]))
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None


def test_a_gm_makes_a_player_co_gm_and_back(table):
    member = Membership.objects.get(campaign=table.campaign, user=table.player)
    url = reverse("member_role", args=[table.campaign.pk, member.pk])
    table.client("gm").post(url, {"role": "gm"})
    member.refresh_from_db()
    assert member.is_gm
    assert table.client("player").get(reverse("dials", args=[table.campaign.pk])).status_code == 200
    table.client("gm").post(url, {"role": "player"})
    member.refresh_from_db()
    assert not member.is_gm


def test_an_unknown_role_is_refused(table):
    member = Membership.objects.get(campaign=table.campaign, user=table.player)
    table.client("gm").post(reverse("member_role", args=[table.campaign.pk, member.pk]), {"role": "king"})
    member.refresh_from_db()
    assert member.role == Role.PLAYER


def test_removing_a_player_keeps_their_characters_with_the_campaign(table):
    member = Membership.objects.get(campaign=table.campaign, user=table.player)
    table.client("gm").post(reverse("member_remove", args=[table.campaign.pk, member.pk]))
    assert not Membership.objects.filter(pk=member.pk).exists()
    table.character.refresh_from_db()
    assert table.character.owner is None
    assert table.character.campaign == table.campaign
    assert table.client("player").get(table.campaign.get_absolute_url()).status_code == 404


def test_a_player_cannot_remove_another(table):
    other = Membership.objects.get(campaign=table.campaign, user=table.other_player)
    response = table.client("player").post(reverse("member_remove", args=[table.campaign.pk, other.pk]))
    assert response.status_code == 404
    assert Membership.objects.filter(pk=other.pk).exists()


def test_a_player_leaves(table):
    response = table.client("player").post(reverse("leave", args=[table.campaign.pk]))
    assert response.url == reverse("campaigns")
    assert not Membership.objects.filter(campaign=table.campaign, user=table.player).exists()


def test_the_only_gm_cannot_leave_or_be_demoted(table, co_gm):
    gm = Membership.objects.get(campaign=table.campaign, user=table.gm)
    co = Membership.objects.get(campaign=table.campaign, user=co_gm)
    table.client("gm").post(reverse("member_remove", args=[table.campaign.pk, co.pk]))
    response = table.client("gm").post(reverse("leave", args=[table.campaign.pk]), follow=True)
    assert "A campaign needs a GM" in response.text
    assert Membership.objects.filter(pk=gm.pk).exists()
