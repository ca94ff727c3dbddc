"""A Traits & Consequence conflict as it is played: the player on a phone, the GM on a laptop,
the table screen on the wall, each its own browser; scripted dice."""

import re

from playwright.sync_api import expect

from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import LIVE, PHONE, TABLE, log_in
from traits.models import Feature, FeatureKind, Sheet

LAPTOP = {"width": 1366, "height": 768}


def test_a_conflict_on_a_phone_is_seen_live_on_the_table(new_page, screenshot, dice):
    gm_user, player = UserFactory(username="capes-gm"), UserFactory(username="capes-player")
    campaign = make_campaign(gm_user, name="Capes over Harbour City", system="traits")
    join(campaign, player)
    brick = CharacterFactory(campaign=campaign, owner=player, name="Brick", created=True)
    Sheet.objects.filter(character=brick).update(stats={"Muscle": {"rating": 3, "current": 3}}, consequence=1)
    Feature.objects.create(character=brick, kind=FeatureKind.TRAIT, name="Nasty Uppercut")
    Feature.objects.create(character=brick, kind=FeatureKind.ITEM, name="Anchor chain", value=2)
    phone, gm, table = new_page(PHONE), new_page(LAPTOP), new_page(TABLE)
    for page, name in ((phone, "capes-player"), (gm, "capes-gm"), (table, "capes-gm")):
        log_in(page, name)
    table.goto(f"/c/{campaign.pk}/table/")
    expect(table.get_by_test_id("tile-consequence")).to_have_text("1")
    phone.goto(brick.get_absolute_url())
    expect(phone.get_by_test_id("stat").first).to_contain_text("Muscle")
    screenshot(phone, "traits-sheet-phone")

    taps = 0
    phone.get_by_role("link", name="Start a conflict").click()
    taps += 1
    phone.get_by_label("The stakes").fill("Do you get into the warehouse?")
    phone.get_by_label("The solution").fill("I punch the door off its hinges")
    phone.get_by_text("Muscle 3").click()
    phone.get_by_role("button", name="To the GM").click()
    taps += 2
    expect(phone.get_by_text("The GM rolls her dice or states her successes.")).to_be_visible()
    screenshot(phone, "traits-conflict-waiting-phone")
    on_table = table.get_by_test_id("conflict-on-its-way")
    expect(on_table).to_contain_text("waits for the GM's successes", timeout=LIVE)

    gm.goto(f"/c/{campaign.pk}/console/")
    gm.get_by_role("link", name="Open it").click()
    gm.get_by_label("or state your successes").fill("2")
    gm.get_by_role("button", name="State them").click()
    gm_taps = 2
    screenshot(gm, "traits-conflict-gm-laptop")

    dice(6, 2, 1)
    roll_button = phone.get_by_role("button", name="Roll 3 dice")
    expect(roll_button).to_be_visible(timeout=LIVE)
    expect(phone.get_by_test_id("odds-win")).to_have_text("1/2 (50%)")  # 2 or more of 3 dice
    roll_button.click()
    taps += 1
    expect(phone.get_by_text("You need 1 more success.")).to_be_visible()
    expect(phone.get_by_test_id("odds-bid-1")).to_contain_text("1/2 (50%)")
    expect(on_table).to_contain_text("bidding", timeout=LIVE)
    screenshot(phone, "traits-conflict-bid-phone")
    dice(5)
    phone.get_by_label("Nasty Uppercut").check()
    phone.get_by_role("button", name="Bid and roll").click()
    phone.get_by_role("button", name="Done: resolve").click()
    taps += 3
    expect(phone).to_have_url(re.compile(r"/rolls/\d+/$"))  # the conflict's page shows the same result
    expect(phone.get_by_test_id("conflict-result")).to_have_text("Mixed success")
    screenshot(phone, "traits-roll-phone")
    expect(table.get_by_test_id("table-outcome")).to_have_text("Mixed success", timeout=LIVE)
    expect(table.get_by_test_id("conflict-on-its-way")).to_have_count(0)
    screenshot(table, "traits-table-1920x1080")
    print(f"taps: player {taps} (+2 fields typed), GM {gm_taps} (+1 number)")
    assert (taps, gm_taps) == (7, 2)
