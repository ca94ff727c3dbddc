"""Live updates as ``make run`` and ``make serve`` serve them: each page holds a stream that pushes
every committed change, and polls only when its stream cannot be heard.

The tests show which way a change came (no poll made while the stream is heard; polls once it is
blocked) and print how long it took; the latency itself is measured by ``make bench``."""

import asyncio
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from playwright.sync_api import expect

from clocks.models import WhoMayTick
from tests.factories import ClockFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, TABLE, clock_face, log_in

QUIET = 3.5  # seconds: more than two polls' worth


def _screens(open_page, blocked=False):
    gm_user, player_user = UserFactory(username="gm-push"), UserFactory(username="player-push")
    campaign = make_campaign(gm_user, name="Pushed Table")
    join(campaign, player_user)
    ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=2, who_may_tick=WhoMayTick.MEMBERS)
    gm, phone, table = open_page(DESKTOP), open_page(PHONE), open_page(TABLE)
    log_in(gm, "gm-push")
    log_in(phone, "player-push")
    log_in(table, "player-push")
    asked, panels = {phone: [], table: []}, {phone: [], table: []}
    for page, urls in asked.items():
        if blocked:  # as behind a proxy that refuses or drops the stream
            page.route(re.compile(r"/live/stream/"), lambda route: route.abort())
        page.on("request", lambda request, urls=urls: urls.append(request.url) if "/live/?" in request.url else None)
        page.on("request", lambda request, urls=panels[page]: urls.append(request.url) if "panel" in request.url else None)
    gm.goto(f"/c/{campaign.pk}/clocks/")
    phone.goto(f"/c/{campaign.pk}/")
    table.goto(f"/c/{campaign.pk}/table/")
    for page in (phone, table):
        expect(clock_face(page, "Alert: 2 of 6")).to_be_visible()
    return gm, phone, table, asked, panels


def _polls_while_quiet(asked):
    """How many times each page asked for the version while nothing changed. Waiting through a
    page lets Playwright hand over the requests as they happen."""
    watcher = next(iter(asked))
    watcher.wait_for_timeout(1000)  # the stream's first event, and the fetch it asks for, are done
    for urls in asked.values():
        urls.clear()
    watcher.wait_for_timeout(QUIET * 1000)
    return [len(urls) for urls in asked.values()]


def _tick_and_wait(gm, phone, table):
    started = time.monotonic()
    gm.get_by_role("button", name="Tick one segment of Alert").click()
    arrived = {}
    for name, page in (("phone", phone), ("table", table)):
        expect(clock_face(page, "Alert: 3 of 6")).to_be_visible(timeout=LIVE)
        arrived[name] = round(time.monotonic() - started, 3)
    return arrived


def test_a_change_is_pushed_to_two_other_screens_which_do_not_poll(pushed_page):
    gm, phone, table, asked, panels = _screens(pushed_page)
    assert _polls_while_quiet(asked) == [0, 0]  # the streams are heard: no poll
    for urls in panels.values():
        urls.clear()
    arrived = _tick_and_wait(gm, phone, table)
    print(f"\npushed: the tick reached the phone in {arrived['phone']} s and the table in {arrived['table']} s")
    assert [len(urls) for urls in asked.values()] == [0, 0]  # the pushed version moved the poller: no poll
    # The stream brought each screen's own live panels (what waits for the player among them): no
    # screen asked for them (the dashboard's clocks, another page's panel, ask their own URL).
    for urls in panels.values():
        assert [url for url in urls if "?panel=" in url or "?panels=" in url] == []


def test_with_the_stream_blocked_the_screens_poll_and_the_change_still_arrives(pushed_page):
    gm, phone, table, asked, _ = _screens(pushed_page, blocked=True)
    assert all(count >= 2 for count in _polls_while_quiet(asked))  # polling every 1.5 s
    arrived = _tick_and_wait(gm, phone, table)
    print(f"\npolled: the tick reached the phone in {arrived['phone']} s and the table in {arrived['table']} s")


@pytest.mark.parametrize("blocked", [False, True], ids=["heard", "blocked"])
def test_the_screen_that_wrote_waits_for_its_stream_instead_of_asking_as_well(pushed_page, blocked):
    """The answer to the GM's tick tells the console of the change; with its stream heard the
    console does not ask for its panels too (the stream brings them: the change is rendered for
    it once, not twice). With its stream blocked it polls, and asks, as before."""
    gm_user, player_user = UserFactory(username="gm-wrote"), UserFactory(username="player-wrote")
    campaign = make_campaign(gm_user, name="Written Table")
    join(campaign, player_user)
    alert = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6, filled=2)
    console, phone = pushed_page(DESKTOP), pushed_page(PHONE)
    log_in(console, "gm-wrote")
    log_in(phone, "player-wrote")
    if blocked:
        console.route(re.compile(r"/live/stream/"), lambda route: route.abort())
    asked = []
    console.on("request", lambda request: asked.append(request.url) if "?panels=" in request.url else None)
    console.goto(f"/c/{campaign.pk}/console/")
    phone.goto(f"/c/{campaign.pk}/")
    expect(clock_face(phone, "Alert: 2 of 6")).to_be_visible()
    console.wait_for_timeout(1000)  # the stream's first event, and anything it asks for, are done
    asked.clear()

    console.locator(f"#clock-{alert.pk}").focus()
    console.keyboard.press("+")
    expect(clock_face(console, "Alert: 3 of 6")).to_be_visible()
    expect(clock_face(phone, "Alert: 3 of 6")).to_be_visible(timeout=LIVE)
    console.wait_for_timeout(4000)  # longer than the console waits for its stream (2.5 s, app.js)
    if blocked:
        assert asked  # as before: the page asks (after its write, and after the poll that hears it)
    else:
        assert asked == []


@pytest.mark.skipif(connection.vendor != "postgresql", reason="counts PostgreSQL's connections (CI runs it)")
def test_an_open_stream_holds_no_database_connection(asgi_server):
    """A server holds a stream per open page: if each kept a connection, a pool of 20 would be
    spent by 20 screens, and every other request would wait for one."""
    import aiohttp
    from django.test import Client

    campaign = make_campaign(UserFactory(username="gm-held"), name="Held")
    cookies = []
    for n in range(5):
        player = UserFactory(username=f"player-held-{n}")
        join(campaign, player)
        client = Client()
        client.force_login(player)
        cookies.append(f"sessionid={client.cookies['sessionid'].value}")

    def held():  # in a thread of its own, whose connection is its own to close
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
                return cursor.fetchone()[0]
        finally:
            connection.close()

    async def scenario():
        before = await asyncio.to_thread(held)
        async with aiohttp.ClientSession() as session:
            streams = [await session.get(f"{asgi_server}/c/{campaign.pk}/live/stream/", headers={"Cookie": cookie})
                       for cookie in cookies]
            for stream in streams:
                assert (await stream.content.readuntil(b"\n\n")).startswith(b"retry:")
            await asyncio.sleep(0.5)  # any connection a request's thread kept is still open
            during = await asyncio.to_thread(held)
            for stream in streams:
                stream.close()
        return before, during

    # In a thread of its own: after a browser test, Playwright's loop runs in this one.
    with ThreadPoolExecutor(1) as thread:
        before, during = thread.submit(asyncio.run, scenario()).result()
    assert during <= before + 1, (before, during)


def test_the_benchs_simulated_table_sees_each_pushed_tick(asgi_server):
    """bench/tables.py, small: a GM ticking twice a second and five screens that show each pushed
    change (its figures are `make bench`'s; here only that it sees the changes, and asks for nothing)."""
    from bench.tables import build_tables, figures, simulate

    tables = build_tables(1, "smoke")
    with ThreadPoolExecutor(1) as thread:  # Playwright's loop may run in this thread
        seen = figures(thread.submit(asyncio.run, simulate(asgi_server, tables, True, 3, tick_every=0.5)).result())
    assert seen["errors"] == {}
    assert seen["changes_shown"] >= 5  # every screen, at least once
    assert seen["requests_per_change"] == 0  # the stream brought each screen's panels: none asked
    assert seen["heard_p95_ms"] is not None and seen["shown_p95_ms"] >= seen["heard_p50_ms"]
