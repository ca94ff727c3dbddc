"""The Extras on a phone, as a player would use them."""

from playwright.sync_api import expect

from campaign.models import Campaign
from characters.models import Goal
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import PHONE, SPREAD, log_in


def test_a_loot_roll_from_the_sheet_puts_the_asset_on_it(new_page, screenshot, dice):
    """"Loot Roll": 1d6 after a conflict; a 6 creates an asset, noted on the sheet."""
    gm, player = UserFactory(username="loot-gm"), UserFactory(username="loot-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Campaign.objects.filter(pk=campaign.pk).update(dials={"extras": ["asset"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    page = new_page(PHONE)
    log_in(page, "loot-player")
    page.goto(ada.get_absolute_url())
    page.get_by_role("link", name="Loot roll").click()
    expect(page.get_by_test_id("loot-odds")).to_contain_text("One asset: 17% 1/6")
    page.get_by_label("What might be found").fill("The captain's spyglass")
    screenshot(page, "loot-roll-phone")
    dice(6)
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_test_id("extra-result")).to_have_text("Found one asset: The captain's spyglass, on Ada's sheet.")
    page.goto(ada.get_absolute_url())
    expect(page.locator("#assets")).to_contain_text("The captain's spyglass · Loot")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]


def test_an_attachment_marked_on_the_sheet_is_broken_to_cancel_a_consequence(new_page, screenshot):
    """"Attachment Extra Rule": breaking one cancels an incoming consequence outright."""
    from tests.factories import RollFactory

    gm, player = UserFactory(username="attach-gm"), UserFactory(username="attach-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Campaign.objects.filter(pk=campaign.pk).update(dials={"extras": ["attachment"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    RollFactory(campaign=campaign, character=ada, kind="action", action="Move", pool_size=2, dice=[3, 2],
                outcome="bad", risk=3, effect=2, consequence_rating=3, result={"consequence": {
                    "kind": "worse_condition", "rating": 3, "target": ada.pk, "clock": None, "status": "pending"}})
    page = new_page(PHONE)
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, "attach-player")
    page.goto(ada.get_absolute_url())
    page.get_by_label("A new attachment").fill("Mech's core reactor")
    page.get_by_role("button", name="Mark it").click()
    expect(page.locator("#attachments")).to_contain_text("Mech's core reactor")
    page.get_by_role("link", name="Answer it").click()
    screenshot(page, "attachment-break-phone")
    page.get_by_role("button", name="Break Mech's core reactor: cancel it").click()
    expect(page.get_by_text("An attachment was broken: the consequence is cancelled.")).to_be_visible()
    page.goto(ada.get_absolute_url())
    expect(page.locator("#attachments")).to_contain_text("broken")
    expect(page.locator("#attachments")).to_contain_text("repair: 0/4")
    ada.refresh_from_db()
    assert ada.stress == 0


def test_a_full_stress_clock_leaves_a_scar_and_the_character_comes_to(new_page, screenshot):
    """"Scars Rule": the clock is not cleared; a scar, incapacitated; coming to clears half."""
    user = UserFactory(username="scars-player")
    campaign = make_campaign(user, name="The Usurper's Throne")
    Campaign.objects.filter(pk=campaign.pk).update(dials={"extras": ["scars"]})
    ada = CharacterFactory(campaign=campaign, owner=user, name="Ada", created=True, stress=3,
                           condition="Stabbed through the right shoulder", action_dots=dict(SPREAD))
    page = new_page(PHONE)
    log_in(page, "scars-player")
    page.goto(ada.get_absolute_url())
    page.get_by_role("button", name="Take one stress").click()
    expect(page.locator("#vitals")).to_contain_text("Incapacitated.")
    page.reload()
    expect(page.locator("#field-scars")).to_contain_text("Stabbed through the right shoulder")
    screenshot(page, "scars-incapacitated-phone")
    page.get_by_role("button", name="Ada comes to").click()
    expect(page.locator("#vitals")).not_to_contain_text("Incapacitated.")
    ada.refresh_from_db()
    assert (ada.stress, ada.taken_out) == (2, False)


def test_a_goal_set_on_a_phone_is_finished_by_the_gm_and_its_dot_placed(new_page):
    """"Goals Extra": an easy goal ticks 3 of 8; full, it gives 1 talent dot to place."""
    gm, player = UserFactory(username="goals-gm"), UserFactory(username="goals-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Campaign.objects.filter(pk=campaign.pk).update(dials={"extras": ["goals"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    phone, laptop = new_page(PHONE), new_page()
    log_in(phone, "goals-player")
    log_in(laptop, "goals-gm")
    phone.goto(ada.get_absolute_url())
    phone.get_by_label("A new goal").fill("Learn the old tongue")
    phone.get_by_label("Its difficulty").select_option("easy")
    phone.get_by_role("button", name="Add the goal").click()
    expect(phone.locator("#goals")).to_contain_text("Learn the old tongue · easy")
    laptop.goto(ada.get_absolute_url())
    for filled in ("3/8", "6/8", "complete"):
        laptop.get_by_role("button", name="Progress: +3").click()
        expect(laptop.locator("#goals")).to_contain_text(filled)
    expect(phone.locator("#goals")).to_contain_text("1 talent dot from a finished goal", timeout=3000)
    phone.get_by_label("The action for the dot").select_option("Study")
    phone.get_by_role("button", name="Place it").click()
    expect(phone.locator("#goals")).not_to_contain_text("talent dot from a finished goal")
    ada.refresh_from_db()
    assert ada.action_dots.get("Study") == 1 and ada.goal_dots == 0


def test_rolling_to_advance_and_to_resolve_a_goal_on_a_phone(new_page, screenshot, dice):
    """"Dial: Rolling to Advance" and "Dial: Rolling to Resolve": the GM grants progress, the
    player rolls it with its exact odds, then tries to resolve the goal early."""
    gm, player = UserFactory(username="goal-roll-gm"), UserFactory(username="goal-roll-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Campaign.objects.filter(pk=campaign.pk).update(dials={
        "extras": ["goals"], "extra_dials": ["goals_roll_to_advance", "goals_roll_to_resolve"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    Goal.objects.create(character=ada, name="Learn the old tongue", difficulty="medium")
    phone, laptop = new_page(PHONE), new_page()
    log_in(phone, "goal-roll-player")
    log_in(laptop, "goal-roll-gm")
    laptop.goto(ada.get_absolute_url())
    laptop.get_by_role("button", name="Progress: roll to advance").click()
    phone.goto(ada.get_absolute_url())
    phone.get_by_role("link", name="Roll to advance").click()
    expect(phone.get_by_test_id("goal-odds")).to_contain_text("3 segments ticked: 3% 1/36")
    screenshot(phone, "goal-roll-to-advance-phone")
    dice(6, 6)
    phone.get_by_role("button", name="Roll 2d").click()
    expect(phone.get_by_test_id("extra-result")).to_have_text("Learn the old tongue: 3 segments ticked.")
    phone.goto(ada.get_absolute_url())
    phone.get_by_role("link", name="Roll to resolve (2d, lowest)").click()
    phone.get_by_label("Keep the dots and suffer a consequence").check()
    expect(phone.get_by_test_id("goal-odds")).to_contain_text("2 talent dots and a consequence: 22% 2/9")
    screenshot(phone, "goal-roll-to-resolve-phone")
    dice(6, 6)
    phone.get_by_role("button", name="Roll 2d, keep the lowest").click()
    expect(phone.get_by_test_id("extra-result")).to_have_text("Learn the old tongue: complete, 2 talent dots to place.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ada.refresh_from_db()
    assert ada.goal_dots == 2
