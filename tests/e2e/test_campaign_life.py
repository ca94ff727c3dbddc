"""A campaign's life in a browser: its GM hands it over and leaves; the new GM archives it, and
it leaves the players' lists until it is restored. Taps are counted."""

from playwright.sync_api import expect

from campaign.models import Campaign, Membership, Role
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import LIVE, PHONE, log_in


def test_hand_over_then_leave_then_archive_and_restore(new_page, screenshot):
    gm_user, ada_user = UserFactory(username="life-gm"), UserFactory(username="life-ada")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, ada_user)
    CharacterFactory(campaign=campaign, owner=ada_user, name="Ada", created=True)

    gm, phone = new_page(), new_page(PHONE)
    log_in(gm, gm_user.username)
    log_in(phone, ada_user.username)
    gm.goto(f"/c/{campaign.pk}/members/")
    expect(gm.get_by_role("button", name="Leave this campaign")).to_have_count(0)  # a sole GM hands over
    screenshot(gm, "members-hand-over")
    gm.get_by_label("Hand the campaign over to").select_option(label="life-ada")
    gm.once("dialog", lambda dialog: dialog.accept())
    gm.get_by_role("button", name="Hand over and leave").click()
    expect(gm.get_by_text("life-ada is the GM of The Usurper's Throne now, and you left it.")).to_be_visible()
    assert gm.url.endswith("/campaigns/")
    assert Membership.objects.get(campaign=campaign, user=ada_user).role == Role.GM
    assert not Membership.objects.filter(campaign=campaign, user=gm_user).exists()

    phone.goto(f"/c/{campaign.pk}/members/")
    taps = 0
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Archive").click()
    taps += 1
    expect(phone.get_by_text("Archived on")).to_be_visible()
    assert Campaign.objects.get(pk=campaign.pk).is_archived
    screenshot(phone, "campaign-archived-phone")
    phone.goto("/campaigns/")
    expect(phone.get_by_text("1 archived campaign")).to_be_visible()
    phone.get_by_text("1 archived campaign").click()
    phone.get_by_role("link", name="The Usurper's Throne").click()
    phone.get_by_role("button", name="Restore the campaign").click()
    taps += 1
    expect(phone.get_by_text("is back: everyone can play it again.")).to_be_visible()
    assert not Campaign.objects.get(pk=campaign.pk).is_archived
    assert taps == 2  # Archive (and confirm) from Members; Restore from the archive page


def test_an_open_page_goes_to_the_archive_when_the_gm_archives(new_page, pushed_page):
    """A player's sheet is open on a phone; the GM archives the campaign; the phone's next live
    refresh is refused and goes to the archive page by itself."""
    gm_user, ada_user = UserFactory(username="life-gm2"), UserFactory(username="life-ada2")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, ada_user)
    ada = CharacterFactory(campaign=campaign, owner=ada_user, name="Ada", created=True)
    gm, phone = new_page(), pushed_page(PHONE)
    log_in(gm, gm_user.username)
    log_in(phone, ada_user.username)
    phone.goto(f"/c/{campaign.pk}/characters/{ada.pk}/")
    gm.goto(f"/c/{campaign.pk}/members/")
    gm.once("dialog", lambda dialog: dialog.accept())
    gm.get_by_role("button", name="Archive").click()
    expect(gm.get_by_text("Archived on")).to_be_visible()
    expect(phone.get_by_text("Archived on")).to_be_visible(timeout=LIVE)
    assert phone.url.endswith(f"/c/{campaign.pk}/")
