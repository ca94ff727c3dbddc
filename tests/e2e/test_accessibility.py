"""WCAG 2.2 A and AA, as axe-core sees it, on every page of the demo as the GM, as a player, as no
one logged in, and the table screen; each page at each of the three sizes (a 390 px phone, a
1366x768 laptop, a 1920x1080 table screen), and, across those three visits, in each of the three
languages and both themes. Each page also says its language in its ``lang``, and nothing on it
moves for someone who asked for reduced motion.

Every page in every size, theme and language (18 visits each) would take about 25 minutes on each
database CI tests with; three visits each, rotated, cover each page in each size, each language and
each theme for a sixth of that. The rotation: a page's i-th place in the walk and the size's k-th
pass pick its language ``LANGUAGES[(i + k) % 3]`` and theme ``THEMES[(i + k) % 2]``, so that the
three passes give each page three languages and two themes."""

from io import StringIO
from itertools import groupby
from typing import NamedTuple

import pytest
from django.core.management import call_command

from campaign.demo import DEMO_GM, DEMO_PASSWORD
from tests.e2e.axe import AXE, audit, beyond_axe, demo_pages, described, target_sizes
from tests.helpers import PHONE, TABLE, log_in, settled

pytestmark = pytest.mark.any_database  # the same on any database: CI checks it once

GM_SCREEN = {"width": 1366, "height": 768}
SIZES = {"390": PHONE, "1366": GM_SCREEN, "1920": TABLE}
LANGUAGES = ("en", "fr", "sv")
THEMES = ("dark", "light")  # dark unless one chooses light
PLAYER = "xavier"
MOST_USED = {"campaign", "character", "console", "table", "clocks", "roll_new", "roll_pending", "conflict_new",
             "conflict", "ability_action_new", "ability_action", "advantage_check_new", "advantage_check"}
"""The pages a table uses most, by URL name."""
SHARED_SCREENS = {"table", "previously_on"}
EVERY_OBJECT = {"character", "clock", "roll", "roll_pending", "session", "conflict", "ability_action", "advantage_check"}
"""The pages whose look follows their object's state (each live panel's states as the demo holds
them), walked for each object of the demo; the rest (a sheet's print and history, a clock's edit
form...) for the first in each campaign."""


class Who(NamedTuple):
    username: str | None
    names: set | None = None  # the URL names walked; None: every page


WHO = {"gm": Who(DEMO_GM), "player": Who(PLAYER), "anonymous": Who(None), "table": Who(DEMO_GM, SHARED_SCREENS)}
PARTS = {"gm": 3, "player": 3, "anonymous": 1, "table": 1}
"""Each pass of the GM's 150-odd pages and the player's 110-odd is run in three parts (every third
page): a part takes well under a minute, far from the suite's limit for one test (HUNG_AFTER) on a
slow or busy machine, and the parts spread over the test processes."""
PASSES = {f"{who}-{size}" + (f"-{part + 1}" if PARTS[who] > 1 else ""): (who, size, part)
          for who in WHO for size in SIZES for part in range(PARTS[who])}


def rotated(pages, size, who, part):
    """The pages in this size's pass and part, each with its (language, theme), grouped by them."""
    k = list(SIZES).index(size)
    placed = sorted(((LANGUAGES[(i + k) % 3], THEMES[(i + k) % 2]), page) for i, page in enumerate(pages)
                    if i % PARTS[who] == part)
    return [(shown, [page for _shown, page in group]) for shown, group in groupby(placed, key=lambda item: item[0])]


@pytest.mark.parametrize(("who", "size", "part"), PASSES.values(), ids=PASSES.keys())
def test_no_page_of_the_demo_breaks_a_wcag_rule(new_page, who, size, part):
    call_command("load_demo", stdout=StringIO())
    username, names = WHO[who]
    pages = demo_pages(username, names, EVERY_OBJECT)
    assert pages
    page = new_page(SIZES[size], reduced_motion="reduce")
    page.add_init_script(path=AXE)
    if username:
        log_in(page, username, DEMO_PASSWORD)
    else:
        page.goto("/")
    found, count, visited = {}, 0, 0
    for (language, theme), urls in rotated(pages, size, who, part):
        # As the browser asks (no one chose a language: the demo's accounts and campaigns have none),
        # and the theme as its toggle leaves it.
        page.context.set_extra_http_headers({"Accept-Language": language})
        page.evaluate("theme => localStorage.setItem('charge-theme', theme)", theme)
        for _name, url in urls:
            visited += 1
            page.goto(url)
            settled(page)
            if violations := audit(page) + beyond_axe(page, language):
                found[f"{url} ({language}, {theme})"] = violations
                count += len(violations)
    print(f"axe: {visited} of {len(pages)} pages at {size}, {count} rule x page violations")
    if found:
        pytest.fail(f"{len(found)} of {visited} pages break a rule:\n{described(found)}", pytrace=False)


def test_every_control_a_table_taps_is_a_target_of_24_px_or_more(new_page):
    """WCAG 2.5.8 (target size, minimum): axe's ``target-size`` rule is among those the suite's
    tags run (it is off unless asked for by a tag), and on the pages a table taps most, on a
    phone, every control passes it; none is left for a person to judge."""
    call_command("load_demo", stdout=StringIO())
    pages = demo_pages(PLAYER, MOST_USED)
    page = new_page(PHONE)
    page.add_init_script(path=AXE)
    log_in(page, PLAYER, DEMO_PASSWORD)
    checked, found = 0, {}
    for _name, url in pages:
        page.goto(url)
        settled(page)
        sizes = target_sizes(page)
        assert sizes["ran"], "the suite's tags do not run axe's target-size rule"
        checked += sizes["passes"]
        if sizes["violations"] or sizes["unsure"]:
            found[url] = sizes
    print(f"target-size: {len(pages)} pages, {checked} controls of 24x24 px or more")
    assert checked
    assert not found, found
