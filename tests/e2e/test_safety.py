"""The X-card in real browsers: a player's phone taps it, the table screen and the GM's console
show it at once (pushed, as `make run` serves them) and name nobody, and the GM dismisses it."""

import time

from playwright.sync_api import expect

from safety.models import Agreement, Boundary, XCard
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, log_in

TABLE = {"width": 1920, "height": 1080}
BANNER = "someone tapped it. Pause"


def test_a_phone_taps_the_x_card_and_the_table_and_the_console_show_it_without_a_name(pushed_page, screenshot):
    gm_user, tapper, other = (UserFactory(username=name, first_name=first) for name, first in
                              (("gm-safe", "Gail"), ("tapper-safe", "Tamsin"), ("other-safe", "Otto")))
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, tapper)
    join(campaign, other)
    ada = CharacterFactory(campaign=campaign, owner=tapper, name="Ada", created=True, action_dots=dict(SPREAD))
    Boundary.objects.create(campaign=campaign, kind="line", text="Harm to children", author=other)
    Boundary.objects.create(campaign=campaign, kind="veil", text="Torture")
    Agreement.objects.create(campaign=campaign, item="x_card", agreed_by=gm_user)

    phone, screen, console = pushed_page(PHONE), pushed_page(TABLE), pushed_page(DESKTOP)
    log_in(phone, "tapper-safe")
    log_in(screen, "other-safe")
    log_in(console, "gm-safe")
    phone.goto(ada.get_absolute_url())  # a player's usual page during play
    screen.goto(f"/c/{campaign.pk}/table/")
    console.goto(f"/c/{campaign.pk}/console/")
    for page in (screen, console):
        expect(page.get_by_test_id("x-card-banner")).to_have_count(0)
    console.wait_for_timeout(500)  # each page's stream is open

    # One tap, from the sheet.
    started = time.monotonic()
    phone.get_by_role("button", name="X-card", exact=True).click()
    arrived = {}
    for name, page in (("table", screen), ("console", console)):
        expect(page.get_by_test_id("x-card-banner")).to_contain_text(BANNER, timeout=LIVE)
        arrived[name] = round(time.monotonic() - started, 3)
    print(f"\nX-card: one tap on the phone; on the table screen in {arrived['table']} s, on the console in {arrived['console']} s")
    expect(phone.get_by_role("button", name="X-card shown ✓")).to_be_visible()
    assert phone.url.endswith(ada.get_absolute_url())  # still on the sheet
    for page in (screen, console):
        text = page.content()
        assert "tapper-safe" not in text and "Tamsin" not in text
    assert XCard.objects.showing().count() == 1
    screenshot(phone, "safety-x-card-tapped-phone")
    screenshot(screen, "safety-x-card-table-1920")
    screenshot(console, "safety-x-card-console-1280")

    # The safety page, at each size, while the X-card is showing.
    phone.goto(f"/c/{campaign.pk}/safety/")
    expect(phone.get_by_test_id("x-card-showing")).to_be_visible()
    screenshot(phone, "safety-page-390")
    wide = pushed_page(TABLE)
    log_in(wide, "gm-safe")
    wide.goto(f"/c/{campaign.pk}/safety/")
    expect(wide.get_by_text("Harm to children")).to_be_visible()
    screenshot(wide, "safety-page-gm-1920")
    wide.goto(f"/c/{campaign.pk}/console/")
    expect(wide.get_by_test_id("x-card-banner")).to_be_visible()
    screenshot(wide, "safety-x-card-console-1920")
    phone.goto(f"/c/{campaign.pk}/table/")
    expect(phone.get_by_test_id("x-card-banner")).to_be_visible()
    screenshot(phone, "safety-x-card-table-390")
    phone.goto(f"/c/{campaign.pk}/safety/")

    # The GM dismisses it on the console; it goes from every screen.
    console.get_by_role("button", name="The scene has changed: dismiss").click()
    for page in (console, screen):
        expect(page.get_by_test_id("x-card-banner")).to_have_count(0, timeout=LIVE)
    expect(phone.get_by_test_id("x-card-showing")).to_have_count(0, timeout=LIVE)
    assert XCard.objects.get().dismissed_by == gm_user


def test_lines_and_veils_and_the_checklist_on_a_desktop(pushed_page, screenshot):
    gm_user, player = UserFactory(username="gm-zero"), UserFactory(username="player-zero")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, player)
    gm, phone = pushed_page(DESKTOP), pushed_page(PHONE)
    log_in(gm, "gm-zero")
    log_in(phone, "player-zero")
    gm.goto(f"/c/{campaign.pk}/safety/")
    phone.goto(f"/c/{campaign.pk}/safety/")

    # A player adds a veil anonymously; the GM's page shows it at once, without a name.
    phone.get_by_text("Veil", exact=True).click()
    phone.get_by_label("What it is about").fill("Torture")
    phone.get_by_label("Anonymously: no name is kept, not even for the GM").check()
    phone.get_by_role("button", name="Add").click()
    expect(phone.get_by_test_id("boundary")).to_contain_text("Torture")
    expect(phone.get_by_label("What it is about")).to_have_value("")
    expect(gm.get_by_test_id("boundary")).to_contain_text("anonymous", timeout=LIVE)
    assert "player-zero" not in gm.get_by_test_id("boundary").inner_text()
    assert Boundary.objects.get().author is None

    # The GM ticks the session-zero checklist; the phone shows it ticked.
    gm.get_by_test_id("session-zero-tone").get_by_role("button", name="Agreed").click()
    expect(phone.get_by_test_id("session-zero-tone")).to_contain_text("ticked by gm-zero", timeout=LIVE)
    gm.get_by_test_id("session-zero-lines_veils").get_by_role("button", name="Agreed").click()
    expect(gm.get_by_test_id("session-zero-lines_veils")).to_contain_text("ticked by gm-zero")
    screenshot(gm, "safety-page-gm-1280")
    screenshot(phone, "safety-page-player-390")
