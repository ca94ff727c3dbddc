"""WCAG 2.2 A and AA, as axe-core sees it, on every page of the demo: as the GM at 1366x768, as a
player on a 390 px phone, no one logged in, and the table screen at 1920x1080; then the pages a
table uses most (the dashboard, a sheet, the console, the table screen, each system's wizard and
clocks) in the light theme (the site is dark unless one chooses light), in French and in Swedish.
Each page also says its language in its ``lang``, and nothing on it moves for someone who asked
for reduced motion."""

from io import StringIO
from typing import NamedTuple

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from accounts.models import Account
from campaign.demo import DEMO_GM, DEMO_PASSWORD
from campaign.models import Campaign
from tests.e2e.axe import AXE, audit, beyond_axe, demo_pages, described
from tests.helpers import PHONE, TABLE, log_in, settled

GM_SCREEN = {"width": 1366, "height": 768}
PLAYER = "xavier"
MOST_USED = {"campaign", "character", "console", "table", "clocks", "roll_new", "roll_pending", "conflict_new",
             "conflict", "ability_action_new", "ability_action", "advantage_check_new", "advantage_check"}
"""The pages a table uses most, by URL name."""
SHARED_SCREENS = {"table", "previously_on"}
EVERY_OBJECT = {"character", "clock", "roll", "roll_pending", "session", "conflict", "ability_action", "advantage_check"}
"""The pages whose look follows their object's state, walked for each object of the demo; the
rest (a sheet's print and history, a clock's edit form...) for the first in each campaign."""


class View(NamedTuple):
    username: str | None
    viewport: dict
    names: set | None = None  # the URL names walked; None: every page
    theme: str = "dark"
    language: str = "en"


VIEWS = {
    "gm-1366": View(DEMO_GM, GM_SCREEN),
    "player-390": View(PLAYER, PHONE),
    "anonymous-390": View(None, PHONE),
    "table-1920": View(DEMO_GM, TABLE, SHARED_SCREENS),
    **{f"{who}-{scheme}-{language}": View(username, viewport, MOST_USED, scheme, language)
       for who, username, viewport in (("gm", DEMO_GM, GM_SCREEN), ("player", PLAYER, PHONE))
       for scheme, language in (("light", "en"), ("dark", "fr"), ("dark", "sv"))},
    **{f"table-{scheme}-{language}": View(DEMO_GM, TABLE, SHARED_SCREENS, scheme, language)
       for scheme, language in (("light", "en"), ("dark", "fr"), ("dark", "sv"))},
}


@pytest.mark.parametrize("view", VIEWS.values(), ids=VIEWS.keys())
def test_no_page_of_the_demo_breaks_a_wcag_rule(new_page, view):
    call_command("load_demo", stdout=StringIO())
    if view.language != "en":
        for user in get_user_model().objects.filter(username__in=[DEMO_GM, PLAYER]):
            Account.objects.update_or_create(user=user, defaults={"language": view.language})
        Campaign.objects.update(table_language=view.language)
    pages = demo_pages(view.username, view.names, EVERY_OBJECT if view.names is None else ())
    assert pages
    page = new_page(view.viewport, reduced_motion="reduce")
    # The theme as its toggle leaves it (about:blank, which has no storage, refuses).
    page.add_init_script(f"try {{ localStorage.setItem('charge-theme', '{view.theme}'); }} catch (e) {{}}")
    page.add_init_script(path=AXE)
    if view.username:
        log_in(page, view.username, DEMO_PASSWORD)
    found = {}
    for _name, url in pages:
        page.goto(url)
        settled(page)
        if violations := audit(page) + beyond_axe(page, view.language):
            found[url] = violations
    count = sum(len(violations) for violations in found.values())
    print(f"axe: {len(pages)} pages, {count} rule x page violations")
    if found:
        pytest.fail(f"{len(found)} of {len(pages)} pages break a rule:\n{described(found)}", pytrace=False)
