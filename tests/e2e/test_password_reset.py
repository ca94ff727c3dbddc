"""Forgot your password, in a browser: from the login page to the email's link, a new password,
and logging in with it; the link then refused. Taps: 5 (Forgot your password?, Email me a link,
the email's link, Save the new password, Log in) and the login's own."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from accounts.models import Account
from tests.accounts.links import last_link
from tests.factories import UserFactory
from tests.helpers import DESKTOP, PHONE, log_in

NEW = "a-brand-new-passphrase-3"


@pytest.mark.parametrize(("viewport", "width_name"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_forgotten_password_is_reset_by_the_emailed_link_once(new_page, screenshot, viewport, width_name):
    user = UserFactory(username="mira", email="mira@example.org")
    Account.objects.create(user=user, verified_email=user.email)
    page = new_page(viewport)
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("mira@example.org")
    screenshot(page, f"password-reset-ask-{width_name}")
    page.get_by_role("button", name="Email me a link").click()
    expect(page.get_by_role("heading", name="Look in your mailbox")).to_be_visible()
    screenshot(page, f"password-reset-sent-{width_name}")

    assert [message.to for message in mail.outbox] == [["mira@example.org"]]
    link = last_link()
    page.goto(link)
    expect(page.get_by_role("heading", name="Set a new password")).to_be_visible()
    page.get_by_label(re.compile(r"^\s*New password\*?\s*$")).fill(NEW)
    page.get_by_label("New password confirmation").fill(NEW)
    screenshot(page, f"password-reset-new-{width_name}")
    page.get_by_role("button", name="Save the new password").click()
    expect(page.get_by_role("heading", name="Password changed")).to_be_visible()
    screenshot(page, f"password-reset-done-{width_name}")
    page.get_by_role("link", name="Log in").last.click()
    log_in(page, "mira", NEW)
    expect(page.get_by_text("You are logged in as mira")).to_be_visible()

    page.goto(link)
    expect(page.get_by_role("heading", name="This link does not work")).to_be_visible()
    expect(page.get_by_text("Your password was not changed.")).to_be_visible()
    expect(page.get_by_label("New password confirmation")).to_have_count(0)
    screenshot(page, f"password-reset-used-link-{width_name}")
