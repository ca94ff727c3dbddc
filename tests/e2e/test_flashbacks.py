"""A flashback across two screens ("Flashbacks"): the player calls it on their phone, the GM sets
its price on the console in one tap, the player's phone shows the price by itself and pays it."""

from playwright.sync_api import expect

from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, log_in, settled


def test_the_player_calls_the_gm_prices_on_the_console_and_the_player_pays(new_page, screenshot):
    gm_user, ada_user = UserFactory(username="gm-flashback"), UserFactory(username="ada-flashback")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, ada_user)
    ada = CharacterFactory(campaign=campaign, owner=ada_user, name="Ada", momentum=2, created=True,
                           action_dots=dict(SPREAD))
    player, gm = new_page(PHONE), new_page(DESKTOP)
    log_in(player, "ada-flashback")
    log_in(gm, "gm-flashback")
    gm.goto(f"/c/{campaign.pk}/console/")

    # The player: Rolls, Flashback, what Ada prepared, Call the flashback.
    player.goto(f"/c/{campaign.pk}/")
    player.get_by_role("link", name="Rolls", exact=True).click()
    player.get_by_role("link", name="Flashback", exact=True).click()
    player.get_by_label("What your character prepared back then").fill("Bribed the guards last night")
    player.get_by_role("button", name="Call the flashback").click()
    expect(player.get_by_text("Waiting for the GM")).to_be_visible()
    screenshot(player, "flashback-1-waiting-for-the-price")

    # The GM: the call is on the console without a reload; one tap sets the price.
    card = gm.get_by_role("article", name="Ada's flashback")
    expect(card).to_contain_text("Bribed the guards last night", timeout=LIVE)
    screenshot(gm, "flashback-console")
    card.get_by_role("button", name="1 momentum", exact=True).click()
    expect(gm.get_by_role("article", name="Ada's flashback")).to_contain_text("Ada's player pays it or withdraws.")

    # The player's phone moves on by itself: the price, and one tap to pay it.
    expect(player.get_by_test_id("flashback-price")).to_have_text("The GM's price: 1 momentum.", timeout=LIVE)
    screenshot(player, "flashback-2-the-gms-price")
    settled(player)
    player.get_by_role("button", name="Pay 1 momentum").click()
    expect(player.get_by_text("A flashback for 1 momentum.")).to_be_visible()
    expect(player.get_by_role("link", name="An action roll: there was danger")).to_be_visible()
    expect(player.get_by_role("link", name="A fortune roll: it was a matter of luck")).to_be_visible()
    screenshot(player, "flashback-3-paid")
    ada.refresh_from_db()
    assert ada.charge.momentum == 1
    roll = campaign.rolls.get()
    assert (roll.kind, roll.goal, roll.choices) == ("flashback", "Bribed the guards last night", {"flashback_cost": 1})
    expect(gm.get_by_role("article", name="Ada's flashback")).to_have_count(0, timeout=LIVE)
