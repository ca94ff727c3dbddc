"""Layouts that must hold whatever the players type: nothing overflows a phone's width."""

from playwright.sync_api import expect

from tests.factories import CharacterFactory, ClockFactory, ForceFactory, UserFactory, make_campaign
from tests.helpers import PHONE, SPREAD, log_in

LONG = "Thequickbrownfoxjumpsoverthelazydog" * 4  # 140 characters, no space to break at


def test_nothing_overflows_a_phone_with_long_unbroken_names(new_page, screenshot):
    gm = UserFactory(username="layout-gm")
    campaign = make_campaign(gm, name="A" + LONG[:110])  # names stay within their fields
    character = CharacterFactory(campaign=campaign, owner=gm, name="N" + LONG[:79], created=True,
                                 action_dots=dict(SPREAD), condition="C" + LONG[:150])
    force = ForceFactory(campaign=campaign, name="F" + LONG[:110], revealed=True, goal="G" + LONG)
    ClockFactory(campaign=campaign, name="K" + LONG[:110], kind="danger", size=6, filled=2, force=force)
    page = new_page(PHONE)
    log_in(page, "layout-gm")
    c = campaign.pk
    for path in (f"/c/{c}/", f"/c/{c}/clocks/", f"/c/{c}/characters/{character.pk}/", f"/c/{c}/forces/",
                 f"/c/{c}/table/", f"/c/{c}/console/", "/campaigns/"):
        page.goto(path)
        expect(page.locator("body")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} is {width} px wide"
    screenshot(page, "long-names-campaigns-phone")
