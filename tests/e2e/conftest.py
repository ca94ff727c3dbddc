"""Real-browser tests: Playwright drives Debian's Chromium against pytest-django's live server."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.helpers import DESKTOP

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"

# Without these, Chromium reaches for Google's hosts, which this network refuses.
# What a page may take to show what a test expects, on a slow machine: a test asserts what is
# shown, never how fast.
expect.set_options(timeout=10_000)

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not at {CHROMIUM}: run `make test`, which installs it, "
                    "or set CHROMIUM=/path/to/chromium.")
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls from the test
    # body are still synchronous and safe.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture
def new_page(browser, live_server, transactional_db):
    """Open a fresh browser context (its own cookies) at a viewport; closed after the test. Any
    Content-Security-Policy violation a page reports fails the test."""
    contexts, violations = [], []

    def open_page(viewport=DESKTOP):
        context = browser.new_context(viewport=viewport, base_url=live_server.url)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        if os.environ.get("E2E_THROTTLE"):  # e.g. 4: as on a machine four times slower
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": int(os.environ["E2E_THROTTLE"])})
        page.on("console", lambda message: violations.append(message.text)
                if "Content Security Policy" in message.text else None)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert violations == [], violations


@pytest.fixture
def screenshot():
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(page, name):
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take

