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
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, TABLE, clock_face, log_in


def test_the_table_console_and_a_phone_stay_in_step(either_page, screenshot, dice):
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

    console, screen, phone = either_page(DESKTOP), either_page(TABLE), either_page(PHONE)
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
    expect(clock_face(console, "Buy back the boat: 3 of 6")).to_be_visible()
    expect(clock_face(screen, "Buy back the boat: 3 of 6")).to_be_visible(timeout=LIVE)
    expect(clock_face(phone, "Buy back the boat: 3 of 6")).to_be_visible(timeout=LIVE)
    # The focus stays on the clock, so the next key acts on it again.
    console.keyboard.press("u")
    expect(clock_face(screen, "Buy back the boat: 2 of 6")).to_be_visible(timeout=LIVE)
    expect(screen.get_by_text("The Ledger's secret")).to_have_count(0)

    screenshot(screen, "table-screen-1920x1080")
    screenshot(console, "gm-console-desktop")
    screenshot(phone, "table-player-sheet-phone")


def test_the_gm_ticks_on_the_table_screen_and_everything_fits_one_screen(new_page, screenshot):
    """The table laptop runs the session: the GM ticks a clock there in one tap, a player's phone
    sees it, and five characters and seven clocks, one with a 120-character name, fit 1920x1080."""
    gm_user, player_user = UserFactory(username="gm-fit"), UserFactory(username="player-fit")
    campaign = make_campaign(gm_user, name="The Crowded Table")
    join(campaign, player_user)
    for number in range(5):
        CharacterFactory(campaign=campaign, owner=player_user if number == 0 else None, name=f"Hero {number}",
                         created=True, action_dots=dict(SPREAD))
    long_name = ("The harbour guild finally notices that somebody has been stealing the ledgers "
                 "from the customs house for weeks and weeks")
    assert len(long_name) == 120
    ClockFactory(campaign=campaign, name=long_name, kind="danger", size=8, filled=3)
    for number in range(5):
        ClockFactory(campaign=campaign, name=f"Clock {number}", kind="progress", size=6, filled=number)
    alert = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=1)
    ClockFactory(campaign=campaign, name="The Ledger's secret", kind="danger", size=4, visibility=Visibility.GM)

    screen, phone = new_page(TABLE), new_page(PHONE)
    log_in(screen, "gm-fit")
    log_in(phone, "player-fit")
    screen.goto(f"/c/{campaign.pk}/table/")
    phone.goto(f"/c/{campaign.pk}/")
    expect(clock_face(screen, "Alert: 1 of 6")).to_be_visible()
    screen.get_by_role("button", name="Tick one segment of Alert").click()  # one tap
    expect(clock_face(screen, "Alert: 2 of 6")).to_be_visible()
    expect(clock_face(phone, "Alert: 2 of 6")).to_be_visible(timeout=LIVE)
    alert.refresh_from_db()
    assert alert.filled == 2
    screen.get_by_role("button", name="Clear one segment of Alert").click()
    expect(clock_face(screen, "Alert: 1 of 6")).to_be_visible()
    expect(screen.get_by_text("The Ledger's secret")).to_have_count(0)
    expect(screen.get_by_text("GM only")).to_have_count(0)

    fits = "document.documentElement.scrollHeight <= window.innerHeight + 1"
    for _ in range(50):  # the screen scales itself once its panels are in
        if screen.evaluate(fits):
            break
        screen.wait_for_timeout(100)
    assert screen.evaluate(fits)
    cards = screen.locator("#table-clocks .clock-card, #table-characters .character-tile")
    expect(cards).to_have_count(12)
    for number in range(12):  # each whole on the screen (a live refresh may swap it meanwhile: retried)
        expect(cards.nth(number)).to_be_in_viewport(ratio=1)
    screenshot(screen, "table-screen-crowded-1920x1080")
