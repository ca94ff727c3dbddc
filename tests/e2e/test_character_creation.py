from playwright.sync_api import expect

from tests.factories import ForceFactory, GameSessionFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, log_in


def test_a_player_creates_a_character_on_a_phone_and_the_gm_sees_it(new_page, screenshot):
    gm_user, player_user = UserFactory(username="gm-sheet"), UserFactory(username="player-sheet")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, player_user)
    ForceFactory(campaign=campaign, name="The Rebel Forces", revealed=True)
    GameSessionFactory(campaign=campaign, number=1)

    phone = new_page(PHONE)
    log_in(phone, "player-sheet")
    phone.goto(f"/c/{campaign.pk}/")
    phone.get_by_role("link", name="New character").click()
    phone.get_by_label("Name").fill("Vesna Kade")
    phone.get_by_role("button", name="Create and spread the dots").click()
    expect(phone.get_by_test_id("dots-left")).to_have_text("7 dots left")
    screenshot(phone, "character-creation-start-phone")

    # Tap dots; a third dot in one action is refused with the reason.
    phone.get_by_role("button", name="Sneak: set to 2").click()
    expect(phone.get_by_test_id("dots-left")).to_have_text("5 dots left")
    phone.get_by_role("button", name="Finish creation").click()
    expect(phone.get_by_text("You have 5 dots left to spend.")).to_be_visible()
    left = 5
    for action, dots in SPREAD.items():
        if action != "Sneak":
            phone.get_by_role("button", name=f"{action}: set to {dots}").click()
            left -= dots
            # each tap redraws the card: wait for it, as a player would, before the next tap
            expect(phone.get_by_test_id("dots-left")).to_have_text(f"{left} dot{'' if left == 1 else 's'} left")
    expect(phone.get_by_test_id("dots-left")).to_have_text("0 dots left")
    screenshot(phone, "character-creation-spent-phone")
    phone.get_by_role("button", name="Finish creation").click()
    expect(phone.get_by_text("Vesna Kade is ready to play.")).to_be_visible()
    expect(phone.get_by_text("in creation")).to_have_count(0)

    phone.get_by_role("link", name="Add a tie").click()
    phone.get_by_label("New tie: who, and how").fill("Owes the Rebel Forces a favour")
    phone.get_by_label("Links to").select_option(label="The Rebel Forces (force)")
    phone.get_by_role("button", name="Add the tie").click()
    expect(phone.get_by_role("link", name="The Rebel Forces")).to_be_visible()

    phone.get_by_role("button", name="Spend one momentum").click()
    expect(phone.get_by_test_id("momentum")).to_have_text("1")
    screenshot(phone, "character-sheet-phone")

    gm = new_page(DESKTOP)
    log_in(gm, "gm-sheet")
    gm.goto(f"/c/{campaign.pk}/")
    row = gm.locator("#characters-panel li", has_text="Vesna Kade")
    expect(row).to_contain_text("Momentum 1 · Stress 0/4")
    # A change on the phone reaches the GM's dashboard live.
    phone.get_by_role("button", name="Take one stress").click()
    expect(row).to_contain_text("Stress 1/4", timeout=LIVE)
    screenshot(gm, "character-on-gm-dashboard-desktop")
    gm.get_by_role("link", name="Vesna Kade").click()
    expect(gm.get_by_text("Owes the Rebel Forces a favour")).to_be_visible()
    screenshot(gm, "character-sheet-gm-desktop")
