"""Hostile form data at the account's POST endpoints: never a 500, and nothing changed when the
answer is a refusal."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import Account
from campaign.models import Membership

HOSTILE = ["", " ", "a\x00b", "x" * 5000, "<script>alert(1)</script>", "mira@example.org\x00",
           "a@b", "@", "Ω@ç.example", "https://evil.example/", "99999999999999999999"]
FIELDS = ("email", "password", "username", "password1", "password2", "next", "new_password1", "new_password2")


def state():
    users = get_user_model().objects.order_by("pk")
    return (list(users.values_list("username", "email", "password")),
            list(Account.objects.order_by("pk").values_list("user", "verified_email")),
            Membership.objects.count())


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize("name", ["email_change", "email_resend", "account_delete", "password_reset", "signup"])
def test_hostile_values_never_break_an_account_page(table, name, value):
    client = table.client("anonymous" if name in ("password_reset", "signup") else "player")
    before = state()
    response = client.post(reverse(name), dict.fromkeys(FIELDS, value))
    assert response.status_code < 500
    if response.status_code in (400, 429) or "errorlist" in response.text or "invalid-feedback" in response.text:
        assert state() == before


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_links_are_refused(client, db, value):
    for name in ("email_verify", "password_reset_confirm"):
        url = reverse(name, args=["MQ", "1-2"]).replace("MQ", value.replace("/", "").replace("\x00", "%00") or "x")
        assert client.get(url).status_code < 500
        assert client.post(url, {"new_password1": value, "new_password2": value}).status_code < 500
