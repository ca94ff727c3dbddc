"""The Extras on a phone, as a player would use them."""

from playwright.sync_api import expect

from campaign.models import Campaign
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import PHONE, SPREAD, log_in


def test_a_loot_roll_from_the_sheet_puts_the_asset_on_it(new_page, screenshot, dice):
    """"Loot Roll": 1d6 after a conflict; a 6 creates an asset, noted on the sheet."""
    gm, player = UserFactory(username="loot-gm"), UserFactory(username="loot-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Campaign.objects.filter(pk=campaign.pk).update(dials={"extras": ["asset"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    page = new_page(PHONE)
    log_in(page, "loot-player")
    page.goto(ada.get_absolute_url())
    page.get_by_role("link", name="Loot roll").click()
    expect(page.get_by_test_id("loot-odds")).to_contain_text("One asset: 17% 1/6")
    page.get_by_label("What might be found").fill("The captain's spyglass")
    screenshot(page, "loot-roll-phone")
    dice(6)
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_test_id("loot-found")).to_have_text("Found one asset: The captain's spyglass, on Ada's sheet.")
    page.goto(ada.get_absolute_url())
    expect(page.locator("#assets")).to_contain_text("The captain's spyglass · Loot")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
