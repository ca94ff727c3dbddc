"""The render cache cannot lie (docs/render-cache.md): after each write the site offers, every page
that keeps renderings, and each of its live panels, as every role, is the same as a fresh rendering
of the same request with the cache off. The cache is warm before each write, as the screens at a
table are, so a rendering kept before it would show if it were served after it. After each write,
too, the dice statistics' tally is what counting the campaign's rolls afresh gives.

The walk (``WALK``) is checked against the URL configuration, as the permission matrix is: a write
added to the site without a step here fails ``test_every_write_is_walked``."""

import html
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from campaign.models import Membership, Role
from tests.core.test_keyed_writes import Write, playing
from tests.core.walk import STRETCHES, WALK
from tests.factories import UserFactory, join
from tests.helpers import HTMX
from tests.rolls.test_reading_tally import afresh, kept
from tests.security.rules import RULES, routes

pytestmark = pytest.mark.any_database  # the same on any database: CI checks it once

COMMITTED = pytest.mark.django_db(transaction=True)
"""Writes commit for real, as on a server: each moves its campaign's version after its commit."""
CSRF = re.compile(r"\b[A-Za-z0-9]{64}\b")  # each answer masks the CSRF token anew
WRITE_KEY = re.compile(r'(name="key" value=")[^"]+"')  # and gives each form a key of its own
AGO = re.compile(r"\bnow\b|\b(an?|\d+)\s\w+ ago\b")  # a last change's time, a moment later
PAGE_PANEL = r'hx-get="{}\?panel=([\w-]+)"[^>]*hx-trigger="[^"]*campaignChanged'
EVERY_PAGES_PANEL = re.compile(r'data-live-panel="([\w-]+)"')
LOADS = re.compile(r'hx-get="([^"]+)"[^>]*hx-trigger="load,')

VIEWERS = ("gm", "co_gm", "player", "other_player", "newcomer", "newcomer_too")
"""Every role: two GMs; the character's owner; a player with a character of their own; two players
with none, who share an audience, so that a panel showing one what is the other's would show."""
KEEPING_PAGES = ("campaign", "table", "console", "safety")
"""The campaign's pages that keep renderings for an audience, besides each character's sheet."""


def _same(answer: str) -> str:
    return AGO.sub("", CSRF.sub("", WRITE_KEY.sub(r'\1"', answer)))


def _viewers(table) -> dict[str, Client]:
    """A logged-in client of each role, with the players' characters the roles need."""
    from characters.models import Character

    users = {"gm": table.gm, "player": table.player, "other_player": table.other_player}
    for who, role in (("co_gm", "gm"), ("newcomer", "player"), ("newcomer_too", "player")):
        users[who] = UserFactory(username=who)
        join(table.campaign, users[who], role)
    if not Character.objects.filter(campaign=table.campaign, owner=table.other_player).exists():
        Character.objects.create(campaign=table.campaign, owner=table.other_player, name="Bo", created=True)
    clients = {}
    for who, user in users.items():
        clients[who] = Client()
        clients[who].force_login(user)
        clients[who].user = user
    return clients


def _addresses(table, viewers, who) -> list[str]:
    """The pages ``who`` keeps open: the console while a GM (a campaign may be handed over)."""
    gm = Membership.objects.filter(campaign=table.campaign, user=viewers[who].user, role=Role.GM).exists()
    names = [name for name in KEEPING_PAGES if name != "console" or gm]
    return [reverse(name, args=[table.campaign.pk]) for name in names] + [table.character.get_absolute_url()]


def _answer(client, address, headers, fresh=False) -> str:
    with override_settings(RENDER_ONCE=not fresh, LIVE_VERSION_IN_CACHE=not fresh):
        response = client.get(address, **headers)
    if response.status_code in (302, 403):  # an archived campaign's pages send to its front page, or refuse
        return f"{response.status_code} {response.get('Location', '')}"
    assert response.status_code == 200, (address, response.status_code)
    return response.content.decode()


def _asks(page: str, full: str) -> list[tuple[str, dict]]:
    """What a screen showing ``full`` asks for: once loaded, what it loads by itself; after a
    change, its live panels in one request."""
    names = re.findall(PAGE_PANEL.format(re.escape(page)), full) + EVERY_PAGES_PANEL.findall(full)
    asks = [(html.unescape(load), HTMX) for load in LOADS.findall(full)]
    return asks + ([(f"{page}?panels={','.join(dict.fromkeys(names))}", HTMX)] if names else [])


def stale_screens(table, viewers, asks: dict) -> list[str]:
    """Every screen of every viewer, served with the cache on, that differs from a fresh rendering
    of the same request. As at a table after a change: first every screen asks for its live panels
    (``asks``, by viewer and page: the first of an audience renders them, the others are served),
    then every page is opened anew, which tells what its screen asks for next."""
    stale = []

    def check(who, address, headers, served=None):
        served = served or _answer(viewers[who], address, headers)
        if _same(served) != _same(_answer(viewers[who], address, headers, fresh=True)):
            stale.append(f"{who} {address}")
        return served

    pages = {who: _addresses(table, viewers, who) for who in viewers}
    for (who, page), asked in asks.items():
        for address, headers in asked if page in pages[who] else ():
            check(who, address, headers)
    for who, open_pages in pages.items():
        for page in open_pages:
            asks[who, page] = _asks(page, check(who, page, {}))
    return stale


def _step(table, write: Write, n: int):
    url = reverse(write.url, args=[table.campaign.pk, *write.args(table)])
    client = Client()
    client.force_login(write.who(table) if callable(write.who) else getattr(table, write.who))
    return client.post(url, {**write.data(table, n), "key": f"walk-{n}"}, **HTMX)


@COMMITTED
@pytest.mark.parametrize("stretch", STRETCHES)
def test_after_each_write_every_screen_is_what_a_fresh_rendering_shows(table, dice, stretch, settings):
    """Each stretch (tests/core/walk) in one campaign of its system; ``table.dice`` scripts the dice
    of a step that needs an outcome. Served: renderings and memberships kept, as with Redis."""
    settings.LIVE_VERSION_IN_CACHE = True
    steps = STRETCHES[stretch]
    playing(table, next(iter(steps.values())).system)
    table.dice = dice
    viewers, asks = _viewers(table), {}
    assert stale_screens(table, viewers, asks) == []  # and now every screen is open
    stale = {}
    for n, (name, write) in enumerate(steps.items(), start=1):
        before = write.state(table)
        response = _step(table, write, n)
        assert response.status_code in (200, 302), (name, response.content[:300])
        assert write.state(table) != before, f"{name} changed nothing: it proves nothing"
        # Whatever it wrote, the dice statistics' tally (rolls/tally.py) is still a fresh count of the rolls.
        assert kept(table.campaign.pk) == afresh(table.campaign.pk), f"{name}: the tally is out of step"
        if found := stale_screens(table, viewers, asks):
            stale[name] = found
    assert stale == {}, f"served what a fresh rendering no longer shows {stale}"


READING = {
    "campaign", "live", "live_stream", "waiting", "table", "console", "clocks", "clock_panel", "clock",
    "character", "character_print", "character_history", "rolls", "roll_stats", "roll", "fortune_odds",
    "determination_odds", "loot_odds", "party", "resources", "world", "playbooks", "making", "safety", "members",
    "forces", "force", "sessions", "session", "session_recap", "previously_on", "campaign_export",
    "hack", "hack_export", "hack_preview",
    "conflict", "ability_action_odds", "roll_odds", "ability_action", "advantage_check", "flashback_call",
    "connections",
}
"""The campaign's addresses that only read."""


NOT_WALKED = {
    "campaign_delete": "a deleted campaign leaves no screen to compare: every page of it is not found, "
                       "for every viewer (tests/campaign covers that)",
}
"""Writes the walk cannot check, and why."""


def test_every_write_is_walked():
    """Every address of a campaign that writes has a step in ``WALK`` (by its URL name)."""
    writes = {name for name, rule in RULES.items() if rule in ("member", "owner", "gm") and name not in READING}
    assert writes <= set(routes())
    walked = {write.url for write in WALK.values()}
    assert sorted(writes - walked - set(NOT_WALKED)) == []
    assert sorted(walked & set(NOT_WALKED)) == []
