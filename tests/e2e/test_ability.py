"""An Ability vs Difficulty action roll as it is played: the player on a phone, a helper on
another phone, the director on a laptop, the table screen on the wall; scripted dice."""

from playwright.sync_api import expect

from ability.models import Boost, Skill
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import LIVE, PHONE, TABLE, log_in, settled

LAPTOP = {"width": 1366, "height": 768}


def test_an_action_roll_with_teamwork_is_seen_live_on_the_table(new_page, screenshot, dice):
    gm_user, player, helper = (UserFactory(username=n) for n in ("spires-gm", "spires-player", "spires-helper"))
    campaign = make_campaign(gm_user, name="The Drowned Spires", system="ability")
    join(campaign, player)
    join(campaign, helper)
    maren = CharacterFactory(campaign=campaign, owner=player, name="Maren", created=True)
    isk = CharacterFactory(campaign=campaign, owner=helper, name="Isk", created=True)
    Skill.objects.create(character=maren, name="Climbing", die=8)
    Boost.objects.create(character=maren, name="Rope and pitons", die=6, constraints="an anchor point")
    Skill.objects.create(character=isk, name="Tide lore", die=6)
    phone, other, gm, table = new_page(PHONE), new_page(PHONE), new_page(LAPTOP), new_page(TABLE)
    for page, name in ((phone, "spires-player"), (other, "spires-helper"), (gm, "spires-gm"), (table, "spires-gm")):
        log_in(page, name)
    table.goto(f"/c/{campaign.pk}/table/")
    expect(table.get_by_test_id("tile-grit")).to_have_count(2)
    phone.goto(maren.get_absolute_url())
    expect(phone.get_by_test_id("skill")).to_contain_text("Climbing")
    screenshot(phone, "ability-sheet-phone")

    taps = 0
    phone.get_by_role("link", name="An action roll with Climbing").click()
    taps += 1
    phone.get_by_label("What do you intend to do?").fill("Climb the Bell Spire's broken face")
    expect(phone.get_by_test_id("odds-d8-none")).to_have_text("56% 9/16")  # Climbing d8 alone: 36/64
    phone.get_by_label("Rope and pitons").check()
    # Climbing d8 and the rope's d6 against a Hard d8, no position die: the sum over the difficulty
    # face d of 1/8 * (1 - P(both dice below d)) = 251/384.
    expect(phone.get_by_test_id("odds-d8-none")).to_have_text("65% 251/384")
    screenshot(phone, "ability-action-new-phone")
    phone.get_by_role("button", name="To the director").click()
    taps += 2
    expect(phone.get_by_text("The director sets the difficulty and your position.")).to_be_visible()
    expect(phone.get_by_test_id("odds-d8-none")).to_have_text("65% 251/384")
    screenshot(phone, "ability-action-waiting-phone")
    on_table = table.get_by_test_id("action-on-its-way")
    expect(on_table).to_contain_text("waits for the director", timeout=LIVE)
    screenshot(table, "ability-table-waiting-1920x1080")

    gm.goto(f"/c/{campaign.pk}/console/")
    expect(gm.get_by_test_id("dangerous")).to_contain_text("Dangerous Encounters: off")
    screenshot(gm, "ability-console-laptop")
    gm.get_by_role("link", name="Open it").click()
    gm.locator("label[for=position-disadvantage]").click()
    gm.get_by_label("Risks and consequences").fill("Loose masonry")
    gm.get_by_role("button", name="Hard (d8)").click()
    gm_taps = 3
    screenshot(gm, "ability-action-gm-laptop")

    other.goto(f"/c/{campaign.pk}/table/")
    other.get_by_role("link", name="Open it").click()
    help_button = other.get_by_role("button", name="Help: roll teamwork against d4")
    expect(help_button).to_be_visible(timeout=LIVE)
    dice(5, 3)
    help_button.click()
    other_taps = 2
    expect(other.get_by_test_id("help")).to_contain_text("helpful: +d6")

    settled(phone)
    roll_button = phone.get_by_role("button", name="Roll 3 ability dice against the difficulty")
    expect(roll_button).to_be_visible(timeout=LIVE)
    expect(phone.get_by_test_id("call")).to_contain_text("Hard d8 · Disadvantage")
    screenshot(phone, "ability-action-roll-phone")
    dice(7, 2, 4, 3, 6)
    roll_button.click()
    taps += 1
    expect(phone.get_by_test_id("action-result")).to_have_text("Success, marginal effect")
    expect(phone.get_by_test_id("result-line")).to_have_text("7 − 6 = 1")
    screenshot(phone, "ability-roll-phone")
    expect(table.get_by_test_id("table-outcome")).to_have_text("Success, marginal effect", timeout=LIVE)
    expect(table.get_by_test_id("action-on-its-way")).to_have_count(0)
    expect(table.get_by_test_id("tile-grit").filter(has_text="1")).to_have_count(1)  # Isk's teamwork
    screenshot(table, "ability-table-1920x1080")
    print(f"taps: player {taps} (+1 field typed), director {gm_taps} (+1 field typed), helper {other_taps}")
    assert (taps, gm_taps, other_taps) == (4, 3, 2)
