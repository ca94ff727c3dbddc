"""A session as it is run: the GM console on a laptop (1366x768), the table screen (1920x1080)
and two players' phones, each its own browser. Every step asserts what the other screens show
without a reload (the seconds each took are printed, never asserted: a slow machine is not a
defect), and counts the taps of the flows ("Action Roll": the player sets the goal,
the GM sets the risk and the effect, the player evens the odds)."""

import time

from playwright.sync_api import expect

from clocks.models import WhoMayTick
from tests.factories import (
    CharacterFactory,
    ClockFactory,
    GameSessionFactory,
    UserFactory,
    join,
    make_campaign,
)
from tests.helpers import LIVE, PHONE, SPREAD, TABLE, clock_face, log_in

LAPTOP = {"width": 1366, "height": 768}


class Taps:
    """Counts the taps (clicks) of a flow."""

    def __init__(self):
        self.count = 0

    def __call__(self, locator):
        locator.click()
        self.count += 1


def seen_within(locator, text=None, timeout=LIVE) -> float:
    """Wait until the locator shows (or contains ``text``); return the seconds it took."""
    start = time.monotonic()
    if text is None:
        expect(locator).to_be_visible(timeout=timeout)
    else:
        expect(locator).to_contain_text(text, timeout=timeout)
    return time.monotonic() - start


def in_view(page, locator) -> bool:
    """On the first screen of the page: seen without scrolling."""
    bottom = locator.evaluate("element => element.getBoundingClientRect().bottom + window.scrollY")
    return bottom <= page.viewport_size["height"]


def test_a_session_on_four_screens(either_page, screenshot, dice):
    gm_user, ada_user, bo_user = (UserFactory(username=name) for name in ("run-gm", "run-ada", "run-bo"))
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, ada_user)
    join(campaign, bo_user)
    GameSessionFactory(campaign=campaign, number=1)
    ada = CharacterFactory(campaign=campaign, owner=ada_user, name="Ada", momentum=2, created=True,
                           action_dots=dict(SPREAD))
    bo = CharacterFactory(campaign=campaign, owner=bo_user, name="Bo", momentum=2, created=True,
                          action_dots={"Muscle": 2})
    vault = ClockFactory(campaign=campaign, name="Open the vault", kind="progress", size=8,
                         who_may_tick=WhoMayTick.MEMBERS)
    ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=1)

    console, screen, ada_phone, bo_phone = either_page(LAPTOP), either_page(TABLE), either_page(PHONE), either_page(PHONE)
    for page, user in ((console, gm_user), (screen, gm_user), (ada_phone, ada_user), (bo_phone, bo_user)):
        log_in(page, user.username)
    console.goto(f"/c/{campaign.pk}/console/")
    screen.goto(f"/c/{campaign.pk}/table/")
    ada_phone.goto(ada.get_absolute_url())
    bo_phone.goto(bo.get_absolute_url())
    timings = {}

    # 1. A called roll with risk and effect preset: two taps on the phone.
    call = console.locator("details", has_text="Call for a roll")
    call.get_by_text("Call for a roll").click()
    call.get_by_label("Character").select_option(label="Ada")
    call.get_by_label("Action").select_option("Sneak")
    call.get_by_label("Risk").select_option(label="High")
    call.get_by_label("Effect").select_option(label="Great")
    call.get_by_label("Goal").fill("Get past the gate")
    call.get_by_role("button", name="Call it").click()
    timings["call reaches the phone"] = seen_within(ada_phone.get_by_role("link", name="Roll it"))
    timings["call reaches the table"] = seen_within(screen.locator("#pending-rolls"), "The GM calls for a roll")
    called = Taps()
    dice(6, 2)
    called(ada_phone.get_by_role("link", name="Roll it"))
    expect(ada_phone.get_by_role("heading", name="Even the odds")).to_be_visible()
    expect(ada_phone.locator("#odds")).to_contain_text("Risk high · effect great")
    called(ada_phone.get_by_role("button", name="Roll 2d6"))
    expect(ada_phone.get_by_test_id("outcome")).to_have_text("Full success")
    timings["called roll reaches the table"] = seen_within(screen.get_by_test_id("table-outcome"), "Full success")
    assert called.count == 2

    # 2. A progress tick from the console: the latest roll's controls are where the GM is.
    ticked = Taps()
    expect(console.locator("#console-roll")).to_contain_text("Get past the gate", timeout=LIVE)
    console.locator("#console-roll").get_by_label("Tick a clock by the effect (3)").select_option(label="Open the vault (0/8)")
    ticked(console.locator("#console-roll").get_by_role("button", name="Tick +3"))
    timings["progress reaches the table"] = seen_within(clock_face(screen, "Open the vault: 3 of 8"))
    timings["progress reaches the phone"] = seen_within(ada_phone.locator("#roll-result"), "Open the vault ticked by 3")
    vault.refresh_from_db()
    assert vault.filled == 3 and ticked.count == 1

    # 3. A plain roll from the sheet, assisted by Bo once his player agrees on his own phone.
    ada_phone.goto(ada.get_absolute_url())
    plain = Taps()
    plain(ada_phone.get_by_role("link", name="Roll Sneak (2)"))  # the action on the sheet
    ada_phone.get_by_label("Goal").fill("Slip past the harbour guard")
    plain(ada_phone.get_by_role("button", name="Next"))
    expect(ada_phone.get_by_text("Waiting for the GM")).to_be_visible()
    card = console.get_by_role("article", name="Ada's Sneak roll")
    timings["a started roll reaches the console"] = seen_within(card)
    assert in_view(console, card.get_by_role("button", name="Set risk and effect"))
    screenshot(console, "session-console-a-roll-on-its-way-1366x768")
    screenshot(ada_phone, "session-phone-waiting-for-the-gm")
    card.get_by_role("button", name="Set risk and effect").click()  # moderate and standard
    timings["the GM's risk and effect reach the phone"] = seen_within(
        ada_phone.get_by_role("heading", name="Even the odds"))
    ada_phone.get_by_role("button", name="Ask Bo to assist").click()
    expect(ada_phone.get_by_test_id("awaited")).to_contain_text("Waiting for Bo's player")
    timings["the ask reaches the helper"] = seen_within(bo_phone.get_by_role("button", name="Assist Ada"))
    timings["the ask reaches the table"] = seen_within(screen.locator("#pending-rolls"), "waiting for Bo to assist")
    screenshot(bo_phone, "session-phone-assist-asked")
    bo_phone.get_by_role("button", name="Assist Ada").click()  # the helper's one tap
    timings["the agreement reaches the roller"] = seen_within(ada_phone.get_by_label("Bo (2 momentum)"))
    expect(ada_phone.get_by_label("Bo (2 momentum)")).to_be_checked()
    expect(ada_phone.get_by_role("button", name="Roll 3d6")).to_be_visible()
    screenshot(ada_phone, "session-phone-even-the-odds")
    dice(3, 2, 1, 5)  # a bad outcome; resisting with 1 momentum rolls the 5: reduced
    plain(ada_phone.get_by_role("button", name="Roll 3d6"))
    expect(ada_phone.get_by_test_id("outcome")).to_have_text("Bad outcome")
    assert plain.count == 3  # the action, Next, Roll: the GM's part is on the console
    timings["the roll reaches the table"] = seen_within(screen.get_by_test_id("table-outcome"), "Bad outcome")

    # 4. The GM's consequence from the console, resisted by the player from the sheet.
    consequence = Taps()
    roll_panel = console.locator("#console-roll")
    expect(roll_panel).to_contain_text("Slip past the harbour guard", timeout=LIVE)
    screenshot(console, "session-console-consequence-1366x768")
    assert in_view(console, roll_panel.get_by_role("button", name="Inflict the consequence"))
    roll_panel.get_by_label("What happens, in the story").fill("The guard shouts for the watch")
    consequence(roll_panel.get_by_text("Worse condition", exact=True))
    consequence(roll_panel.get_by_role("button", name="Inflict the consequence"))
    assert consequence.count == 2
    timings["the consequence reaches the table"] = seen_within(
        screen.get_by_test_id("table-consequence"), "Worse condition: The guard shouts for the watch")
    ada_phone.goto(ada.get_absolute_url())
    timings["the consequence reaches the sheet"] = seen_within(ada_phone.get_by_role("link", name="Answer it"))
    ada_phone.get_by_role("link", name="Answer it").click()
    expect(ada_phone.get_by_text("The guard shouts for the watch")).to_be_visible()
    ada_phone.get_by_role("button", name="Resist").click()
    expect(ada_phone.get_by_text("The consequence is reduced.")).to_be_visible()
    timings["the resistance reaches the console"] = seen_within(console.locator("#console-roll"), "reduced")
    screenshot(screen, "session-table-1920x1080")
    bo.refresh_from_db()
    assert (bo.charge.momentum, bo.charge.assisting) == (1, None)  # Bo paid 1 for his assist, and it is spent
    print("\n".join(f"{name}: {seconds:.2f} s" for name, seconds in timings.items()))
