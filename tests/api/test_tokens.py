"""Personal access tokens on the account page: made with a name, shown once, listed, revoked; only
a digest kept; never in a page after it was made, the personal data download or a log."""

import logging

from django.urls import reverse

from api.models import AccessToken
from api.tokens import PREFIX, digest

CAMPAIGNS = "/api/v1/campaigns/"


def make(client, name="Discord bot", key="k1"):
    response = client.post(reverse("api_token_create"), {"name": name, "key": key})
    assert response.status_code == 200
    shown = response.context["new_token"]
    assert shown.startswith(PREFIX) and shown in response.text
    return shown, response


def test_a_token_is_shown_once_kept_as_a_digest_and_revoked(table, caplog):
    caplog.set_level(logging.DEBUG)
    client = table.client("player")
    shown, response = make(client)
    row = AccessToken.objects.get(user=table.player)
    assert row.name == "Discord bot" and row.digest == digest(shown)
    assert shown not in str(AccessToken.objects.filter(pk=row.pk).values().get())  # only the digest is kept
    assert response["Cache-Control"].startswith("private") or "no-store" in response["Cache-Control"]

    reader = table.client("anonymous")
    reader.defaults["HTTP_AUTHORIZATION"] = f"Bearer {shown}"
    assert reader.get(CAMPAIGNS).status_code == 200
    page = client.get(reverse("account")).text
    assert "Discord bot" in page and shown not in page and "never used" not in page  # it has been used now
    data = client.get(reverse("account_data"))
    assert shown not in data.content.decode() and row.digest not in data.content.decode()
    assert [token["name"] for token in data.json()["access_tokens"]] == ["Discord bot"]

    client.post(reverse("api_token_revoke", args=[row.pk]))
    answer = reader.get(CAMPAIGNS)
    assert answer.status_code == 401 and answer.json() == {"status": 401, "error": answer.json()["error"]}
    assert answer["WWW-Authenticate"].startswith("Bearer")
    assert "revoked" in client.get(reverse("account")).text
    assert all(shown not in record.getMessage() for record in caplog.records)


def test_a_token_made_twice_by_one_form_is_made_once(table):
    client = table.client("player")
    make(client, key="same")
    again = client.post(reverse("api_token_create"), {"name": "Discord bot", "key": "same"}, follow=True)
    assert AccessToken.objects.filter(user=table.player).count() == 1
    assert PREFIX not in again.text and "shown once" in again.text
    make(client, key="other")
    assert AccessToken.objects.filter(user=table.player).count() == 2


def test_a_token_needs_a_name_and_revoking_anothers_does_nothing(table):
    client = table.client("player")
    response = client.post(reverse("api_token_create"), {"name": "  "}, follow=True)
    assert not AccessToken.objects.exists() and "Name the token" in response.text
    shown, _ = make(table.client("gm"))
    client.post(reverse("api_token_revoke", args=[AccessToken.objects.get().pk]))
    assert AccessToken.objects.get().revoked_at is None


def test_unknown_damaged_and_foreign_scheme_tokens_are_refused(table):
    for header in ("", "Bearer", "Bearer chg_nothing", "Basic Zm9vOmJhcg==", "Bearer " + "chg_" + "x" * 500,
                   "Token chg_abc"):
        response = table.client("anonymous").get(CAMPAIGNS, HTTP_AUTHORIZATION=header)
        assert response.status_code == 401, header


def test_a_deactivated_person_reads_nothing(table):
    reader = table.api_client("player")
    table.player.is_active = False
    table.player.save()
    assert reader.get(CAMPAIGNS).status_code == 401
