"""What axe cannot see, over whole pages: every control a keyboard reaches looks different focused
(a picture of it with the focus and without differs, in both themes; the pictures are kept in
tests/e2e/screenshots/focus-*), nothing moves for someone who asked for reduced motion while it
does for others, and each page says the language it is in."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import gettext

from campaign.demo import DEMO_GM, DEMO_PASSWORD
from campaign.models import Campaign
from characters.models import Character
from tests.e2e.axe import MOVING
from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_accessibility import GM_SCREEN
from tests.helpers import PHONE, TABLE, log_in, settled

pytestmark = pytest.mark.any_database  # the same on any database: CI checks it once

PLAYER = "xavier"
CONTROL = """() => {
    // The focused control's box, or its label's when the control itself is drawn by its label (a toggle button).
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    let box = focused.getBoundingClientRect();
    const style = getComputedStyle(focused), hidden = style.clip !== 'auto' || style.opacity === '0' || box.width < 2 || box.height < 2;
    if (hidden && focused.labels && focused.labels.length) box = focused.labels[0].getBoundingClientRect();
    const kind = focused.tagName.toLowerCase() + (focused.type ? '-' + focused.type : '') + (focused.getAttribute('role') ? '-' + focused.getAttribute('role') : '');
    return {x: box.x, y: box.y, width: box.width, height: box.height, kind: kind,
            what: kind + ' ' + (focused.id ? '#' + focused.id + ' ' : '') + (focused.getAttribute('aria-label') || focused.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 40)};
}"""
MOST = 45
"""The Tab presses a page is walked with: its header and its first panels, the controls used most."""


def charge_pages():
    campaign = Campaign.objects.get(system="charge", memberships__user__username=DEMO_GM)
    sheet = Character.objects.get(campaign=campaign, owner__username=PLAYER)
    return {"sheet": (PLAYER, PHONE, sheet.get_absolute_url()), "console": (DEMO_GM, GM_SCREEN, f"/c/{campaign.pk}/console/"),
            "clocks": (DEMO_GM, GM_SCREEN, f"/c/{campaign.pk}/clocks/"), "table": (DEMO_GM, TABLE, f"/c/{campaign.pk}/table/")}


def walk_focus(page, name):
    """Tab through the page; for each control reached, a picture of it focused and one unfocused.
    Returns what was walked and those that look the same either way; keeps each kind's first picture."""
    walked, unseen, kept = [], [], set()
    for _ in range(MOST):
        page.keyboard.press("Tab")
        control = page.evaluate(CONTROL)
        if control is None:
            break
        page.evaluate("() => document.activeElement.scrollIntoView({block: 'center'})")
        control = page.evaluate(CONTROL)
        clip = {"x": max(control["x"] - 8, 0), "y": max(control["y"] - 8, 0),
                "width": control["width"] + 16, "height": control["height"] + 16}
        if control["width"] < 2 or control["height"] < 2:
            unseen.append(control["what"] + " (no box)")
            continue
        walked.append(control["what"])
        focused = page.screenshot(clip=clip, animations="disabled")
        page.evaluate("() => { window.walked = document.activeElement; walked.blur(); }")
        unfocused = page.screenshot(clip=clip, animations="disabled")
        page.evaluate("() => walked.focus()")  # Tab goes on from it
        if focused == unfocused:
            unseen.append(control["what"])
        if control["kind"] not in kept:
            kept.add(control["kind"])
            (SCREENSHOTS / f"focus-{name}-{control['kind']}.png").write_bytes(focused)
    return walked, unseen


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_every_control_the_keyboard_reaches_looks_different_focused(new_page, theme):
    call_command("load_demo", stdout=StringIO())
    SCREENSHOTS.mkdir(exist_ok=True)
    pages, walked, unseen = {}, 0, {}
    for name, (username, viewport, address) in charge_pages().items():
        if username not in pages:
            pages[username] = new_page(viewport, reduced_motion="reduce")
            log_in(pages[username], username, DEMO_PASSWORD)
            pages[username].evaluate("theme => localStorage.setItem('charge-theme', theme)", theme)
        page = pages[username]
        page.set_viewport_size(viewport)
        page.goto(address)
        settled(page)
        assert page.evaluate("document.documentElement.dataset.bsTheme") == theme
        controls, same = walk_focus(page, f"{theme}-{name}")
        walked += len(controls)
        if same:
            unseen[name] = same
    print(f"focus: {walked} controls on {len(charge_pages())} pages in the {theme} theme, {sum(map(len, unseen.values()))} unseen")
    assert walked > 90
    assert not unseen, unseen


def test_nothing_moves_for_someone_who_asked_for_reduced_motion(new_page):
    """The check itself sees motion where it is allowed (a button's colour eases in), and none on
    the same pages for someone whose device asks for reduced motion (WCAG 2.3.3)."""
    call_command("load_demo", stdout=StringIO())
    moving = {}
    for motion in ("no-preference", "reduce"):
        page = new_page(GM_SCREEN, reduced_motion=motion)
        log_in(page, DEMO_GM, DEMO_PASSWORD)
        moving[motion] = {}
        for name, (_username, _viewport, address) in charge_pages().items():
            page.goto(address)
            settled(page)
            moving[motion][name] = page.evaluate(MOVING)
    assert all(moving["no-preference"].values()), moving["no-preference"]
    assert not any(moving["reduce"].values()), moving["reduce"]


@pytest.mark.parametrize("language", ["en", "fr", "sv"])
def test_each_page_says_the_language_it_is_in(new_page, language):
    """The page's ``lang`` (WCAG 3.1.1) is the language its words are in: the browser's, for the
    pages anyone opens and a player's own; the footer's link, in that language, says so."""
    call_command("load_demo", stdout=StringIO())
    page = new_page(PHONE)
    log_in(page, PLAYER, DEMO_PASSWORD)
    page.context.set_extra_http_headers({"Accept-Language": language})
    with translation.override(language):
        accessibility = gettext("Accessibility")
    for address in ("/", "/accessibility/"):
        page.goto(address)
        assert page.evaluate("document.documentElement.lang") == language, address
        assert page.get_by_role("link", name=re.compile(f"^{accessibility}$")).count(), f"{address} is not in {language}"
    for _name, (_username, _viewport, address) in charge_pages().items():
        if "/console/" in address or "/clocks/" in address:
            continue  # the GM's
        page.goto(address)
        assert page.evaluate("document.documentElement.lang") == language, address
