from playwright.sync_api import expect

from clocks.models import Visibility, WhoMayTick
from tests.factories import (
    CharacterFactory,
    ClockFactory,
    GameSessionFactory,
    UserFactory,
    join,
    make_campaign,
)
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, TABLE, log_in


def test_the_table_console_and_a_phone_stay_in_step(new_page, screenshot, dice):
    gm_user, player_user = UserFactory(username="gm-table"), UserFactory(username="player-table")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, player_user)
    GameSessionFactory(campaign=campaign, number=1)
    ada = CharacterFactory(campaign=campaign, owner=player_user, name="Ada", momentum=2, created=True,
                           action_dots=dict(SPREAD))
    boat = ClockFactory(campaign=campaign, character=ada, name="Buy back the boat", kind="project",
                        size=6, filled=2, who_may_tick=WhoMayTick.OWNER)
    ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=1)
    ClockFactory(campaign=campaign, name="The Ledger's secret", kind="danger", size=4,
                 visibility=Visibility.GM)
    dice(6, 6)

    console, screen, phone = new_page(DESKTOP), new_page(TABLE), new_page(PHONE)
    log_in(console, "gm-table")
    log_in(screen, "gm-table")  # the GM's laptop, shown to everyone: still no secrets
    log_in(phone, "player-table")
    console.goto(f"/c/{campaign.pk}/console/")
    screen.goto(f"/c/{campaign.pk}/table/")
    phone.goto(ada.get_absolute_url())
    expect(screen.get_by_text("The Ledger's secret")).to_have_count(0)
    expect(console.get_by_role("link", name="The Ledger's secret")).to_be_visible()

    # A roll from the player's phone appears on the table screen, live.
    phone.get_by_role("link", name="Roll", exact=True).click()
    phone.get_by_label("Action*", exact=True).select_option("Sneak")
    phone.get_by_role("button", name="Next").click()
    expect(phone.get_by_text("Waiting for the GM")).to_be_visible()
    console.get_by_role("article", name="Ada's Sneak roll").get_by_role("button", name="Set risk and effect").click()
    expect(phone.get_by_role("heading", name="Even the odds")).to_be_visible(timeout=LIVE)
    phone.get_by_role("button", name="Roll 2d6").click()
    expect(phone.get_by_test_id("outcome")).to_have_text("Critical success")
    expect(screen.get_by_test_id("table-outcome")).to_have_text("Critical success", timeout=LIVE)
    expect(screen.locator("#table-characters article", has_text="Ada").get_by_test_id("tile-momentum")).to_have_text("5", timeout=LIVE)

    # A clock ticked on the console with its keyboard shortcut appears on both, live.
    phone.goto(ada.get_absolute_url())
    console.locator(f"#clock-{boat.pk}").focus()
    console.keyboard.press("+")
    expect(console.get_by_role("img", name="Buy back the boat: 3 of 6")).to_be_visible()
    expect(screen.get_by_role("img", name="Buy back the boat: 3 of 6")).to_be_visible(timeout=LIVE)
    expect(phone.get_by_role("img", name="Buy back the boat: 3 of 6")).to_be_visible(timeout=LIVE)
    # The focus stays on the clock, so the next key acts on it again.
    console.keyboard.press("u")
    expect(screen.get_by_role("img", name="Buy back the boat: 2 of 6")).to_be_visible(timeout=LIVE)
    expect(screen.get_by_text("The Ledger's secret")).to_have_count(0)

    screenshot(screen, "table-screen-1920x1080")
    screenshot(console, "gm-console-desktop")
    screenshot(phone, "table-player-sheet-phone")
