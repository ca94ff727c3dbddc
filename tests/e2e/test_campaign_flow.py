import re

import pytest
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.helpers import DESKTOP, PASSWORD, PHONE, log_in


@pytest.mark.parametrize(("viewport", "width"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_gm_prepares_a_campaign_and_a_player_joins_through_the_link(new_page, screenshot, viewport, width):
    UserFactory(username="gamemaster")
    gm = new_page(viewport)
    log_in(gm, "gamemaster")

    gm.get_by_role("link", name="New campaign").click()
    gm.get_by_label("Name").fill("Space Pirates")
    gm.get_by_label("Pitch and setting").fill("Smugglers between the stars.")
    gm.get_by_role("button", name="Create campaign").click()
    expect(gm.get_by_text("Space Pirates is ready")).to_be_visible()
    screenshot(gm, f"campaign-dashboard-{width}")

    # A dial: sessions start with 3 momentum.
    gm.get_by_role("link", name="Dials").click()
    gm.get_by_label("Momentum at the start of a session").fill("3")
    screenshot(gm, f"campaign-dials-{width}")
    gm.get_by_role("button", name="Save the dials").click()
    expect(gm.get_by_text("Dials saved")).to_be_visible()
    expect(gm.get_by_label("Momentum at the start of a session")).to_have_value("3")

    # Two forces: one revealed, one hidden.
    for name, revealed in (("The Rebel Forces", True), ("The Grey Ledger", False)):
        gm.get_by_role("link", name="Forces").click()
        gm.get_by_role("link", name="New force").click()
        gm.get_by_label("Name").fill(name)
        gm.get_by_label("Goal").fill("Change who sits on the throne.")
        gm.get_by_label("Method 1").fill("Find dirt on the government.")
        gm.get_by_label("Method 2").fill("Hire mercenaries.")
        if revealed:
            gm.get_by_label("Revealed to players").check()
        gm.get_by_role("button", name="Save").click()
    expect(gm.get_by_text("hidden from players")).to_be_visible()

    # Inline editing with htmx: the card becomes a form and comes back saved, in place.
    card = gm.locator("article", has_text="The Rebel Forces")
    card.get_by_role("link", name="Edit").click()
    form = gm.locator("form", has=gm.get_by_label("Goal"))
    form.get_by_label("Goal").fill("Get rid of the usurper that sits on the throne.")
    form.get_by_role("button", name="Save").click()
    expect(gm.locator("article", has_text="Get rid of the usurper")).to_be_visible()
    assert gm.url.endswith("/forces/")  # no page load happened
    screenshot(gm, f"campaign-forces-gm-{width}")

    gm.get_by_role("link", name="Members").click()
    gm.get_by_role("button", name="Create an invitation link").click()
    link = gm.locator("input[readonly]").first.input_value()
    screenshot(gm, f"campaign-members-{width}")

    player = new_page(viewport)
    player.goto(link)
    expect(player.get_by_text("You are invited to Space Pirates")).to_be_visible()
    screenshot(player, f"campaign-invitation-{width}")
    player.get_by_role("link", name="Sign up and join").click()
    player.get_by_label("Username").fill(f"newplayer-{width}")
    player.get_by_label(re.compile(r"^\s*Password\*?\s*$")).fill(PASSWORD)
    player.get_by_label("Password confirmation").fill(PASSWORD)
    player.get_by_role("button", name="Sign up").click()  # joined at once, on the new character page
    expect(player.get_by_text(f"Welcome to Space Pirates, newplayer-{width}! Make your character.")).to_be_visible()
    assert player.url.endswith("/characters/new/")
    player.get_by_role("link", name="Dashboard").click()

    expect(player.get_by_text("The Rebel Forces", exact=True)).to_be_visible()
    expect(player.get_by_text("The Grey Ledger")).to_have_count(0)
    player.get_by_role("link", name="Forces").click()
    expect(player.get_by_text("The Rebel Forces", exact=True)).to_be_visible()
    expect(player.get_by_text("The Grey Ledger")).to_have_count(0)
    screenshot(player, f"campaign-forces-player-{width}")
