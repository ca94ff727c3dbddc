"""A Traits & Consequence conflict as it is played: the player on a phone, the GM on a laptop,
the table screen on the wall, each its own browser; scripted dice."""

import re

from playwright.sync_api import expect

from accounts.models import Account
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
    phone.get_by_role("link", name="Start a conflict with Muscle").click()  # the Stat chosen from its row
    taps += 1
    phone.get_by_label("The stakes").fill("Do you get into the warehouse?")
    phone.get_by_label("The solution").fill("I punch the door off its hinges")
    phone.get_by_role("button", name="To the GM").click()
    taps += 1
    expect(phone.get_by_text("The GM rolls her dice or states her successes.")).to_be_visible()
    screenshot(phone, "traits-conflict-waiting-phone")
    on_table = table.get_by_test_id("conflict-on-its-way")
    expect(on_table).to_contain_text("waits for the GM's successes", timeout=LIVE)

    gm.goto(f"/c/{campaign.pk}/console/")
    gm.get_by_role("link", name="Open it").click()
    gm.get_by_role("button", name="State 2 successes").click()
    gm_taps = 2
    screenshot(gm, "traits-conflict-gm-laptop")

    dice(6, 2, 1)
    roll_button = phone.get_by_role("button", name="Roll 3 dice")
    expect(roll_button).to_be_visible(timeout=LIVE)
    # Whole: 2 or more of 3 dice, 1/2. Mixed, bidding the Uppercut's die and the chain's 2: one
    # success (3/8) then 1 of 3 (7/8), or none (1/8) then 2 of 3 (1/2): 21/64 + 4/64 = 25/64. The
    # rest, 7/64, a loss. 50 + 39.06 + 10.94: the spare point to the loss.
    expect(phone.get_by_test_id("odds-ends")).to_contain_text("Whole success 50% 1/2 Mixed success 39% 25/64 Loss 11% 7/64")
    roll_button.click()
    taps += 1
    expect(phone.get_by_text("You need 1 more success.")).to_be_visible()
    expect(phone.get_by_test_id("odds-bid-1")).to_contain_text("1/2 (50%)")
    expect(on_table).to_contain_text("rolled, behind, with nothing bid yet", timeout=LIVE)
    screenshot(phone, "traits-conflict-bid-phone")
    dice(5)
    phone.get_by_role("button", name="Bid Nasty Uppercut: 1 die").click()
    expect(phone.get_by_text("You have won the stakes.")).to_be_visible()  # the chain is still on offer
    phone.get_by_role("button", name="Done: resolve").click()
    taps += 2
    expect(phone).to_have_url(re.compile(r"/rolls/\d+/$"))  # the conflict's page shows the same result
    expect(phone.get_by_test_id("conflict-result")).to_have_text("Mixed success")
    screenshot(phone, "traits-roll-phone")
    expect(table.get_by_test_id("table-outcome")).to_have_text("Mixed success", timeout=LIVE)
    expect(table.get_by_test_id("conflict-on-its-way")).to_have_count(0)
    screenshot(table, "traits-table-1920x1080")
    print(f"taps: player {taps} (+2 fields typed), GM {gm_taps} (+1 number)")
    assert (taps, gm_taps) == (5, 2)


BROKEN_WORDS = """(root) => {
  // Every word of the cells that a line break cuts in two: a word's box on more than one line.
  const broken = [];
  for (const cell of root.querySelectorAll("th, td")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""


def test_the_stats_keep_their_words_whole_on_a_phone(new_page, screenshot):
    """On a 390 px phone the Stats table's headings and the six Stats of the text ("Muscle",
    "Perception", "Focus", "Speed", "Charisma", "Stoicism") are never cut mid-word, for the owner
    (who edits them) and for another player (who reads them, in Swedish, whose words are
    longer), and the page does not scroll sideways."""
    gm_user, player, other = (UserFactory(username=name) for name in ("stats-gm", "stats-player", "stats-other"))
    campaign = make_campaign(gm_user, name="Capes over Harbour City", system="traits")
    join(campaign, player)
    join(campaign, other)
    Account.objects.create(user=other, language="sv")
    brick = CharacterFactory(campaign=campaign, owner=player, name="Brick", created=True)
    for name in ("stats-player", "stats-other"):
        phone = new_page(PHONE)
        log_in(phone, name)
        phone.goto(brick.get_absolute_url())
        stats = phone.locator("#traits-stats")
        expect(stats.get_by_test_id("stat")).to_have_count(6)
        assert stats.evaluate(BROKEN_WORDS) == []
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshot(phone, f"traits-stats-phone-{name}")
