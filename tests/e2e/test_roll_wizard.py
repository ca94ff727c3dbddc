import pytest
from playwright.sync_api import expect

from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, log_in


@pytest.mark.parametrize(("viewport", "width"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_an_assisted_pushed_roll_gets_a_consequence_that_is_resisted(new_page, screenshot, dice, viewport, width):
    gm_user, ada_user, bo_user = (UserFactory(username=f"{name}-{width}") for name in ("gm", "ada", "bo"))
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, ada_user)
    join(campaign, bo_user)
    ada = CharacterFactory(campaign=campaign, owner=ada_user, name="Ada", momentum=2, created=True,
                           action_dots=dict(SPREAD))
    bo = CharacterFactory(campaign=campaign, owner=bo_user, name="Bo", momentum=2, created=True,
                          action_dots={"Muscle": 2})
    # Sneak 2 + assist + push: 5 3 2 1 is a partial success. Resisting with no momentum left
    # rolls two dice and reads the lowest: 6 5 reads 5, so the consequence is reduced.
    dice(5, 3, 2, 1, 6, 5)

    player, other, gm = new_page(viewport), new_page(DESKTOP), new_page(DESKTOP)
    for page, user in ((player, ada_user), (other, bo_user), (gm, gm_user)):
        log_in(page, user.username)
    other.goto(f"/c/{campaign.pk}/")
    expect(other.locator(f"#character-{bo.pk}")).to_contain_text("Momentum 2")
    # Bo's player agrees to spend Bo's momentum on Ada's roll: only then may Ada count on it.
    other.get_by_role("button", name="Assist Ada").click()
    expect(other.locator(f"#character-{bo.pk}")).to_contain_text("Offers to assist Ada")

    player.goto(f"/c/{campaign.pk}/")
    player.get_by_role("link", name="Roll", exact=True).click()
    player.get_by_label("Action*", exact=True).select_option("Sneak")
    player.get_by_label("Goal").fill("Slip past the harbour guard")
    screenshot(player, f"roll-1-goal-{width}")
    player.get_by_role("button", name="Next").click()

    # The GM sets the risk and the effect on the console; the phone moves on by itself.
    expect(player.get_by_text("Waiting for the GM")).to_be_visible()
    screenshot(player, f"roll-2-waiting-for-the-gm-{width}")
    gm.goto(f"/c/{campaign.pk}/console/")
    card = gm.get_by_role("article", name="Ada's Sneak roll")
    card.get_by_text("Great", exact=True).click()
    card.get_by_role("button", name="Set risk and effect").click()
    expect(player.get_by_role("heading", name="Even the odds")).to_be_visible(timeout=LIVE)
    expect(player.get_by_role("button", name="Roll 2d6")).to_be_visible()
    player.get_by_label("+1d6").check()
    player.get_by_label("Bo (2 momentum)").check()
    expect(player.get_by_role("button", name="Roll 4d6")).to_be_visible()
    expect(player.locator("#odds")).to_contain_text("Bo pays 1")
    expect(player.locator("#odds")).to_contain_text("19/144")  # a critical with 4 dice
    screenshot(player, f"roll-3-odds-{width}")
    player.get_by_role("button", name="Roll 4d6").click()

    expect(player.get_by_test_id("outcome")).to_have_text("Partial success")
    expect(player.get_by_role("img", name="5, the die read")).to_be_visible()
    screenshot(player, f"roll-4-result-{width}")

    # The other player sees the roll and Bo's momentum without reloading.
    expect(other.locator("#rolls-panel")).to_contain_text("Ada · Action roll · Sneak", timeout=LIVE)
    expect(other.locator(f"#character-{bo.pk}")).to_contain_text("Momentum 1", timeout=LIVE)

    gm.goto(player.url)
    gm.get_by_label("Worse condition: Take 1 stress per consequence rating.").check()
    gm.get_by_role("button", name="Inflict the consequence").click()
    expect(gm.get_by_text("Worse condition on Ada")).to_be_visible()

    expect(player.get_by_text("Worse condition on Ada")).to_be_visible(timeout=LIVE)
    screenshot(player, f"roll-5-consequence-{width}")
    player.get_by_label("Burn momentum (one die each)").select_option("0")
    player.get_by_role("button", name="Resist").click()
    expect(player.get_by_text("The consequence is reduced.")).to_be_visible()
    expect(player.get_by_text("Ada's stress 0 → 1")).to_be_visible()
    screenshot(player, f"roll-6-resisted-{width}")
    ada.refresh_from_db()
    assert (ada.charge.momentum, ada.charge.stress) == (0, 1)


def test_enter_in_a_text_field_of_the_last_step_does_not_roll(new_page, monkeypatch):
    user = UserFactory(username="enter-key")
    campaign = make_campaign(user)
    CharacterFactory(campaign=campaign, owner=user, name="Ada", momentum=2, created=True, action_dots={"Sneak": 2})
    page = new_page(DESKTOP)
    log_in(page, "enter-key")
    page.goto(f"/c/{campaign.pk}/rolls/new/")
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="The GM sets the risk and the effect")).to_be_visible()
    page.get_by_role("button", name="Set them").click()
    expect(page.get_by_role("heading", name="Even the odds")).to_be_visible()
    page.get_by_label("Add tension: the consequence the GM offers").fill("The guard calls for help")
    page.get_by_label("Add tension: the consequence the GM offers").press("Enter")
    expect(page.get_by_role("heading", name="Even the odds")).to_be_visible()
    assert not campaign.rolls.exists()


def evening_the_odds(new_page, username):
    """A GM's own Sneak roll (Sneak 2, 4 momentum) at its third step, Bo (2 momentum) there to assist."""
    user = UserFactory(username=username)
    campaign = make_campaign(user)
    CharacterFactory(campaign=campaign, owner=user, name="Ada", momentum=4, created=True, action_dots={"Sneak": 2})
    CharacterFactory(campaign=campaign, name="Bo", momentum=2, created=True)
    page = new_page(DESKTOP)
    log_in(page, username)
    page.goto(f"/c/{campaign.pk}/rolls/new/?character=" + str(campaign.characters.get(name="Ada").pk))
    page.get_by_label("Action*", exact=True).select_option("Sneak")
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="The GM sets the risk and the effect")).to_be_visible()
    page.get_by_role("button", name="Set them").click()
    expect(page.get_by_role("heading", name="Even the odds")).to_be_visible()
    return page


def test_the_odds_follow_quick_changes_to_the_latest_choices(new_page):
    page = evening_the_odds(new_page, "quick-odds")
    # Three changes in quick succession: the odds end on all three.
    page.get_by_label("+1d6").check()
    page.get_by_label("Bo (2 momentum)").check()
    page.get_by_label("+1 effect").check()
    expect(page.get_by_role("button", name="Roll 4d6")).to_be_visible()
    expect(page.locator("#odds")).to_contain_text("costs 4 momentum")


def test_a_change_elsewhere_does_not_cancel_the_odds_of_the_choices_just_made(new_page):
    """A campaign change arriving while the odds of the latest choice are on their way (another's
    write, the GM's own risk and effect reaching this page late) once aborted that request and then
    held its own back: the odds stayed on the first choices."""
    page = evening_the_odds(new_page, "odds-held")
    held = []
    page.route("**/odds/", lambda route: held.append(route))  # the odds wait until the change has arrived
    page.get_by_label("+1d6").check()
    page.get_by_label("Bo (2 momentum)").check()
    page.wait_for_timeout(600)  # the choices' own requests, the delayed one included, are on their way
    page.evaluate("document.body.dispatchEvent(new CustomEvent('campaignChanged', {bubbles: true}))")
    for request in held:
        request.continue_()
    page.unroute("**/odds/")
    expect(page.get_by_role("button", name="Roll 4d6")).to_be_visible()


def test_a_roll_on_its_way_is_withdrawn_from_the_wizard(new_page):
    user = UserFactory(username="withdraw")
    campaign = make_campaign(user)
    CharacterFactory(campaign=campaign, owner=user, name="Ada", momentum=2, created=True, action_dots={"Sneak": 2})
    page = new_page(DESKTOP)
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, "withdraw")
    page.goto(f"/c/{campaign.pk}/rolls/new/")
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="The GM sets the risk and the effect")).to_be_visible()
    assert "/rolls/on-its-way/" in page.url  # the roll on its way has its own address
    page.get_by_role("button", name="Withdraw").click()
    expect(page.get_by_text("Ada's Muscle roll is withdrawn.")).to_be_visible()
    assert not campaign.pending_rolls.exists()


def test_back_from_the_last_step_shows_the_roll_on_its_way(new_page):
    """The wizard's state lives at its addresses: Back from step 3 shows step 1 as the player
    left it (the second of their characters, its action and goal), not a blank form."""
    gm_user, player_user = UserFactory(username="gm-back"), UserFactory(username="player-back")
    campaign = make_campaign(gm_user, name="Back and forth")
    join(campaign, player_user)
    CharacterFactory(campaign=campaign, owner=player_user, name="Ada", created=True, action_dots=dict(SPREAD))
    zed = CharacterFactory(campaign=campaign, owner=player_user, name="Zed", created=True, action_dots=dict(SPREAD))
    player, gm = new_page(PHONE), new_page(DESKTOP)
    log_in(player, "player-back")
    log_in(gm, "gm-back")
    player.goto(f"/c/{campaign.pk}/rolls/new/")
    player.get_by_label("Character*", exact=True).select_option(str(zed.pk))
    player.get_by_label("Action*", exact=True).select_option("Finesse")
    player.get_by_label("Goal").fill("Pick the lock")
    player.get_by_role("button", name="Next").click()
    expect(player.get_by_text("Waiting for the GM")).to_be_visible()
    gm.goto(f"/c/{campaign.pk}/console/")
    gm.get_by_role("article", name="Zed's Finesse roll").get_by_role("button", name="Set risk and effect").click()
    expect(player.get_by_role("heading", name="Even the odds")).to_be_visible(timeout=LIVE)

    player.go_back()
    expect(player.get_by_label("Character*", exact=True)).to_have_value(str(zed.pk))
    expect(player.get_by_label("Action*", exact=True)).to_have_value("Finesse")
    expect(player.get_by_label("Goal")).to_have_value("Pick the lock")
