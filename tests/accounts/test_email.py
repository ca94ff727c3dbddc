"""An email address on the account: given at sign-up or later, verified by a link that works
once and expires; asked again where it matters."""

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import Account, verified_email
from accounts.tokens import email_verification_tokens
from tests.accounts.links import last_link
from tests.factories import UserFactory
from tests.helpers import PASSWORD, fresh, words

pytestmark = pytest.mark.django_db
SIGNUP = {"username": "nova", "password1": PASSWORD, "password2": PASSWORD}


def test_signing_up_without_an_email_is_fine_and_sends_nothing(client):
    response = client.post(reverse("signup"), SIGNUP)
    assert response.status_code == 302
    assert mail.outbox == []
    assert "has no email address" in words(client.get("/"))


def test_signing_up_with_an_email_sends_its_link_and_verifying_it_works(client):
    client.post(reverse("signup"), {**SIGNUP, "email": "nova@example.org"})
    user = Account.objects.get(user__username="nova").user
    assert user.email == "nova@example.org" and not verified_email(user)
    assert mail.outbox[0].to == ["nova@example.org"]
    link = last_link()
    assert "not verified" in words(client.get(reverse("account")))
    page = client.get(link)  # opening the link changes nothing: a mail scanner may open it
    assert page.status_code == 200 and not verified_email(user)
    assert "Yes, this is my address" in words(page)
    response = client.post(link, follow=True)
    assert verified_email(fresh(user)) == "nova@example.org"
    assert "is verified" in words(response)
    assert "not verified" not in words(client.get(reverse("account")))
    assert "could not be reset" not in words(client.get("/"))


def test_a_verification_link_works_once(client):
    client.post(reverse("signup"), {**SIGNUP, "email": "nova@example.org"})
    link = last_link()
    client.post(link)
    again = client.post(link)
    assert again.status_code == 410
    assert "expired, was already used, or is not complete. Nothing was changed." in words(again)


def test_an_expired_or_damaged_verification_link_is_refused_and_changes_nothing(client, later):
    client.post(reverse("signup"), {**SIGNUP, "email": "nova@example.org"})
    user = Account.objects.get(user__username="nova").user
    link = last_link()
    for damaged in (link[:-3] + "abc/", link.replace(link.split("/")[3], "OTk5"), "/accounts/email/%%%/1-2/"):
        response = client.post(damaged)
        assert response.status_code in (404, 410)
    later(email_verification_tokens, 3 * 24 * 3600 + 60)
    response = client.post(link)
    assert response.status_code == 410 and "expired" in words(response)
    assert not verified_email(fresh(user))


def test_a_link_for_an_old_address_does_not_verify_the_new_one(client):
    client.post(reverse("signup"), {**SIGNUP, "email": "nova@example.org"})
    old_link = last_link()
    client.post(reverse("email_change"), {"email": "nova@elsewhere.org", "password": PASSWORD})
    user = Account.objects.get(user__username="nova").user
    assert client.post(old_link).status_code == 410
    assert not verified_email(fresh(user))
    client.post(last_link())
    assert verified_email(fresh(user)) == "nova@elsewhere.org"


def test_changing_the_address_asks_the_password_and_unverifies_it(verified, client):
    client.force_login(verified)
    response = client.post(reverse("email_change"), {"email": "mira@new.org", "password": "wrong"})
    assert response.status_code == 400 and "That is not your password." in words(response)
    assert fresh(verified).email == "mira@example.org" and mail.outbox == []
    client.post(reverse("email_change"), {"email": "mira@new.org", "password": PASSWORD})
    assert fresh(verified).email == "mira@new.org" and not verified_email(verified)
    assert mail.outbox[-1].to == ["mira@new.org"]


def test_an_address_changed_anywhere_is_unverified(verified):
    verified.email = "typo@example.org"
    verified.save()
    assert verified_email(verified) == ""


def test_the_link_can_be_sent_again_a_few_times(client):
    user = UserFactory(username="nova", email="nova@example.org")
    client.force_login(user)
    for _ in range(5):
        assert client.post(reverse("email_resend")).status_code == 302
    assert len(mail.outbox) == 5
    assert client.post(reverse("email_resend")).status_code == 429
    assert len(mail.outbox) == 5


def test_the_account_page_links_what_an_account_does(verified, client):
    client.force_login(verified)
    page = client.get(reverse("account"))
    for name in ("password_change", "language", "account_data", "account_delete"):
        assert f'href="{reverse(name)}"' in page.text
    assert "mira@example.org verified" in words(page)
    assert f'href="{reverse("account")}"' in client.get("/").text  # the user menu


def test_a_mail_server_that_fails_keeps_the_account_and_says_so(client, settings, monkeypatch):
    import accounts.mail

    def refuse(*args, **kwargs):
        raise ConnectionRefusedError
    monkeypatch.setattr(accounts.mail, "send_mail", refuse)
    response = client.post(reverse("signup"), {**SIGNUP, "email": "nova@example.org"}, follow=True)
    assert Account.objects.filter(user__username="nova").exists()
    assert "could not be sent" in words(response)


def test_saving_the_verified_address_again_keeps_it_verified_and_sends_nothing(verified, client):
    client.force_login(verified)
    response = client.post(reverse("email_change"), {"email": "MIRA@example.org", "password": PASSWORD}, follow=True)
    assert "already your address" in words(response)
    assert verified_email(fresh(verified)) == "mira@example.org" and mail.outbox == []
