import faulthandler
import gc
import os
import sys
import tempfile
import threading
import traceback
from contextlib import suppress
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.core.cache import cache

import campaign.live
import rolls.actions
from campaign.models import Campaign
from tests.factories import UserFactory
from tests.helpers import ScriptedDice
from tests.table import co_gm, table  # noqa: F401  (fixtures for every app's tests)


def pytest_configure(config):
    # Tests read static files from the source folders; test_static.py checks the compressed,
    # hashed build that production serves.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # Hashing passwords properly is slow on purpose; tests need not pay for it.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Login throttling is tested on its own (tests/security); elsewhere it would count the
    # suite's own logins.
    settings.AXES_ENABLED = False
    # The browser tests' server answers several screens at once from threads. SQLite's shared
    # in-memory test database refuses a second writer at once ("table is locked"); a file makes
    # it wait its turn, as a real SQLite site does.
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        name = Path(tempfile.gettempdir()) / f"charge-test-{os.getpid()}.sqlite3"
        database["TEST"] = {**database.get("TEST", {}), "NAME": str(name)}
    if worker := os.environ.get("PYTEST_XDIST_WORKER"):
        _redis_of_its_own(worker)


def _redis_of_its_own(worker):
    """Each of pytest-xdist's workers (gw0, gw1...) is a site of its own on a shared Redis: its own
    live channel (campaign/push.py) and, when the suite runs on a Redis cache, its own database
    (1 to 13; the tests' own are 14 and 15), since the cache's clear before each test flushes the
    whole database."""
    settings.REDIS_PREFIX = settings.REDIS_SITE = f"{settings.REDIS_PREFIX}-{worker}"
    if settings.REDIS_URL:
        database = 1 + int(worker.removeprefix("gw")) % 13
        settings.REDIS_URL = urlunsplit(urlsplit(settings.REDIS_URL)._replace(path=f"/{database}"))
        settings.REDIS_SITE = f"{settings.REDIS_PREFIX}:{database}"
        settings.CACHES = {**settings.CACHES, "default": {
            **settings.CACHES["default"], "LOCATION": settings.REDIS_URL, "KEY_PREFIX": settings.REDIS_SITE}}


HUNG_AFTER = 300  # seconds: far more than any test takes, far less than CI waits


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """A test that hangs (a browser that never answers) ends the run at once, saying where every
    thread and greenlet was, instead of holding CI until it is killed without a word."""
    watchdog = threading.Timer(HUNG_AFTER, _hung, args=(item,))
    watchdog.daemon = True
    watchdog.start()
    yield
    watchdog.cancel()


def _hung(item):
    item.config.pluginmanager.getplugin("capturemanager").suspend_global_capture(in_=True)
    out = sys.stderr
    out.write(f"\n{item.nodeid} has run for more than {HUNG_AFTER} s: stopping the run.\n")
    with suppress(Exception):  # Playwright's sync API waits in greenlets that no thread shows
        import greenlet

        for waiting in (obj for obj in gc.get_objects() if isinstance(obj, greenlet.greenlet)):
            if waiting.gr_frame is not None:
                out.write(f"--- {waiting!r}\n{''.join(traceback.format_stack(waiting.gr_frame))}")
    faulthandler.dump_traceback(out, all_threads=True)
    out.flush()
    os._exit(3)


def pytest_collection_modifyitems(items):
    # Browser tests are slow; run them after everything else so a broken rule fails fast.
    for item in items:
        if "/e2e/" in str(item.path):
            item.add_marker(pytest.mark.e2e)
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Every test starts with an empty cache: SQLite gives a rolled-back test's ids to the next,
    and a rendering kept under one campaign's id and version would be served to another's."""
    cache.clear()


@pytest.fixture(autouse=True)
def _changes_bump_at_once(request, monkeypatch):
    """A test on the ``db`` fixture runs in one transaction that is rolled back, never committed,
    so no change would move its campaign's version, and a page rendered once per version would
    not show what the test changed. There each change bumps the version at once, as its commit
    would; tests that commit for real (``transaction=True``) keep the real bump."""
    marker = request.node.get_closest_marker("django_db")
    if {"transactional_db", "live_server"} & set(request.fixturenames) or (marker and marker.kwargs.get("transaction")):
        return
    monkeypatch.setattr(campaign.live, "campaign_changed", lambda campaign_id, model: Campaign.bump_version(
        campaign_id, {model}))


@pytest.fixture
def user(db):
    return UserFactory(username="mira")


@pytest.fixture
def dice(monkeypatch):
    """Script the table's dice: ``dice(5, 3, 2)``."""
    def script(*faces):
        monkeypatch.setattr(rolls.actions, "SYSTEM_RANDOM", ScriptedDice(faces))
    return script
