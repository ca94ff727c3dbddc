"""Forgot your password: a link by email to verified addresses only, the same answer for every
address, a link that works once and for an hour, and a limit on asking."""

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.urls import reverse

from tests.accounts.links import last_link
from tests.factories import UserFactory
from tests.helpers import PASSWORD, fresh, words

pytestmark = pytest.mark.django_db
NEW = "a-brand-new-passphrase-3"


def ask(client, email, **extra):
    return client.post(reverse("password_reset"), {"email": email}, follow=True, **extra)


def test_a_verified_address_gets_a_link_that_sets_a_new_password(verified, client):
    response = ask(client, "Mira@Example.org")
    assert response.redirect_chain == [(reverse("password_reset_done"), 302)]
    assert mail.outbox[0].to == ["mira@example.org"]
    assert "Your username is mira" in mail.outbox[0].body
    page = client.get(last_link(), follow=True)
    assert "Set a new password" in words(page)
    done = client.post(page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}, follow=True)
    assert "Password changed" in words(done)
    assert fresh(verified).check_password(NEW)
    assert client.login(username="mira", password=NEW)


def test_known_unverified_and_unknown_addresses_get_the_same_answer(verified, client):
    UserFactory(username="nova", email="nova@example.org")  # never verified
    answers = [ask(client, email) for email in ("mira@example.org", "nova@example.org", "nobody@example.org")]
    assert len({(answer.status_code, answer.redirect_chain[-1][0], words(answer)) for answer in answers}) == 1
    assert [message.to for message in mail.outbox] == [["mira@example.org"]]


def test_a_reset_link_works_once(verified, client):
    ask(client, "mira@example.org")
    link = last_link()
    page = client.get(link, follow=True)
    client.post(page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    other = type(client)()
    again = other.get(link, follow=True)
    assert "This link does not work" in words(again)
    assert "expired, was already used, or is not complete. Your password was not changed." in words(again)
    assert 'name="new_password1"' not in again.text
    assert fresh(verified).check_password(NEW)


def test_an_expired_reset_link_changes_nothing(verified, client, later):
    ask(client, "mira@example.org")
    link = last_link()
    later(default_token_generator, 3600 + 60)
    page = client.get(link, follow=True)
    assert "expired" in words(page) and 'name="new_password1"' not in page.text
    assert fresh(verified).check_password(PASSWORD)


def test_a_damaged_reset_link_changes_nothing(verified, client):
    ask(client, "mira@example.org")
    link = last_link()
    page = client.get(link[:-4] + "beef/", follow=True)
    assert "This link does not work" in words(page)
    assert fresh(verified).check_password(PASSWORD)


def test_asking_too_often_is_refused_the_same_way_for_every_address(verified, client):
    for email in ("mira@example.org", "nobody@example.org"):
        for _ in range(5):
            assert ask(client, email, REMOTE_ADDR=f"10.0.0.{len(email)}").status_code == 200
    sent = len(mail.outbox)
    known = ask(client, "mira@example.org", REMOTE_ADDR="10.0.0.99")
    unknown = ask(client, "nobody@example.org", REMOTE_ADDR="10.0.0.98")
    assert known.status_code == unknown.status_code == 429
    assert words(known) == words(unknown)
    assert "paused for 15 minutes" in words(known)
    assert len(mail.outbox) == sent


def test_one_address_asking_for_many_emails_is_stopped(verified, client):
    for number in range(5):
        ask(client, f"someone{number}@example.org")
    assert ask(client, "mira@example.org").status_code == 429
    assert mail.outbox == []


def test_the_login_page_offers_the_reset(client):
    assert f'href="{reverse("password_reset")}"' in client.get(reverse("login")).text
