"""The GM's connections page: paste, send a test, save; an address shown masked once saved; a bad
address refused with why and nothing saved; only the campaign's GMs reach it."""

import pytest
from django.urls import reverse

from hooks.models import Channel, Webhook
from tests.hooks.conftest import TOKENS

DISCORD = "https://discord.com/api/webhooks/123456/SECRET-WEBHOOK-TOKEN-wxyz"


def page(table):
    return reverse("connections", args=[table.campaign.pk])


def save_url(table, channel=Channel.TABLE):
    return reverse("connection_save", args=[table.campaign.pk, channel])


@pytest.mark.parametrize("who", ["outsider", "player"])
def test_only_the_campaigns_gms_reach_the_page_and_its_writes(table, who):
    Webhook.objects.create(campaign=table.campaign, channel=Channel.TABLE, address=DISCORD, kinds=["rolls"])
    client = table.client(who)
    assert client.get(page(table)).status_code == 404
    assert client.post(save_url(table), {"address": DISCORD, "kinds": ["rolls"], "do": "test"}).status_code == 404
    assert client.post(save_url(table, Channel.GM), {"address": DISCORD, "kinds": ["rolls"]}).status_code == 404
    assert client.post(reverse("connection_remove", args=[table.campaign.pk, Channel.TABLE])).status_code == 404
    assert Webhook.objects.count() == 1 and "SECRET-WEBHOOK-TOKEN" not in client.get(page(table)).text


def test_a_saved_address_is_shown_masked_and_kinds_are_kept(table):
    gm = table.client("gm")
    response = gm.post(save_url(table), {"address": f"  {DISCORD} ", "kinds": ["rolls", "x_card"], "key": "k1"})
    assert response.status_code == 302
    hook = Webhook.objects.get()
    assert hook.address == DISCORD and hook.kinds == ["rolls", "x_card"]
    shown = gm.get(page(table)).text
    assert "SECRET-WEBHOOK-TOKEN" not in shown and "https://discord.com/…wxyz" in shown
    # Kinds changed, the address kept: an empty address keeps the one saved.
    gm.post(save_url(table), {"address": "", "kinds": ["clocks"], "key": "k2"})
    hook.refresh_from_db()
    assert hook.address == DISCORD and hook.kinds == ["clocks"]


@pytest.mark.parametrize(("channel", "address", "said"), [
    (Channel.TABLE, "http://discord.com/api/webhooks/1/abc", "https://"),
    (Channel.TABLE, "https://evil.example/api/webhooks/1/abc", "not a Discord webhook address"),
    (Channel.TABLE, "https://discord.com/channels/1/2", "not a Discord webhook address"),
    (Channel.TABLE, "not an address", "not a web address"),
    (Channel.JSON, "https://10.0.0.7/hook", "private network"),
    (Channel.JSON, "https://169.254.169.254/latest/meta-data", "private network"),
    (Channel.JSON, "http://192.168.1.2/hook", "https://"),
    (Channel.JSON, "https://[::1]/hook", "private network"),
])
def test_a_bad_address_is_refused_with_why_and_nothing_saved(table, channel, address, said):
    response = table.client("gm").post(save_url(table, channel), {"address": address, "kinds": ["rolls"], "key": "k"})
    assert response.status_code == 400 and said in response.text
    assert not Webhook.objects.exists()


def test_loopback_only_where_the_setting_allows_it(table, settings):
    settings.HOOKS_ALLOW_LOOPBACK = False
    response = table.client("gm").post(save_url(table, Channel.JSON), {"address": "http://127.0.0.1:9/hook", "key": "k"})
    assert response.status_code == 400 and not Webhook.objects.exists()


def test_paste_test_save(table, receiver):
    """The three taps: paste, "Send a test" (Discord's answer said, nothing saved, the address kept
    in the form), "Save"."""
    gm = table.client("gm")
    address = receiver.url(TOKENS[Channel.TABLE])
    tested = gm.post(save_url(table), {"address": address, "kinds": ["rolls"], "do": "test"})
    assert tested.status_code == 200 and "Discord said 204: posted." in tested.text
    assert not Webhook.objects.exists()
    assert receiver.at(TOKENS[Channel.TABLE])[0].data["embeds"][0]["title"].startswith("A test from")
    saved = gm.post(save_url(table), {"address": address, "kinds": ["rolls"], "do": "save", "key": "k1"}, follow=True)
    assert "Saved" in saved.text and TOKENS[Channel.TABLE] not in saved.text
    receiver.answer(TOKENS[Channel.TABLE], (404, {"message": "Unknown Webhook"}))
    again = gm.post(save_url(table), {"address": "", "kinds": ["rolls"], "do": "test"})
    assert "Discord said 404: the webhook was deleted." in again.text


def test_the_json_webhooks_secret_is_shown_once(table, receiver):
    gm = table.client("gm")
    made = gm.post(save_url(table, Channel.JSON), {"address": receiver.url("/json/x"), "kinds": ["rolls"], "key": "k1"})
    secret = Webhook.objects.get().secret
    assert len(secret) > 30 and secret in made.text
    assert secret not in gm.get(page(table)).text


def test_disconnect(table):
    Webhook.objects.create(campaign=table.campaign, channel=Channel.GM, address=DISCORD, kinds=["rolls"])
    response = table.client("gm").post(reverse("connection_remove", args=[table.campaign.pk, Channel.GM]), {"key": "k"})
    assert response.status_code == 302 and not Webhook.objects.exists()


def test_an_unknown_channel_is_not_there(table):
    assert table.client("gm").post(save_url(table, "irc"), {"address": DISCORD}).status_code == 404
