"""Two servers, one site (docs/deploying.md): two uvicorn processes on two loopback ports, sharing the
test's PostgreSQL database and a Redis. A login made through one is good on the other, a change made
through one reaches a stream open on the other within a second, a write sent again to the other is done
once, and wrong passwords count across both.

PostgreSQL only: the servers must see what the test commits, in a database two processes write at once."""

import http.client
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.urls import reverse

from clocks.models import Clock
from rolls.models import new_key
from tests.factories import ClockFactory, UserFactory, make_campaign

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TWO_SERVERS_REDIS_URL", "redis://127.0.0.1:6379/14")
PASSWORD = "two-servers-" + secrets.token_urlsafe(8)
HEARD_WITHIN = 1.0  # seconds, from sending the tick to the other server's event
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _redis_unreachable() -> str:
    try:
        import redis
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
        return ""
    except Exception as error:  # noqa: BLE001 - any failure: no Redis to share
        return f"no Redis at {REDIS_URL} ({error.__class__.__name__})"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _database_url() -> str:
    db = connection.settings_dict
    auth = urllib.parse.quote(db["USER"] or "") + (f":{urllib.parse.quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{auth}{'@' if auth else ''}{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture(scope="module")
def site_env():
    """The one site's settings, as ``make serve`` reads them, on the test database: the same
    SECRET_KEY, database and Redis for both servers; static files collected once."""
    if not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        pytest.skip("two servers share a PostgreSQL database: run with DATABASE_URL=postgres://...")
    if reason := _redis_unreachable():
        pytest.skip(f"two servers share a Redis: {reason}")
    static = tempfile.mkdtemp(prefix="two-servers-static-")
    env = {**os.environ, "DEBUG": "0", "HTTPS": "0", "LOG_LEVEL": "ERROR", "AXES_ENABLED": "1",
           "SECRET_KEY": "two-servers-" + secrets.token_urlsafe(40), "ALLOWED_HOSTS": "127.0.0.1",
           "REDIS_URL": REDIS_URL, "REDIS_PREFIX": f"two-servers-{os.getpid()}", "STATIC_ROOT": static,
           "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
                   cwd=ROOT, env={**env, "DATABASE_URL": "sqlite://:memory:"}, check=True, timeout=120)
    return env


@contextmanager
def _server(env):
    """One uvicorn process, one worker, as ``make serve`` starts it: its port."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port),
         "--workers", "1", "--log-level", "warning", "--no-access-log", "--timeout-graceful-shutdown", "1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Browser:
    """Cookies kept across requests, whichever server answers: a proxy without sticky sessions."""

    def __init__(self):
        self.cookies: dict[str, str] = {}

    def send(self, port, method, path, form=None, timeout=10):
        link = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode({**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            headers |= {"Content-Type": "application/x-www-form-urlencoded", "Referer": f"http://127.0.0.1:{port}/",
                        "Origin": f"http://127.0.0.1:{port}"}
        link.request(method, path, body, headers)
        response = link.getresponse()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return link, response

    def get(self, port, path):
        link, response = self.send(port, "GET", path)
        body = response.read().decode()
        link.close()
        return response.status, body

    def post(self, port, path, form):
        link, response = self.send(port, "POST", path, form)
        response.read()
        link.close()
        return response.status, response.getheader("Location", "")

    def log_in(self, port, username, password):
        self.get(port, reverse("login"))
        return self.post(port, reverse("login"), {"username": username, "password": password})


def _user(username):
    """A user whose password the servers can check: hashed as production hashes, not as the suite does."""
    user = UserFactory(username=username)
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    user.save(update_fields=["password"])
    return user


class Stream:
    """A campaign's event stream, read in a thread: each event's name and when it arrived."""

    def __init__(self, browser, port, campaign_id):
        self.link, self.response = browser.send(port, "GET", reverse("live_stream", args=[campaign_id]), timeout=30)
        self.events: list[tuple[str, float]] = []
        self.arrived = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            for line in self.response:
                if line.startswith(b"data:"):
                    self.events.append((line.decode().split(":", 1)[1].strip(), time.monotonic()))
                    self.arrived.set()
        except (OSError, ValueError, http.client.HTTPException):
            pass  # closed at the test's end

    def next_after(self, count, within):
        deadline = time.monotonic() + within
        while len(self.events) <= count and time.monotonic() < deadline:
            self.arrived.wait(0.02)
            self.arrived.clear()
        return self.events[count] if len(self.events) > count else None

    def close(self):
        self.link.sock and self.link.sock.close()


@pytest.fixture
def two_servers(site_env, transactional_db):
    with ExitStack() as stack:
        first = stack.enter_context(_server({**site_env, "DATABASE_URL": _database_url()}))
        second = stack.enter_context(_server({**site_env, "DATABASE_URL": _database_url()}))
        yield first, second


def test_a_login_through_one_server_is_good_on_the_other_and_a_tick_reaches_its_streams_within_a_second(two_servers):
    first, second = two_servers
    gm = _user("two-servers-gm")
    campaign = make_campaign(gm)
    clock = ClockFactory(campaign=campaign, size=8)
    browser = Browser()
    assert browser.log_in(first, gm.username, PASSWORD)[0] == 302
    assert browser.get(second, reverse("campaign", args=[campaign.pk]))[0] == 200  # the session is the site's
    stream = Stream(browser, second, campaign.pk)
    try:
        assert stream.response.status == 200
        assert stream.next_after(0, within=5) is not None  # the version it was opened at
        for ticks in range(1, 4):  # a few times: once could be luck
            sent = time.monotonic()
            status, _ = browser.post(first, reverse("clock_tick", args=[campaign.pk, clock.pk]),
                                     {"amount": 1, "key": new_key()})
            assert status in (200, 302)
            heard = stream.next_after(ticks, within=5)
            assert heard is not None, "the other server's stream never heard the tick"
            print(f"heard on the other server {1000 * (heard[1] - sent):.0f} ms after the tick was sent")
            assert heard[1] - sent < HEARD_WITHIN, f"heard {heard[1] - sent:.2f} s after the tick was sent"
            assert int(heard[0]) == campaign.__class__.objects.get(pk=campaign.pk).live_version
        assert Clock.objects.get(pk=clock.pk).filled == 3
        key = new_key()  # a double tap whose second send lands on the other server: one tick
        for server in (first, second):
            browser.post(server, reverse("clock_tick", args=[campaign.pk, clock.pk]), {"amount": 1, "key": key})
        assert Clock.objects.get(pk=clock.pk).filled == 4
    finally:
        stream.close()


def test_wrong_passwords_count_across_both_servers(two_servers):
    first, second = two_servers
    player = _user("two-servers-player")
    guesser = Browser()
    for attempt in range(settings.AXES_FAILURE_LIMIT):  # alternately, as a proxy would share them out
        guesser.log_in((first, second)[attempt % 2], player.username, "not-the-password")
    for server in (first, second):
        status, _ = Browser().log_in(server, player.username, PASSWORD)
        assert status == 429, "the right password let in after the limit of wrong ones, on one of the servers"
