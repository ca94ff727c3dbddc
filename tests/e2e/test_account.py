"""Your account and signing up from an invitation, in a browser."""

import re

import pytest
from playwright.sync_api import expect

from campaign.models import Membership
from tests.factories import InvitationFactory, UserFactory, make_campaign
from tests.helpers import DESKTOP, PASSWORD, PHONE, log_in


@pytest.mark.parametrize(("viewport", "width_name"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_the_account_page_from_the_user_menu(new_page, screenshot, viewport, width_name):
    UserFactory(username="mira", email="mira@example.org")
    page = new_page(viewport)
    log_in(page, "mira")
    expect(page.get_by_text("Your email address is not verified yet")).to_be_visible()
    screenshot(page, f"home-unverified-{width_name}")
    if width_name == "phone":
        page.get_by_role("button", name="Open the menu").click()
    page.get_by_role("link", name="mira").click()
    expect(page.get_by_role("heading", name="Your account")).to_be_visible()
    expect(page.get_by_test_id("email-state")).to_contain_text("not verified")
    screenshot(page, f"account-{width_name}")
    page.get_by_role("link", name="Delete my account").click()
    expect(page.get_by_role("heading", name="Delete your account")).to_be_visible()
    screenshot(page, f"account-delete-{width_name}")


@pytest.mark.parametrize(("viewport", "width_name"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_signing_up_from_an_invitation_lands_on_the_new_character(new_page, screenshot, viewport, width_name):
    """Taps: 2 (Sign up and join, Sign up), with the form filled between."""
    gm = UserFactory(username="gm")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    invitation = InvitationFactory(campaign=campaign, created_by=gm)
    page = new_page(viewport)
    page.goto(invitation.get_absolute_url())
    page.get_by_role("link", name="Sign up and join").click()
    page.get_by_label("Username").fill("nova")
    page.get_by_label("Email address").fill("nova@example.org")
    page.get_by_label(re.compile(r"^\s*Password\*?\s*$")).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    screenshot(page, f"signup-with-email-{width_name}")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("Welcome to The Usurper's Throne, nova! Make your character.")).to_be_visible()
    assert page.url.endswith(f"/c/{campaign.pk}/characters/new/")
    assert Membership.objects.filter(campaign=campaign, user__username="nova").exists()
    screenshot(page, f"signed-up-from-invitation-{width_name}")
