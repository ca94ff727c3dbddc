"""The Content-Security-Policy, and login throttling against password guessing."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.helpers import PASSWORD

pytestmark = pytest.mark.django_db


def test_every_page_carries_a_policy_with_no_inline_script_and_no_eval(client, user):
    client.force_login(user)
    policy = client.get("/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy


def test_five_wrong_passwords_lock_that_username_out_from_that_address(client, user, settings):
    settings.AXES_ENABLED = True
    for _ in range(5):
        client.post(reverse("login"), {"username": "mira", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "mira", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many wrong passwords" in response.text
    assert not client.get("/").context["user"].is_authenticated


def test_a_lockout_does_not_stop_another_user(client, user, settings):
    settings.AXES_ENABLED = True
    UserFactory(username="other", password="another-passphrase-7")
    for _ in range(5):
        client.post(reverse("login"), {"username": "mira", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "other", "password": "another-passphrase-7"})
    assert response.status_code == 302


def test_a_right_password_before_the_limit_resets_the_count(client, user, settings):
    settings.AXES_ENABLED = True
    for _ in range(4):
        client.post(reverse("login"), {"username": "mira", "password": "wrong"})
    assert client.post(reverse("login"), {"username": "mira", "password": PASSWORD}).status_code == 302
    client.post(reverse("logout"))
    for _ in range(4):
        client.post(reverse("login"), {"username": "mira", "password": "wrong"})
    assert client.post(reverse("login"), {"username": "mira", "password": PASSWORD}).status_code == 302


def test_pages_made_for_a_user_are_kept_by_no_cache(table):
    from django.urls import reverse
    c = table.campaign.pk
    for who, url in (("gm", reverse("console", args=[c])),
                     ("player", reverse("character", args=[c, table.character.pk])),
                     ("player", reverse("campaign", args=[c])), ("player", reverse("live", args=[c]) + "?v=0")):
        response = table.client(who).get(url)
        assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"], url
