"""A hack from one of the chapter's examples, tapped through on a phone and on a table screen with
every tap counted: from the Hack page, the example and Apply (2 taps); the sheet follows at once."""

from playwright.sync_api import expect

from campaign.models import Campaign
from characters.models import Character
from tests.e2e.test_taps import SCREENS, Taps
from tests.factories import UserFactory, make_campaign
from tests.helpers import log_in


@SCREENS
def test_a_preset_is_two_taps_and_the_sheet_follows(new_page, screen):
    gm_user = UserFactory(username="hacker-gm")
    campaign = make_campaign(gm_user, name="Tinkerers", system="charge")
    ada = Character.objects.create(campaign=campaign, owner=gm_user, name="Ada", created=True)
    ada.charge.action_dots = {"Tinker": 2, "Sneak": 2, "Move": 1, "Notice": 1, "Sway": 1}
    ada.charge.save()
    page = new_page(screen)
    log_in(page, "hacker-gm")
    page.goto(f"/c/{campaign.pk}/hack/")
    taps = Taps()
    taps.tap(page.get_by_role("button", name="Tinker becomes Craft"))
    expect(page.get_by_text("Ada: the dots on Tinker move to Craft.")).to_be_visible()
    taps.tap(page.get_by_role("button", name="Apply the hack"))
    expect(page.get_by_text("The hack is in play")).to_be_visible()
    assert taps.count == 2
    assert "Craft" in Campaign.objects.get(pk=campaign.pk).charge.rules.action_names
    page.goto(ada.get_absolute_url())
    expect(page.get_by_text("Craft").first).to_be_visible()
