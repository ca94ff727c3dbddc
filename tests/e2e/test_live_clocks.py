import re

import pytest
from playwright.sync_api import expect

from clocks.models import Visibility, WhoMayTick
from tests.factories import CharacterFactory, ClockFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, clock_face, log_in


@pytest.mark.parametrize(("viewport", "width"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_tick_on_the_gms_screen_reaches_the_players_without_a_reload(new_page, screenshot, viewport, width):
    gm_user, player_user = UserFactory(username="gm-live"), UserFactory(username="player-live")
    campaign = make_campaign(gm_user, name="Live Table")
    join(campaign, player_user)
    alert = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=2,
                         who_may_tick=WhoMayTick.MEMBERS)
    ClockFactory(campaign=campaign, name="Turf War", kind="opposed", size=8, filled=4,
                 visibility=Visibility.KNOWN, side_a="The crew", side_b="The gang")
    ClockFactory(campaign=campaign, name="The Ledger's secret", kind="danger", size=4,
                 visibility=Visibility.GM)

    gm, player = new_page(DESKTOP), new_page(viewport)
    log_in(gm, "gm-live")
    log_in(player, "player-live")
    gm.goto(f"/c/{campaign.pk}/clocks/")
    player.goto(f"/c/{campaign.pk}/")
    expect(clock_face(player, "Alert: 2 of 6")).to_be_visible()
    expect(player.get_by_text("The Ledger's secret")).to_have_count(0)
    expect(player.get_by_role("img", name="Turf War: segments hidden")).to_be_visible()
    screenshot(gm, f"clocks-gm-{width}")

    gm.get_by_role("button", name="Tick one segment of Alert").click()
    expect(clock_face(gm, "Alert: 3 of 6")).to_be_visible()
    # The player's page shows it without a reload.
    expect(clock_face(player, "Alert: 3 of 6")).to_be_visible(timeout=LIVE)

    # Tapping a segment sets the clock there; the player sees that too.
    gm.locator(f"#clock-{alert.pk} path[aria-label='Set to 6']").click()
    expect(gm.get_by_text("Full!", exact=True)).to_be_visible()
    expect(clock_face(player, "Alert: 6 of 6")).to_be_visible(timeout=LIVE)
    expect(player.get_by_text("Full!", exact=True)).to_be_visible()
    expect(player.get_by_text("Alert is full!")).to_be_visible(timeout=LIVE)  # the events panel
    expect(player.get_by_text("The Ledger's secret")).to_have_count(0)
    screenshot(player, f"clocks-player-dashboard-{width}")

    # The player ticks back (every member may tick the Alert); the GM sees it live.
    player.get_by_role("button", name="Clear one segment of Alert").click()
    expect(clock_face(gm, "Alert: 5 of 6")).to_be_visible(timeout=LIVE)
    player.goto(f"/c/{campaign.pk}/clocks/")
    expect(player.get_by_text("The Ledger's secret")).to_have_count(0)
    screenshot(player, f"clocks-player-{width}")


def test_a_live_panel_that_did_not_change_is_left_in_place(either_page):
    """A refresh that brings the same panel back does not replace it: a tap pressed on the old
    button and released on its copy would be lost."""
    gm_user, player_user = UserFactory(username="gm-still"), UserFactory(username="player-still")
    campaign = make_campaign(gm_user, name="Still Table")
    join(campaign, player_user)
    ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=2)
    secret = ClockFactory(campaign=campaign, name="Hidden", kind="danger", size=4, visibility=Visibility.GM)
    gm, player = either_page(DESKTOP), either_page(PHONE)
    log_in(gm, "gm-still")
    log_in(player, "player-still")
    gm.goto(f"/c/{campaign.pk}/clocks/")
    player.goto(f"/c/{campaign.pk}/table/")
    clocks = player.locator("#table-clocks")
    expect(clock_face(clocks, "Alert: 2 of 6")).to_be_visible()
    clocks.evaluate("element => { element.kept = true; }")  # a mark on this very node

    # A change the player cannot see: the panel comes again (with the page's others: asked, or
    # brought by the stream with the new version), answers the same, and stays.
    if either_page.pushed:
        version = player.locator("#live").get_attribute("hx-get").split("v=")[1]
        gm.get_by_role("button", name="Tick one segment of Hidden").click()
        expect(player.locator("#live")).not_to_have_attribute("hx-get", re.compile(rf"v={version}$"), timeout=LIVE)
    else:
        with player.expect_response(lambda response: "?panels=" in response.url and "table-clocks" in response.url,
                                    timeout=LIVE):
            gm.get_by_role("button", name="Tick one segment of Hidden").click()
    expect(clocks).not_to_have_class(re.compile("htmx-request"))
    assert clocks.evaluate("element => element.kept === true")
    assert "Hidden" not in player.content()
    secret.refresh_from_db()
    assert secret.filled == 1

    # A change the player sees replaces it.
    gm.get_by_role("button", name="Tick one segment of Alert").click()
    expect(clock_face(player, "Alert: 3 of 6")).to_be_visible(timeout=LIVE)
    assert player.locator("#table-clocks").evaluate("element => element.kept === undefined")


def test_a_tick_on_a_clock_page_shows_in_its_history_without_a_reload(new_page, screenshot):
    gm_user = UserFactory(username="gm-history")
    campaign = make_campaign(gm_user, name="History Table")
    alert = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=2)
    gm = new_page(DESKTOP)
    log_in(gm, "gm-history")
    gm.goto(f"/c/{campaign.pk}/clocks/{alert.pk}/")
    history = gm.locator("#clock-history")
    expect(history.get_by_text("No change yet.")).to_be_visible()

    gm.get_by_role("button", name="Tick one segment of Alert").click()
    expect(clock_face(gm, "Alert: 3 of 6")).to_be_visible()
    expect(gm.locator("#clock-history").get_by_text("2→3")).to_be_visible(timeout=LIVE)
    expect(gm.locator("#clock-history").get_by_text("No change yet.")).to_have_count(0)
    screenshot(gm, "clock-history-after-a-tick")


def test_a_fold_the_reader_opened_stays_open_through_a_change(either_page):
    """A refresh must not close the fold a reader opened ("Write a spell"): an open fold alone is
    no change, and a panel swapped for one keeps it open."""
    from charge.actions.bookkeeping import set_dials
    from gamerules.dials import Dials, Extra

    gm_user, player_user = UserFactory(username="gm-fold"), UserFactory(username="player-fold")
    campaign = make_campaign(gm_user, name="Fold Table")
    set_dials(campaign.memberships.get(user=gm_user), Dials(extras=frozenset({Extra.MAGIC})))
    join(campaign, player_user)
    ada = CharacterFactory(campaign=campaign, owner=player_user, name="Ada", created=True, action_dots={"Sneak": 2})
    ClockFactory(campaign=campaign, character=ada, name="Buy back the boat", kind="project", size=6, filled=2,
                 who_may_tick=WhoMayTick.MEMBERS)
    gm, phone = either_page(DESKTOP), either_page(PHONE)
    log_in(gm, "gm-fold")
    log_in(phone, "player-fold")
    gm.goto(f"/c/{campaign.pk}/clocks/")
    phone.goto(ada.get_absolute_url())
    phone.locator("#spells summary").click()
    expect(phone.locator("#spells details")).to_have_attribute("open", "")
    gm.get_by_role("button", name="Tick one segment of Buy back the boat").click()
    expect(clock_face(phone, "Buy back the boat: 3 of 6")).to_be_visible(timeout=LIVE)
    expect(phone.locator("#spells details")).to_have_attribute("open", "")


def test_a_form_opened_in_a_live_panel_stays_open_through_a_change_and_the_panel_catches_up_after(either_page):
    """The Forces page is live; a player who opened the players' force to edit it keeps the form
    through another's change, and once it is gone (cancelled) the list shows what they missed."""
    from tests.factories import ForceFactory

    gm_user, player_user = UserFactory(username="gm-forces"), UserFactory(username="player-forces")
    campaign = make_campaign(gm_user, name="Forces Table")
    join(campaign, player_user)
    ForceFactory(campaign=campaign, name="The Grey Ledger", revealed=False)
    gm, phone = either_page(DESKTOP), either_page(PHONE)
    log_in(gm, "gm-forces")
    log_in(phone, "player-forces")
    gm.goto(f"/c/{campaign.pk}/forces/")
    phone.goto(f"/c/{campaign.pk}/forces/")
    expect(phone.get_by_role("heading", name="The Grey Ledger")).to_have_count(0)
    phone.locator("#force-list").get_by_role("link", name="Edit").first.click()
    expect(phone.locator("#force-list form")).to_be_visible()
    gm.get_by_role("button", name="Reveal to players").click()
    expect(gm.get_by_role("button", name="Hide from players")).to_be_visible()
    phone.wait_for_timeout(2500)  # the change has reached the phone (pushed or polled) and was held back
    expect(phone.locator("#force-list form")).to_be_visible()
    phone.locator("#force-list").get_by_role("link", name="Cancel").click()
    expect(phone.locator("#force-list").get_by_role("heading", name="The Grey Ledger")).to_be_visible(timeout=LIVE)
