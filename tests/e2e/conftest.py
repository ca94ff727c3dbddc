"""Real-browser tests: Playwright drives Debian's Chromium against pytest-django's live server."""

import asyncio
import os
import socket
import threading
import time
import warnings
from contextlib import suppress
from pathlib import Path

import pytest
import uvicorn
from django.core.signals import request_finished, request_started
from django.db import connections
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect, sync_playwright

from tests.helpers import DESKTOP, settled

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"

# Without these, Chromium reaches for Google's hosts, which this network refuses.
# What a page may take to show what a test expects, on a slow machine: a test asserts what is
# shown, never how fast.
expect.set_options(timeout=10_000)

CLOSE_WITHIN = 20  # seconds

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
        _close(browser)
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


class _Answering:
    """How many requests the test's servers are answering. The test database is flushed only once
    none is: on PostgreSQL a poll's SELECT and the flush's TRUNCATE, taking their tables' locks in
    other orders, deadlock, and the flush is the one that fails."""

    def __init__(self):
        self.count = 0
        self.changed = threading.Condition()
        request_started.connect(self.started, weak=False)
        request_finished.connect(self.finished, weak=False)

    def started(self, **kwargs):
        if threading.current_thread() is not threading.main_thread():  # not the test's own Client
            with self.changed:
                self.count += 1

    def finished(self, **kwargs):
        if threading.current_thread() is not threading.main_thread():
            with self.changed:
                self.count -= 1
                self.changed.notify_all()

    def wait_for_none(self, within=10):
        with self.changed:
            if not self.changed.wait_for(lambda: self.count <= 0, within):
                warnings.warn(f"{self.count} requests still answered after {within} s; going on.", stacklevel=1)
            self.count = 0  # a request cut off without its end is not waited for again


answering = _Answering()


def _pages(browser, base_url):
    """Open a fresh browser context (its own cookies) at a viewport; closed after the test. Any
    Content-Security-Policy violation a page reports fails the test."""
    contexts, violations = [], []

    def open_page(viewport=DESKTOP, **options):  # options: Playwright's, for the browser context
        context = browser.new_context(viewport=viewport, base_url=base_url, **options)
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
        for page in context.pages:  # its streams, polls and timers end as when one leaves a page
            with suppress(PlaywrightError):
                page.goto("about:blank", timeout=5000)
        _close(context)
    answering.wait_for_none()
    assert violations == [], violations


def _close(closable):
    """Close a browser context or the browser without ever waiting forever: Chromium now and then
    never answers a context's disposal, and the run would hang until CI killed it."""
    try:
        closable._sync(asyncio.wait_for(closable._impl_obj.close(reason=None), CLOSE_WITHIN))  # the sync API has no timeout here
    except TimeoutError:
        warnings.warn(f"Chromium did not close {closable!r} within {CLOSE_WITHIN} s; going on.", stacklevel=1)


@pytest.fixture
def new_page(browser, live_server, transactional_db):
    """Pages on pytest-django's live server: a WSGI server, so the live stream is refused and
    every page polls (the fallback)."""
    yield from _pages(browser, live_server.url)


@pytest.fixture
def asgi_server(transactional_db, monkeypatch):
    """The site under uvicorn, as ``make run`` and ``make serve`` serve it: live streams push."""
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from config.asgi import application

    # As config/asgi.py sets for a real server: each request's thread closes its connection, so
    # that none outlives its thread (and the test database can be dropped).
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(ASGIStaticFilesHandler(application), host="127.0.0.1", port=port,
                                           lifespan="off", log_level="warning", timeout_graceful_shutdown=2))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def pushed_page(browser, asgi_server):
    """Pages on the ASGI server: each holds a live stream."""
    yield from _pages(browser, asgi_server)


@pytest.fixture(params=["polled", "pushed"])
def either_page(request, transactional_db):
    """Pages both ways a screen hears a change: polled (a WSGI server, or a proxy that refuses the
    stream), and pushed (the stream brings each page its live panels)."""
    open_page = request.getfixturevalue("new_page" if request.param == "polled" else "pushed_page")
    open_page.pushed = request.param == "pushed"
    return open_page


@pytest.fixture
def screenshot():
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(page, name):
        path = SCREENSHOTS / f"{name}.png"
        # A page at rest only: Chromium stalls capturing one that is leaving for another (a tap's
        # answer told htmx to go there; htmx keeps its request mark until the next page replaces it).
        settled(page)
        page.wait_for_load_state()
        page.screenshot(path=str(path), full_page=True)
        return path

    return take

