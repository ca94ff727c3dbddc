"""Connecting a campaign to Discord in a real browser, every tap counted: from Members, Connections;
paste the webhook's address, "Send a test" (Discord's answer said, nothing saved), "Save" (3 taps
after the paste). Then a clock ticked at the table reaches the channel through the worker, and a
GM-only clock does not. A receiver on loopback stands in for Discord (tests/hooks/conftest.py)."""

import pytest
from playwright.sync_api import expect

from hooks.models import Channel, Webhook
from hooks.worker import deliver_due
from tests.e2e.test_taps import SCREENS, Taps
from tests.factories import ClockFactory, UserFactory, make_campaign
from tests.helpers import log_in
from tests.hooks.conftest import TOKENS, receiver  # noqa: F401 - the receiver fixture

pytestmark = pytest.mark.django_db(transaction=True)


@SCREENS
def test_connecting_discord_is_paste_test_save_and_the_table_hears_of_a_tick(new_page, screen, receiver):  # noqa: F811
    gm = UserFactory(username="hooks-gm")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    alert = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=2)
    plot = ClockFactory(campaign=campaign, name="The Duke's plot", kind="danger", size=8, filled=1, visibility="gm")
    page = new_page(screen)
    log_in(page, "hooks-gm")
    page.goto(f"/c/{campaign.pk}/members/")
    page.get_by_role("link", name="Connections: Discord, webhooks").click()
    table = page.get_by_test_id(f"channel-{Channel.TABLE.value}")
    address = receiver.url(TOKENS[Channel.TABLE])

    taps = Taps()
    table.get_by_label("The webhook's address").fill(address)
    taps.tap(table.get_by_role("button", name="Send a test"))
    expect(table.get_by_role("status")).to_contain_text("Discord said 204: posted.")
    assert not Webhook.objects.exists(), "a test saves nothing"
    assert receiver.at(TOKENS[Channel.TABLE])[0].data["embeds"][0]["title"].startswith("A test from")
    taps.tap(table.get_by_role("button", name="Save"))
    expect(page.get_by_role("alert").filter(has_text="Saved")).to_be_visible()
    assert taps.count == 2, "paste, test, save"
    expect(table.get_by_test_id("masked")).to_contain_text("127.0.0.1/…" + address[-4:])
    assert TOKENS[Channel.TABLE] not in page.content()
    hook = Webhook.objects.get()
    assert hook.channel == Channel.TABLE and hook.address == address

    # A tick at the table, through the clocks page, reaches the channel; the hidden clock's does not.
    for clock in (alert, plot):
        page.goto(f"/c/{campaign.pk}/clocks/")
        page.locator(f"#clock-{clock.pk}-tick").click()
        expect(page.locator(f"#clock-{clock.pk}-tick")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert deliver_due() >= 1
    posted = [post.body.decode() for post in receiver.at(TOKENS[Channel.TABLE])[1:]]
    assert any("Alert" in body for body in posted)
    assert not any("Duke" in body for body in posted), "a GM-only clock reached the table's channel"
    page.goto(f"/c/{campaign.pk}/connections/")
    expect(page.get_by_text("Nothing: everything was posted.")).to_be_visible()
