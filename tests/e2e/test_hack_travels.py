"""A hack built in the browser travels as a file ("What to Hack"): Tinker renamed Craft, a 6-segment
stress clock and a talent dot for a finished project; a roll played with it; the hack exported,
a new campaign started from the file, and the same roll there gives the same exact odds."""

import json

from playwright.sync_api import expect

from campaign.models import Campaign
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, log_in

DOTS = {"Craft": 2, "Sneak": 2, "Notice": 1, "Move": 1, "Sway": 1}


def _roll_odds(player, gm, campaign, action) -> str:
    """The player starts a Craft roll on the phone, the GM sets Risky / Great on the console; the
    odds the wizard shows for the pool as it stands."""
    player.goto(f"/c/{campaign.pk}/")
    player.get_by_role("link", name="Roll", exact=True).click()
    player.get_by_label("Action*", exact=True).select_option(action)
    player.get_by_label("Goal").fill("Mend the lock")
    player.get_by_role("button", name="Next").click()
    expect(player.get_by_text("Waiting for the GM")).to_be_visible()
    gm.goto(f"/c/{campaign.pk}/console/")
    card = gm.get_by_role("article", name=f"Ada's {action} roll")
    card.get_by_text("Great", exact=True).click()
    card.get_by_role("button", name="Set risk and effect").click()
    expect(player.get_by_role("heading", name="Even the odds")).to_be_visible(timeout=LIVE)
    expect(player.get_by_role("button", name="Roll 2d6")).to_be_visible()
    return player.locator("#odds").inner_text()


def test_a_hack_made_in_the_browser_travels_as_a_file_and_plays_the_same(new_page, tmp_path):
    gm_user, ada_user = UserFactory(username="hack-gm"), UserFactory(username="hack-ada")
    campaign = make_campaign(gm_user, name="Tinkerers", system="charge")
    join(campaign, ada_user)
    gm, player = new_page(DESKTOP), new_page(PHONE)
    log_in(gm, "hack-gm")
    log_in(player, "hack-ada")

    for example in ("Tinker becomes Craft", "Tougher characters: 6-segment stress clock",
                    "A talent dot for a finished project clock"):
        gm.goto(f"/c/{campaign.pk}/hack/")
        gm.get_by_role("button", name=example).click()
        gm.get_by_role("button", name="Apply the hack").click()
        expect(gm.get_by_text("The hack is in play")).to_be_visible()
    rules = Campaign.objects.get(pk=campaign.pk).charge.rules
    assert "Craft" in rules.action_names and "Tinker" not in rules.action_names
    assert rules.stress_clock_size == 6 and {t.value for t in rules.talent_triggers} == {"milestone", "project"}

    CharacterFactory(campaign=campaign, owner=ada_user, name="Ada", created=True, action_dots=DOTS)
    odds = _roll_odds(player, gm, campaign, "Craft")
    assert "Critical" in odds

    gm.goto(f"/c/{campaign.pk}/hack/")
    with gm.expect_download() as download:
        gm.get_by_role("link", name="Export this campaign's hack").click()
    path = tmp_path / "hack.json"
    download.value.save_as(path)
    document = json.loads(path.read_text())
    assert document["stress_clock_size"] == 6 and "Craft" in json.dumps(document["actions"])

    gm.get_by_label("Name").fill("Tinkerers, again")
    gm.get_by_label("A hack file, or none for this campaign's hack").set_input_files(path)
    gm.get_by_role("button", name="Start the campaign").click()
    expect(gm.get_by_role("heading", name="Tinkerers, again")).to_be_visible()
    copy = Campaign.objects.get(name="Tinkerers, again")
    assert copy.charge.rules == rules
    join(copy, ada_user)
    CharacterFactory(campaign=copy, owner=ada_user, name="Ada", created=True, action_dots=DOTS)
    assert _roll_odds(player, gm, copy, "Craft") == odds
