import re

import pytest
from playwright.sync_api import expect

from tests.helpers import DESKTOP, PASSWORD, PHONE


@pytest.mark.parametrize(("viewport", "width_name"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_newcomer_signs_up_logs_out_and_logs_back_in(new_page, screenshot, viewport, width_name):
    page = new_page(viewport)
    page.goto("/")
    screenshot(page, f"home-{width_name}")
    page.get_by_role("link", name="Create an account").click()

    page.get_by_label("Username").fill(f"newcomer-{width_name}")
    page.get_by_label(re.compile(r"^\s*Password\*?\s*$")).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    screenshot(page, f"signup-{width_name}")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("Your account is ready")).to_be_visible()
    screenshot(page, f"signed-up-{width_name}")

    if width_name == "phone":
        page.get_by_role("button", name="Open the menu").click()
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in").first).to_be_visible()

    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(f"newcomer-{width_name}")
    page.get_by_label(re.compile(r"^\s*Password\*?\s*$")).fill(PASSWORD)
    screenshot(page, f"login-{width_name}")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text(f"You are logged in as newcomer-{width_name}")).to_be_visible()


def test_the_colour_scheme_switches_to_light_and_is_remembered(new_page):
    page = new_page(DESKTOP)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    page.get_by_role("button", name="Light / dark").click()
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "light")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "light")
