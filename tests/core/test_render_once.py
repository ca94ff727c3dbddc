"""Render once per change and audience (core/htmx.py): the first screen to ask for a panel after a
change renders it; the others of its audience are served that rendering, with their own CSRF
token; another audience, a new version or a waiting message renders anew."""

import html
import re
from contextlib import contextmanager
from unittest.mock import patch

import pytest
from django.core.cache import cache
from django.db import connection
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from template_partials.templatetags.partials import DefinePartialNode

import core.htmx
from core.rendered import CSRF_PLACEHOLDER
from tests.factories import ClockFactory, UserFactory, join
from tests.helpers import HTMX, update_character


@pytest.fixture(autouse=True)
def _render_once(settings):
    """These tests are of the render-once cache: on, whatever the run's RENDER_ONCE (CI runs the
    suite once with it off)."""
    settings.RENDER_ONCE = True


def _without_tokens(made: str) -> str:
    """A rendering as two viewers of one audience share it: all but each one's own CSRF token and
    each form's own write key (core/keys.py)."""
    return re.sub(r'name="(csrfmiddlewaretoken|key)" value="[^"]*"', r'name="\1"', made)


def _get(client, url, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def test_a_second_gm_is_served_the_first_ones_table_panel_until_the_campaign_changes(table, co_gm):
    clock = ClockFactory(campaign=table.campaign, name="Alert", size=6, filled=2)
    url = reverse("table", args=[table.campaign.pk]) + "?panel=table-clocks"
    first, rendered = _get(table.client("gm"), url, **HTMX)
    second_gm = Client()
    second_gm.force_login(co_gm)
    second, served = _get(second_gm, url, **HTMX)
    assert "Alert: 2 of 6" in first and _without_tokens(second) == _without_tokens(first)
    assert served <= 3 < rendered  # the session, the user, the membership: nothing of the panel
    table.client("gm").post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 1}, **HTMX)
    after, rendered_again = _get(second_gm, url, **HTMX)
    assert "Alert: 3 of 6" in after and rendered_again > 3


def test_players_without_characters_share_a_rendering_but_not_with_a_player_who_has_one(table):
    url = reverse("table", args=[table.campaign.pk]) + "?panel=table-clocks"
    stranger = UserFactory(username="newcomer")
    join(table.campaign, stranger)
    _get(table.client("other_player"), url, **HTMX)
    newcomer = Client()
    newcomer.force_login(stranger)
    assert _get(newcomer, url, **HTMX)[1] <= 4  # the same audience: served (and their characters read)
    assert _get(table.client("player"), url, **HTMX)[1] > 4  # Ada's player: another audience


def test_the_gm_and_a_player_are_two_audiences(table):
    ClockFactory(campaign=table.campaign, name="GM-ONLY-CLOCK", visibility="gm")
    url = reverse("campaign", args=[table.campaign.pk])
    assert "GM-ONLY-CLOCK" in _get(table.client("gm"), url)[0]
    assert "GM-ONLY-CLOCK" not in _get(table.client("player"), url)[0]
    sheet = reverse("character", args=[table.campaign.pk, table.character.pk]) + "?panel=vitals"
    owner, other = _get(table.client("player"), sheet, **HTMX)[0], _get(table.client("other_player"), sheet, **HTMX)[0]
    assert owner != other  # the owner's has the sheet's controls


def test_a_served_rendering_carries_the_viewers_own_csrf_token(table, co_gm):
    url = reverse("console", args=[table.campaign.pk])
    _get(table.client("gm"), url)
    client = Client(enforce_csrf_checks=True)
    client.force_login(co_gm)
    page = client.get(url).content.decode()
    assert CSRF_PLACEHOLDER not in page
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    assert _unmask_cipher_token(token) == client.cookies["csrftoken"].value
    assert f'"X-CSRFToken": "{token}"' in page  # htmx's header: the same token


def test_a_request_masks_its_csrf_token_once_for_its_secret():
    """Django masks the secret anew each time it is asked (32 random choices); a request asks once
    for each secret it holds (core/csrf.py): a login rotating it gets a token of the new one."""
    from django.middleware.csrf import rotate_token
    from django.test import RequestFactory

    from core import csrf
    request = RequestFactory().get("/")
    first = csrf.token(request)
    assert csrf.token(request) == first and _unmask_cipher_token(first) == request.META["CSRF_COOKIE"]
    rotate_token(request)
    second = csrf.token(request)
    assert second != first and _unmask_cipher_token(second) == request.META["CSRF_COOKIE"]
    assert csrf.token(RequestFactory().get("/")) not in (first, second)


def test_an_answer_carries_one_token_which_posts_and_the_next_answer_another_mask(table, co_gm):
    clock = ClockFactory(campaign=table.campaign, name="Alert", size=6)
    client = Client(enforce_csrf_checks=True)
    client.force_login(co_gm)
    url = reverse("console", args=[table.campaign.pk])
    client.get(url)  # the CSRF cookie, and the panels kept
    panels = url + "?panels=table-clocks,x-card,console-session"
    tokens = [re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get(panels, **HTMX).content.decode())
              for _ in range(2)]
    assert len(tokens[0]) >= 3 and len(set(tokens[0])) == len(set(tokens[1])) == 1
    assert tokens[0][0] != tokens[1][0]
    assert _unmask_cipher_token(tokens[0][0]) == client.cookies["csrftoken"].value
    ticked = client.post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]),
                         {"amount": 1, "csrfmiddlewaretoken": tokens[0][0]})
    assert ticked.status_code == 302
    clock.refresh_from_db()
    assert clock.filled == 1


def test_a_page_with_a_message_waiting_is_rendered_for_it_and_not_kept(table):
    gm, url = table.client("gm"), reverse("console", args=[table.campaign.pk])
    _get(gm, url)
    gm.post(reverse("call_for_roll", args=[table.campaign.pk]), {"character": 0, "action": "", "goal": ""})
    said = "Roll for a character of yours in this campaign."
    assert said in gm.get(url).content.decode()  # not the rendering kept before
    assert said not in gm.get(url).content.decode()  # shown once: the page with it was not kept


def test_a_screen_that_finds_no_rendering_renders_one_at_once_and_keeps_it(table, monkeypatch):
    """No screen waits for another's rendering (nothing sleeps in a request): two screens asking
    at once after a change both render, and the next is served."""
    url = reverse("table", args=[table.campaign.pk]) + "?panel=table-clocks"
    first, _ = _get(table.client("player"), url, **HTMX)
    cache.clear()
    monkeypatch.setattr("time.sleep", lambda seconds: pytest.fail("a request slept"))
    later, _ = _get(table.client("other_player"), url, **HTMX)
    assert later == first
    kept = [key for key in cache._cache if "rendered:" in key]  # kept for the next screen
    assert kept


def test_a_roll_on_its_way_on_the_table_screen_shows_its_button_only_to_whoever_may_roll_it(table):
    table.client("player").post(reverse("roll_new", args=[table.campaign.pk]),
                                {"step": 1, "key": "k1", "character": table.character.pk, "action": "Finesse",
                                 "goal": "Slip past"}, **HTMX)
    url = reverse("table", args=[table.campaign.pk]) + "?panel=pending-rolls"
    owner = _get(table.client("player"), url, **HTMX)[0]
    other = _get(table.client("other_player"), url, **HTMX)[0]
    assert "Slip past" in owner and "Slip past" in other
    assert "Open it" in owner and "Open it" not in other


COMMITTED = pytest.mark.django_db(transaction=True)
"""Writes commit for real, and each change moves the campaign's version after its commit."""
TOKEN = re.compile(r'value="[^"]+"')  # each answer masks the CSRF token anew
CSRF_HEADER = re.compile(r'"X-CSRFToken": "[^"]+"')  # a whole page's, for htmx


def _same(one, other):
    return TOKEN.sub("", one) == TOKEN.sub("", other)


def _vitals(table):
    return reverse("character", args=[table.campaign.pk, table.character.pk]) + "?panel=vitals"


def _rendered(client, url) -> tuple[str, bool]:
    """The panel, and whether this request rendered it (rather than serving what was kept)."""
    made = []
    render = core.htmx._render

    def noted(*args):
        rendering = render(*args)
        return lambda extra: made.append(rendering(extra)) or made[-1]
    with patch.object(core.htmx, "_render", noted):
        html = _get(client, url, **HTMX)[0]
    return html, bool(made)


def _vitals_then_a_tick(table):
    """The player's vitals panel rendered, then a clock ticked by the GM: the player's client and
    the panel as rendered."""
    clock = ClockFactory(campaign=table.campaign, name="Alert", size=6, filled=2)
    player = table.client("player")
    before, rendered = _rendered(player, _vitals(table))
    assert rendered
    table.client("gm").post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 1}, **HTMX)
    return player, before


@COMMITTED
def test_a_panel_kept_is_served_until_a_model_it_declares_changes(table, settings):
    """A clock ticking shows nothing on a sheet's vitals, which do not declare clocks: they are
    served as kept at the new version, the same as with the cache off; a change to the character,
    which they declare, renders them anew."""
    player, before = _vitals_then_a_tick(table)
    after_tick, rendered = _rendered(player, _vitals(table))
    assert _same(after_tick, before) and not rendered
    settings.RENDER_ONCE = False
    assert _same(after_tick, _get(player, _vitals(table), **HTMX)[0])
    settings.RENDER_ONCE = True
    table.client("player").post(reverse("character_momentum", args=[table.campaign.pk, table.character.pk]),
                                {"delta": -1}, **HTMX)
    after_momentum, rendered = _rendered(player, _vitals(table))
    assert not _same(after_momentum, before) and rendered
    settings.RENDER_ONCE = False
    assert _same(after_momentum, _get(player, _vitals(table), **HTMX)[0])


@COMMITTED
def test_a_clock_hidden_after_a_panel_was_kept_is_gone_from_it(table):
    """Planted through the GM's own edit: the kept table panel read the clocks, so it renders anew."""
    clock = ClockFactory(campaign=table.campaign, name="PLANTED-CLOCK", size=6, filled=2)
    url = reverse("table", args=[table.campaign.pk]) + "?panel=table-clocks"
    assert "PLANTED-CLOCK" in _get(table.client("player"), url, **HTMX)[0]
    from tests.clocks.test_clocks import clock_post
    table.client("gm").post(reverse("clock_edit", args=[table.campaign.pk, clock.pk]),
                            clock_post(name="PLANTED-CLOCK", visibility="gm"))
    assert "PLANTED-CLOCK" not in _get(table.client("player"), url, **HTMX)[0]
    assert "PLANTED-CLOCK" not in _get(table.client("other_player"), url, **HTMX)[0]


def test_a_page_answers_its_live_panels_in_one_request_as_each_answers_alone(table):
    sheet = reverse("character", args=[table.campaign.pk, table.character.pk])
    player = table.client("player")
    together, _ = _get(player, sheet + "?panels=vitals,waiting", **HTMX)
    vitals, _ = _get(player, sheet + "?panel=vitals", **HTMX)
    waiting, _ = _get(player, reverse("waiting", args=[table.campaign.pk]) + f"?on={sheet}", **HTMX)
    assert _same(together, f'<template data-panel="vitals">{vitals}</template>'
                           f'<template data-panel="waiting">{waiting}</template>')
    assert player.get(sheet + "?panels=vitals,gm_notes", **HTMX).status_code == 404
    assert table.client("outsider").get(sheet + "?panels=vitals", **HTMX).status_code == 404
    assert "<!doctype html>" in player.get(sheet + "?panels=vitals").content.decode()  # without htmx: the page



@COMMITTED
def test_a_request_whose_writes_a_bump_covers_bumps_once_and_quietly(table, caplog):
    """A write no signal tells of, then one a signal does, in one transaction: the bump after the
    commit covers both, so the safety net (campaign/live.py ChangesOnRecord) adds no second one."""
    import logging

    from django.db import transaction
    from django.http import HttpResponse
    from django.test import RequestFactory

    from campaign.live import ChangesOnRecord
    from campaign.models import Campaign

    clock = ClockFactory(campaign=table.campaign, name="Alert", size=6, filled=2)
    version = Campaign.objects.get(pk=table.campaign.pk).live_version

    @transaction.atomic
    def view(request):
        update_character(table.character.pk, momentum=1)  # no signal sent
        clock.filled = 3
        clock.save()  # a followed model: bumps the version on commit
        return HttpResponse()

    with caplog.at_level(logging.WARNING, logger="campaign.live"):
        ChangesOnRecord(view)(RequestFactory().get("/"))
    assert Campaign.objects.get(pk=table.campaign.pk).live_version == version + 1
    assert caplog.text == ""


PAGE_PANEL = r'hx-get="{}\?panel=([\w-]+)"[^>]*hx-trigger="[^"]*campaignChanged'
AGO = re.compile(r"\bnow\b|\b(an?|\d+)\s\w+ ago\b")  # a clock's last tick, a moment later
LOADS = re.compile(r'hx-get="([^"]+)"[^>]*hx-trigger="load,')


def _noting_renders(made):
    """Patches under which every panel rendered (a page's own, or one of every page) is noted."""
    render, everywhere = core.htmx._render, core.htmx._everywhere

    def noted(make):
        return lambda *args: (lambda extra: made.append(make(*args)(extra)) or made[-1])
    return patch.multiple(core.htmx, _render=noted(render), _everywhere=noted(everywhere))


def keeps_its_panels(client, url, settings):
    """The page opened, and what it asks for once loaded asked, as a browser does: its live panels
    are all kept (none renders when asked), and exactly as they answer on their own."""
    full, _ = _get(client, url)
    names = re.findall(PAGE_PANEL.format(re.escape(url)), full)
    assert names, "a page with live panels"
    names += re.findall(r'data-live-panel="([\w-]+)"', full)  # those of every page it carries
    for load in LOADS.findall(full):
        _get(client, html.unescape(load), **HTMX)
    asked = f"{url}?panels={','.join(names)}"
    made = []
    with _noting_renders(made):
        kept, _ = _get(client, asked, **HTMX)
    assert made == []
    settings.RENDER_ONCE = False
    fresh, _ = _get(client, asked, **HTMX)
    settings.RENDER_ONCE = True
    assert _same(*(AGO.sub("", answer) for answer in (kept, fresh)))


@pytest.mark.parametrize("page", ["campaign", "table", "console", "character", "safety"])
@pytest.mark.parametrize("who", ["gm", "player", "other_player"])
def test_a_page_keeps_its_live_panels_as_it_rendered_them_for_the_first_change(table, page, who, settings):
    """The first change after a page opens renders none of its panels again that it did not
    touch: the page kept them as it rendered them (here, with nothing changed, none renders)."""
    args = [table.campaign.pk] + ([table.character.pk] if page == "character" else [])
    url = reverse(page, args=args)
    if page == "console" and who != "gm":
        assert table.client(who).get(url).status_code == 404
        return
    keeps_its_panels(table.client(who), url, settings)


@pytest.mark.parametrize("system", ["ability", "advantage", "traits"])
@pytest.mark.parametrize("who", ["gm", "player", "other_player"])
def test_the_other_dice_systems_campaign_pages_keep_their_panels(table, system, who, settings):
    """Their dashboard, table screen and console (their sheets are rendered at every ask)."""
    table.campaign.system = system
    table.campaign.save()
    names = ["campaign", "table"] + (["console"] if who == "gm" else [])
    for url in [reverse(name, args=[table.campaign.pk]) for name in names]:
        cache.clear()
        keeps_its_panels(table.client(who), url, settings)


@pytest.mark.django_db
def test_the_demo_campaigns_pages_keep_their_panels_as_each_member_sees_them(settings):
    """The demo holds what a campaign in play holds (rolls on their way, consequences, hidden
    clocks, the Extras): every page with live panels, as the GM and as each player."""
    from io import StringIO

    from django.core.management import call_command

    from campaign.demo import DEMO_GM, DEMO_PLAYERS
    from campaign.models import Campaign
    from charge.demo import NAME as DEMO_CAMPAIGN

    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(name=DEMO_CAMPAIGN)
    pages = [reverse(name, args=[campaign.pk]) for name in ("campaign", "table", "safety")]
    pages += [character.get_absolute_url() for character in campaign.characters.all()]
    for username in (DEMO_GM, *DEMO_PLAYERS):
        client = Client()
        client.force_login(campaign.memberships.get(user__username=username).user)
        for url in pages + ([reverse("console", args=[campaign.pk])] if username == DEMO_GM else []):
            cache.clear()
            keeps_its_panels(client, url, settings)


def test_a_page_with_a_query_keeps_none_of_its_panels(table):
    """A filter in the page's query may show its panels otherwise than they answer on their own."""
    url = reverse("table", args=[table.campaign.pk])
    client = table.client("player")
    _get(client, url + "?from=somewhere")
    made = []
    with _noting_renders(made):
        _get(client, url + "?panel=table-clocks", **HTMX)
    assert made


@COMMITTED
def test_a_panel_kept_from_its_page_is_served_until_a_change_of_what_it_shows(table):
    """Opened: the sheet's vitals, kept from the page, are served as the page rendered them, and
    still after a clock ticks (they show no clock); the character's momentum spent, they are
    rendered anew."""
    clock = ClockFactory(campaign=table.campaign, name="Alert", size=6, filled=2)
    player = table.client("player")
    sheet = reverse("character", args=[table.campaign.pk, table.character.pk])
    _get(player, sheet)
    made = []
    with _noting_renders(made):
        before, _ = _get(player, sheet + "?panels=vitals", **HTMX)
    assert made == []
    table.client("gm").post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 1}, **HTMX)
    with _noting_renders(made):
        after, _ = _get(player, sheet + "?panels=vitals", **HTMX)
    assert made == [] and _same(after, before)
    player.post(reverse("character_momentum", args=[table.campaign.pk, table.character.pk]), {"delta": -1}, **HTMX)
    with _noting_renders(made):
        spent, _ = _get(player, sheet + "?panels=vitals", **HTMX)
    assert len(made) == 1 and 'id="vitals"' in made[0] and not _same(spent, before)


EXTRAS_PANELS = {"table": ("table-spells", "table-threats", "table-hooks", "table-market"),
                 "console": ("table-spells", "table-threats", "table-hooks", "table-market", "console-threats",
                             "console-market", "console-magic")}
"""Charge's Extras' panels on the table screen and on the console (charge/site.py)."""


@COMMITTED
def test_charges_extras_panels_are_served_across_a_change_they_do_not_show(table):
    """The spells, threats, hooks, market and magic panels declare what they show (charge/site.py):
    a clock ticked renders none of them anew; a threat named renders the threats' alone."""
    from charge.actions.bookkeeping import set_dials
    from gamerules.dials import Dials, Extra

    set_dials(table.campaign.memberships.get(user=table.gm), Dials(extras=frozenset(
        {Extra.MAGIC, Extra.ECONOMY, Extra.THREAT_LEVEL, Extra.WORLD})))
    clock = ClockFactory(campaign=table.campaign, name="Alert", size=6, filled=2)
    screens = {page: (table.client("gm" if page == "console" else "player"), reverse(page, args=[table.campaign.pk]))
               for page in EXTRAS_PANELS}

    def asked():
        """Each panel, and whether it was rendered anew."""
        return {(page, name): _rendered(client, f"{url}?panel={name}")
                for page, (client, url) in screens.items() for name in EXTRAS_PANELS[page]}
    before = asked()
    assert all(rendered for _, rendered in before.values())
    table.client("gm").post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 1}, **HTMX)
    after_tick = asked()
    assert [panel for panel, (_, rendered) in after_tick.items() if rendered] == []
    assert all(_same(after_tick[panel][0], before[panel][0]) for panel in before)
    table.client("gm").post(reverse("threat_add", args=[table.campaign.pk]),
                            {"source": "A poisonous mist", "rating": 2, "character": ""}, **HTMX)
    after_threat = asked()
    assert [panel for panel, (_, rendered) in after_threat.items() if rendered] == [
        ("table", "table-threats"), ("console", "table-threats"), ("console", "console-threats")]
    assert "A poisonous mist" in after_threat["table", "table-threats"][0]


@contextmanager
def _noting_partials(made: list):
    """Patched: every inline partial a page renders anew is noted by name (a live panel it takes
    as it was kept is not)."""
    render = DefinePartialNode.render

    def noted(node, context):
        made.append(node.partial_name)
        return render(node, context)
    with patch.object(DefinePartialNode, "render", noted):
        yield


@COMMITTED
@pytest.mark.parametrize(("page", "who"), [("table", "player"), ("console", "gm"), ("campaign", "other_player")])
def test_the_first_page_after_a_change_renders_only_the_panels_the_change_touched(table, page, who, settings):
    """A clock ticked: the page opened again renders its clocks anew and takes its characters as
    the page before kept them; it is what a fresh rendering is."""
    clock = ClockFactory(campaign=table.campaign, name="Alert", size=6, filled=2)
    client, url = table.client(who), reverse(page, args=[table.campaign.pk])
    _get(client, url)
    table.client("gm").post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 1}, **HTMX)
    made = []
    with _noting_partials(made):
        after, _ = _get(client, url)
    assert "Alert: 3 of 6" in after
    clocks, characters = {"campaign": ("events-panel", "characters-panel")}.get(page, ("table-clocks", "table-characters"))
    assert clocks in made and characters not in made, made
    settings.RENDER_ONCE = False
    fresh, _ = _get(client, url)
    assert _same(*(CSRF_HEADER.sub("", AGO.sub("", answer)) for answer in (after, fresh)))
