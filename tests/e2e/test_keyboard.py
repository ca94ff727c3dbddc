"""What axe cannot see, done with the keyboard alone: a clock ticked and the X-card tapped, each
control reached with Tab, its focus visible, and the focus on what the swap brought in."""

from playwright.sync_api import expect

from tests.factories import CharacterFactory, ClockFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, clock_face, log_in, settled

FOCUS_SHOWN = """() => {
    const focused = document.activeElement, style = getComputedStyle(focused);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none';
    const stroked = focused instanceof SVGElement && style.stroke !== 'none' && parseFloat(style.strokeWidth) >= 3;
    return outlined || ringed || stroked;
}"""


def tab_to(page, selector, most=80):
    """Press Tab until the focus is on the selector's element; how many presses it took. Reaching
    it at all says no control before it traps the focus."""
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("selector => document.activeElement.matches(selector)", selector):
            return presses
    raise AssertionError(f"{most} presses of Tab never reached {selector}")


def focused(page, selector):
    return page.evaluate("selector => document.activeElement.matches(selector)", selector)


def test_a_gm_ticks_a_clock_with_the_keyboard_alone(new_page, screenshot):
    gm = UserFactory(username="keys-gm")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    alert = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=2)
    page = new_page(DESKTOP)
    log_in(page, "keys-gm")
    page.goto(f"/c/{campaign.pk}/clocks/")

    # A segment of the face: Tab reaches it, it shows it has the focus, Enter sets the clock there.
    segment = f"#clock-{alert.pk}-segment-3"
    tab_to(page, segment)
    expect(page.locator(segment)).to_have_accessible_name("Set to 3")
    assert page.evaluate(FOCUS_SHOWN), "the focused segment looks like the others"
    screenshot(page, "keyboard-clock-segment-focus-1280")
    page.keyboard.press("Enter")
    expect(clock_face(page, "Alert: 3 of 6")).to_be_visible()
    settled(page)
    assert focused(page, segment), "the focus is lost when the card is swapped"  # the new card's segment
    assert page.evaluate(FOCUS_SHOWN)

    # The tick button, the next stops away: Space presses it, and the focus stays on it in the new card.
    tick = f"#clock-{alert.pk}-tick"
    assert tab_to(page, tick, most=10) <= 10
    assert page.evaluate(FOCUS_SHOWN), "the focused tick button looks like the others"
    page.keyboard.press("Space")
    expect(clock_face(page, "Alert: 4 of 6")).to_be_visible()
    settled(page)
    assert focused(page, tick)
    assert page.evaluate(FOCUS_SHOWN)
    screenshot(page, "keyboard-clock-ticked-focus-1280")
    alert.refresh_from_db()
    assert alert.filled == 4


def test_a_player_taps_the_x_card_with_the_keyboard_alone(new_page, screenshot):
    """The X-card, tapped and dismissed with the keyboard alone: it names nobody, on the tapper's
    page, the GM's console or in what the console's alert says."""
    gm, player = UserFactory(username="keys-x-gm"), UserFactory(username="tapper-x", first_name="Tamsin")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    page, console = new_page(PHONE), new_page(DESKTOP)
    log_in(page, "tapper-x")
    log_in(console, "keys-x-gm")
    page.goto(ada.get_absolute_url())
    console.goto(f"/c/{campaign.pk}/console/")

    presses = tab_to(page, "#x-card-tap")
    assert presses <= 10, f"the X-card is {presses} presses of Tab into the sheet"  # near the top of every page
    assert page.evaluate(FOCUS_SHOWN), "the focused X-card looks like it does unfocused"
    screenshot(page, "keyboard-x-card-focus-390")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="X-card shown ✓")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("The table screen shows the X-card. Nobody is told who tapped it.")
    settled(page)
    assert focused(page, "#x-card-tap"), "the focus is lost when the X-card's answer is swapped in"
    assert page.evaluate(FOCUS_SHOWN)
    screenshot(page, "keyboard-x-card-shown-focus-390")

    # The console's alert says it, and nobody's name: not in its words, nor anywhere on the page.
    banner = console.get_by_role("alert").filter(has_text="X-card")
    expect(banner).to_contain_text("someone tapped it", timeout=LIVE)
    for name in ("tapper-x", "Tamsin"):  # its character is on the console, as ever
        assert name not in banner.inner_text() and name not in console.content(), f"the console names {name}"
    # The GM dismisses it with the keyboard: the focus, on the button that went, lands on the console.
    tab_to(console, '[data-testid="x-card-banner"] button[type=submit]', most=20)
    assert console.evaluate(FOCUS_SHOWN), "the focused dismiss button looks like it does unfocused"
    screenshot(console, "keyboard-x-card-dismiss-focus-1280")
    console.keyboard.press("Enter")
    expect(console.get_by_test_id("x-card-banner")).to_have_count(0, timeout=LIVE)
    settled(console)
    assert console.evaluate("document.activeElement !== document.body"), "the focus is lost when the X-card goes"
    assert console.evaluate(FOCUS_SHOWN)
