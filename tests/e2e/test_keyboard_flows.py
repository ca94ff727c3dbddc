"""What axe cannot see, done with the keyboard alone, for a whole flow: a Charge action roll from
the sheet (the wizard's steps, the odds, the roll, its result) and its consequence (the GM
inflicts it, the player resists it). Each control is reached with Tab (none traps it), shows its
focus, and after each swap the focus is on what the swap brought in: the next step's heading, the
consequence's heading, the control that was pressed. A change made on another screen is said by
the page's polite live region, and the focus does not move for it."""

import re

from playwright.sync_api import expect

from tests.e2e.test_keyboard import FOCUS_SHOWN, focused, tab_to
from tests.factories import CharacterFactory, ClockFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, clock_face, log_in, settled

ACTIVE = "document.activeElement"


def active_text(page):
    return page.evaluate(f"{ACTIVE}.textContent.replace(/\\s+/g, ' ').trim()")


def said_politely(page) -> str:
    """What the page's polite live region holds, as the browser hands it to a screen reader (its
    accessibility tree: the words are in a closed shadow root, out of the page's text)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    by_id = {node["nodeId"]: node for node in nodes}

    def polite(node):
        return any(prop["name"] == "live" and prop["value"]["value"] == "polite" for prop in node.get("properties", []))

    words = []
    for node in nodes:
        if node.get("role", {}).get("value") != "StaticText" or node.get("ignored"):
            continue
        up = by_id.get(node.get("parentId"))
        while up and not polite(up):
            up = by_id.get(up.get("parentId"))
        if up:
            words.append(node.get("name", {}).get("value", ""))
    return " ".join(words)


def assert_said(page, words):
    """The polite live region comes to say the words (it is given them a moment after the change)."""
    for _ in range(50):
        if words in said_politely(page):
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the live region never said {words!r}; it says {said_politely(page)!r}")


def shows_focus(page, what):
    assert page.evaluate(FOCUS_SHOWN), f"{what} looks the same focused as unfocused"


def test_a_charge_roll_and_its_consequence_with_the_keyboard_alone(new_page, screenshot, dice):
    gm_user, player_user = UserFactory(username="keys-roll-gm"), UserFactory(username="keys-roll")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, player_user)
    ada = CharacterFactory(campaign=campaign, owner=player_user, name="Ada", momentum=4, created=True,
                           action_dots=dict(SPREAD))
    # Sneak 2 and a push: 4 2 1 is a partial success; resisting with one die: 5, reduced.
    dice(4, 2, 1, 5)
    player, gm = new_page(PHONE), new_page(DESKTOP)
    log_in(player, "keys-roll")
    log_in(gm, "keys-roll-gm")

    # The sheet: the action's own roll link, then the wizard's first step, its action already chosen.
    player.goto(ada.get_absolute_url())
    tab_to(player, 'a[aria-label^="Roll Sneak"]', most=120)
    shows_focus(player, "the action's roll link")
    screenshot(player, "keyboard-roll-0-sheet-link-390")
    player.keyboard.press("Enter")
    expect(player.get_by_role("heading", name="What does Ada do?")).to_be_visible()
    expect(player.get_by_label("Action*", exact=True)).to_have_value("Sneak")
    tab_to(player, "#id_goal")
    shows_focus(player, "the goal field")
    player.keyboard.type("Slip past the harbour guard")
    tab_to(player, "#wizard button.btn-warning[type=submit]", most=10)
    shows_focus(player, "Next")
    screenshot(player, "keyboard-roll-1-next-390")
    player.keyboard.press("Enter")

    # The next step swapped in: the focus is on its heading, not lost on the page.
    expect(player.get_by_role("heading", name="The GM sets the risk and the effect")).to_be_visible()
    settled(player)
    assert active_text(player) == "The GM sets the risk and the effect"
    shows_focus(player, "the step's heading")

    # The GM sets the risk and the effect on the console, by keyboard too.
    gm.goto(f"/c/{campaign.pk}/console/")
    tab_to(gm, 'article[aria-label="Ada\'s Sneak roll"] button[type=submit].btn-warning', most=150)
    shows_focus(gm, "Set risk and effect")
    gm.keyboard.press("Enter")

    # The phone moves on by itself: the focus, which was in the step that went, is on the new one's heading.
    expect(player.get_by_role("heading", name="Even the odds")).to_be_visible(timeout=LIVE)
    settled(player)
    assert active_text(player) == "Even the odds"
    screenshot(player, "keyboard-roll-2-odds-heading-390")
    tab_to(player, "#wizard input[name=pushes]", most=10)
    shows_focus(player, "the push's box")
    player.keyboard.press("Space")
    expect(player.get_by_role("button", name="Roll 3d6")).to_be_visible()
    settled(player)
    assert focused(player, "#wizard input[name=pushes]"), "the odds' swap took the focus from the box"
    # The odds as words, not only a bar: a picture named by its chances, and their table.
    expect(player.locator("#odds").get_by_role("img", name="Odds:", exact=False)).to_have_accessible_name(
        re.compile(r"^Odds: .*Partial success"))
    expect(player.locator("#odds .odds-legend")).to_contain_text("Partial success")
    tab_to(player, "#odds button[name=roll]", most=20)
    shows_focus(player, "the Roll button")
    screenshot(player, "keyboard-roll-3-roll-button-390")
    player.keyboard.press("Enter")

    # The result: the outcome in words, each die named by its face.
    expect(player.get_by_test_id("outcome")).to_have_text("Partial success")
    expect(player.get_by_role("img", name="4, the die read")).to_be_visible()
    roll_url = player.url

    # The GM inflicts the consequence with the keyboard: the first kind is chosen; the arrow keys move it
    # (up from the first: round to the last, worse condition).
    gm.goto(roll_url)
    tab_to(gm, "input[name=kind]:checked", most=60)
    shows_focus(gm, "the consequence's kind")
    gm.keyboard.press("ArrowUp")
    chosen = gm.evaluate(f"{ACTIVE}.labels[0].querySelector('strong').textContent")
    assert chosen == "Worse condition"
    assert gm.evaluate(f"{ACTIVE}.checked")
    tab_to(gm, "#story", most=5)
    gm.keyboard.type("The guard turns")
    tab_to(gm, "#roll-result button[type=submit].btn-warning", most=10)
    shows_focus(gm, "Inflict the consequence")
    player.evaluate(f"window.before = {ACTIVE}")
    gm.keyboard.press("Enter")
    expect(gm.get_by_text(f"{chosen} on Ada")).to_be_visible()
    settled(gm)
    assert focused(gm, "#consequence-heading"), "the consequence's heading does not have the focus after the swap"
    shows_focus(gm, "the consequence's heading")
    screenshot(gm, "keyboard-consequence-inflicted-1280")

    # The player's page shows it and says it politely; the player's focus did not move.
    expect(player.get_by_text(f"{chosen} on Ada")).to_be_visible(timeout=LIVE)
    assert_said(player, f"{chosen} on Ada")
    assert player.evaluate(f"window.before === {ACTIVE}"), "the live change moved the player's focus"
    tab_to(player, "#burn", most=40)
    shows_focus(player, "the momentum to burn")
    tab_to(player, "#roll-result button.btn-warning[type=submit]", most=3)
    assert active_text(player) == "Resist"
    shows_focus(player, "Resist")
    player.keyboard.press("Enter")
    expect(player.get_by_text("The consequence is reduced.")).to_be_visible()
    expect(player.get_by_text("Ada's stress 0 → 1")).to_be_visible()
    settled(player)
    assert focused(player, "#consequence-heading")
    shows_focus(player, "the consequence's heading")
    # A change that comes after (the player's own, pushed or polled) redraws the panel: the focus stays.
    with player.expect_response(lambda response: response.url.startswith(roll_url)):
        player.evaluate("document.body.dispatchEvent(new CustomEvent('campaignChanged', {bubbles: true}))")
    settled(player)
    assert focused(player, "#consequence-heading"), "a redraw of the panel took the focus from its heading"
    screenshot(player, "keyboard-consequence-resisted-390")


def test_a_clock_ticked_by_the_gm_is_said_on_the_players_page_without_moving_the_focus(new_page):
    gm_user, player_user = UserFactory(username="said-gm"), UserFactory(username="said-player")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, player_user)
    CharacterFactory(campaign=campaign, owner=player_user, name="Ada", created=True, action_dots=dict(SPREAD))
    alert = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=2)
    player, gm = new_page(PHONE), new_page(DESKTOP)
    log_in(player, "said-player")
    log_in(gm, "said-gm")
    player.goto(f"/c/{campaign.pk}/")
    # The face says the clock in words, and that it is a danger (its kind, as its badge shows it).
    face = clock_face(player, "Alert: 2 of 6")
    expect(face).to_have_accessible_description("Danger")
    tab_to(player, "#x-card-tap")  # the player is somewhere on the page, not in the clock
    player.evaluate(f"window.before = {ACTIVE}")

    gm.goto(f"/c/{campaign.pk}/clocks/")
    gm.locator(f"#clock-{alert.pk}-tick").click()
    expect(clock_face(player, "Alert: 3 of 6")).to_be_visible(timeout=LIVE)
    assert_said(player, "Alert: 3 of 6")
    assert player.evaluate(f"window.before === {ACTIVE}"), "the GM's tick moved the player's focus"
