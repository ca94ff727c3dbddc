"""The screenshot helper captures a page at rest: a tap that leads to another page is captured on
the page it led to, never on the way there (Chromium can stall capturing a page being left)."""

import time

from playwright.sync_api import expect

from campaign.views import campaigns
from tests.factories import CharacterFactory, UserFactory, make_campaign
from tests.helpers import DESKTOP, log_in


def test_a_screenshot_after_a_tap_that_leads_elsewhere_is_of_the_page_it_led_to(new_page, live_server, screenshot, monkeypatch):
    user = UserFactory(username="shot")
    campaign = make_campaign(user)
    CharacterFactory(campaign=campaign, owner=user, name="Ada", created=True, action_dots={"Sneak": 2})
    page = new_page(DESKTOP)
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, "shot")
    page.goto(f"/c/{campaign.pk}/rolls/new/")
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="The GM sets the risk and the effect")).to_be_visible()
    membership_or_404 = campaigns.membership_or_404

    def busy_server(*args):  # the next page takes its time, as on a loaded machine
        time.sleep(1.5)
        return membership_or_404(*args)

    monkeypatch.setattr(campaigns, "membership_or_404", busy_server)
    captured_on, capture = [], page.screenshot
    page.screenshot = lambda **options: captured_on.append(page.url) or capture(**options)
    page.get_by_role("button", name="Withdraw").click()  # htmx is told to go to the campaign's page
    screenshot(page, "roll-withdrawn-desktop")
    assert captured_on == [f"{live_server.url}/c/{campaign.pk}/"]
    expect(page.get_by_text("Ada's Muscle roll is withdrawn.")).to_be_visible(timeout=1)
