"""Signing up from an invitation link joins the campaign at once and opens its new character page."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from campaign.models import Event, Membership, Role
from tests.factories import InvitationFactory
from tests.helpers import PASSWORD, fresh, words

pytestmark = pytest.mark.django_db
SIGNUP = {"username": "nova", "password1": PASSWORD, "password2": PASSWORD}


def sign_up_from(client, invitation):
    join = invitation.get_absolute_url()
    form = client.get(reverse("signup") + f"?next={join}")
    assert f'value="{join}"' in form.text
    return client.post(reverse("signup"), {**SIGNUP, "next": join}, follow=True)


def test_signing_up_from_an_invitation_joins_and_opens_the_new_character_page(table, client):
    invitation = InvitationFactory(campaign=table.campaign, created_by=table.gm)
    response = sign_up_from(client, invitation)
    assert response.redirect_chain == [(reverse("character_create", args=[table.campaign.pk]), 302)]
    membership = Membership.objects.get(campaign=table.campaign, user__username="nova")
    assert membership.role == Role.PLAYER
    assert fresh(invitation).uses == 1
    assert "Welcome to The Usurper's Throne, nova! Make your character." in words(response)
    assert Event.objects.filter(campaign=table.campaign, text="nova joined the campaign.").exists()


def test_an_expired_invitation_still_makes_the_account_and_says_the_link_did_not_work(table, client):
    invitation = InvitationFactory(campaign=table.campaign, created_by=table.gm,
                                   expires_at=timezone.now() - timedelta(minutes=1))
    response = sign_up_from(client, invitation)
    assert response.redirect_chain == [(reverse("home"), 302)]
    assert response.context["user"].username == "nova"
    assert not Membership.objects.filter(campaign=table.campaign, user__username="nova").exists()
    assert "the invitation link did not work: This invitation has expired. Ask your GM for a new link." in words(response)
    assert fresh(invitation).uses == 0


def test_an_unknown_invitation_token_still_makes_the_account(client, db):
    response = client.post(reverse("signup"), {**SIGNUP, "next": "/join/no-such-token/"}, follow=True)
    assert response.context["user"].username == "nova"
    assert "invitation link did not work" in words(response)


def test_another_next_page_is_followed_as_before(client, db):
    response = client.post(reverse("signup"), {**SIGNUP, "next": reverse("campaigns")})
    assert response.url == reverse("campaigns")
