"""An Advantage & Threat check as it is played: the player on a phone, another player suggesting
a factor on theirs, the GM confirming the pool on a laptop, the table screen on the wall; scripted
dice."""

import re

from playwright.sync_api import expect

from advantage.models import Expertise, Sheet, Skill, Threat
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import LIVE, PHONE, TABLE, log_in, settled

LAPTOP = {"width": 1366, "height": 768}


def test_a_check_built_with_the_table_is_seen_live(new_page, screenshot, dice):
    gm_user, player, other_user = (UserFactory(username=n) for n in ("neon-gm", "neon-player", "neon-other"))
    campaign = make_campaign(gm_user, name="Neon Arcology", system="advantage")
    join(campaign, player)
    join(campaign, other_user)
    vex = CharacterFactory(campaign=campaign, owner=player, name="Vex", created=True)
    CharacterFactory(campaign=campaign, owner=other_user, name="Rook", created=True)
    influence = Skill.objects.create(character=vex, name="Influence", rank=3)
    Expertise.objects.create(skill=influence, name="Fast talk")
    Sheet.objects.filter(character=vex).update(ap=2)
    Threat.objects.create(campaign=campaign, name="Lobby guard", toughness=2, current=2)
    phone, other, gm, table = new_page(PHONE), new_page(PHONE), new_page(LAPTOP), new_page(TABLE)
    for page, name in ((phone, "neon-player"), (other, "neon-other"), (gm, "neon-gm"), (table, "neon-gm")):
        log_in(page, name)
    table.goto(f"/c/{campaign.pk}/table/")
    expect(table.get_by_test_id("threats")).to_contain_text("Lobby guard · Toughness 2/2")
    phone.goto(vex.get_absolute_url())
    expect(phone.get_by_test_id("skill")).to_contain_text("Influence")
    screenshot(phone, "advantage-sheet-phone")

    taps = 0
    phone.get_by_role("link", name="A check with Influence and Fast talk").click()
    taps += 1
    phone.get_by_label("What do you attempt, and how?").fill("Talk the lobby guard into calling the lift")
    expect(phone.get_by_label("Fast talk")).to_be_checked()
    expect(phone.get_by_label("The threat it faces")).to_have_value(str(Threat.objects.get().pk))  # the lone threat
    phone.get_by_role("button", name="Build the pool").click()
    taps += 1
    expect(phone.get_by_text("The pool: 4 PLUS, 2 MINUS")).to_be_visible()
    screenshot(phone, "advantage-check-building-phone")
    expect(table.get_by_test_id("check-on-its-way")).to_contain_text("waits for the GM's word", timeout=LIVE)

    other.goto(f"/c/{campaign.pk}/table/")
    other.get_by_role("link", name="Open it").click()
    other.get_by_text("Suggest a factor").click()
    other.get_by_label("The factor").fill("Bright lobby lights")
    other.locator("label[for=kind-environment]").click()
    other.get_by_role("button", name="+1 MINUS", exact=True).first.click()
    other_taps = 4  # Open it, Suggest a factor, Environment, +1 MINUS; the name typed
    expect(other.get_by_text("The pool: 4 PLUS, 3 MINUS")).to_be_visible()

    gm.goto(f"/c/{campaign.pk}/console/")
    expect(gm.get_by_test_id("threat")).to_contain_text("Lobby guard")
    screenshot(gm, "advantage-console-laptop")
    gm.get_by_role("link", name="Open it").click()
    expect(gm.get_by_test_id("contributors")).to_contain_text("Environment: Bright lobby lights")
    gm.get_by_role("button", name="The pool is right: let them roll").click()
    gm_taps = 2
    screenshot(gm, "advantage-check-gm-laptop")

    settled(phone)
    roll_button = phone.get_by_role("button", name="Roll 4 PLUS and 3 MINUS")
    expect(roll_button).to_be_visible(timeout=LIVE)
    dice(5, 2, 1, 1, 6, 6, 4)  # PLUS 5 cancels the MINUS 4; MINUS 6 6 left: Hollow, 2 Banes
    roll_button.click()
    taps += 1
    expect(phone.get_by_test_id("check-outcome")).to_have_text("Hollow success")
    expect(phone.get_by_test_id("boons-banes")).to_contain_text("Banes 2")
    expect(phone.get_by_test_id("boons-banes")).to_contain_text("Vex has 3 of 3 AP (Banes: +1 AP)")
    screenshot(phone, "advantage-check-rolled-phone")
    phone.get_by_role("button", name="Improve the result (1 AP)").click()
    expect(phone.get_by_test_id("check-outcome")).to_have_text("Minor success")
    phone.get_by_role("button", name="Ignore the Banes (1 AP)").click()
    expect(phone.get_by_test_id("boons-banes")).to_contain_text("(ignored)")
    phone.get_by_role("button", name="Done").click()
    taps += 3
    expect(phone).to_have_url(re.compile(r"/rolls/\d+/$"))  # the check's page shows the same outcome
    expect(phone.get_by_test_id("check-outcome")).to_have_text("Minor success")
    screenshot(phone, "advantage-roll-phone")
    expect(table.get_by_test_id("table-outcome")).to_have_text("Minor success", timeout=LIVE)
    expect(table.get_by_test_id("check-on-its-way")).to_have_count(0)
    expect(table.get_by_test_id("tile-ap").filter(has_text="1")).to_have_count(1)  # Vex: 3, less 2 spent
    screenshot(table, "advantage-table-1920x1080")
    print(f"taps: player {taps} (+1 field typed), other player {other_taps} (+1 field typed), GM {gm_taps}")
    assert (taps, other_taps, gm_taps) == (6, 4, 2)
