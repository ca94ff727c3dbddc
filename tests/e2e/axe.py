"""axe-core in the browser: the demo's pages, walked from the URL patterns, and what axe finds on each.

axe-core (tests/e2e/vendor/axe.min.js, MPL 2.0, from the npm package ``axe-core``) is given to a
browser context as an init script: it is in each page before the page's own scripts, and the
site's Content-Security-Policy, which would refuse an injected script tag, stays on as in production."""

import itertools
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client

from campaign.demo import DEMO_PASSWORD
from campaign.models import Campaign
from tests.security.rules import routes, url_for

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
"""WCAG 2.0, 2.1 and 2.2, levels A and AA."""

RUN = """async tags => {
    const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return result.violations.map(rule => ({rule: rule.id, impact: rule.impact,
        nodes: rule.nodes.map(node => ({target: node.target.join(' '),
            why: (node.any[0] || node.all[0] || node.none[0] || {message: ''}).message}))}));
}"""


def audit(page) -> list[dict]:
    """What axe finds on the page as it stands (axe given to its context as an init script):
    one entry per rule broken, with each element that breaks it (its selector, and why)."""
    return page.evaluate(RUN, TAGS)


MOVING = """() => {
    const moves = durations => durations.split(',').some(duration => parseFloat(duration) > 0.01);
    const moving = [...document.querySelectorAll('*')].filter(element => {
        const style = getComputedStyle(element);
        return moves(style.transitionDuration) || (style.animationName !== 'none' && moves(style.animationDuration));
    }).map(element => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '')
                      + [...element.classList].map(name => '.' + name).join(''));
    if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth') moving.unshift('html (smooth scrolling)');
    return moving;
}"""


CUT = """() => {
    const broken = element => {  // a word the line broke inside (at a hyphen or a slash is allowed)
        const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
            for (const word of node.data.matchAll(/[^\\s\\/-]+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const lines = new Set([...range.getClientRects()].filter(rect => rect.width > 0).map(rect => Math.round(rect.top)));
                if (lines.size > 1) return true;
            }
        }
        return false;
    };
    return [...document.querySelectorAll('button, .btn, .badge, .nav-link, label, th')].filter(element => {
        const style = getComputedStyle(element);
        return element.getClientRects().length && element.clientWidth > 1 && element.innerText.trim()
            && style.textOverflow !== 'ellipsis' && !['auto', 'scroll'].includes(style.overflowX)
            && (element.scrollWidth > element.clientWidth + 1 || broken(element));
    }).map(element => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '')
                      + [...element.classList].map(name => '.' + name).join('') + ' ' + JSON.stringify(element.innerText.trim().slice(0, 40))
                      + ` (${element.scrollWidth} px of text in ${element.clientWidth})`);
}"""
"""The controls, labels and column headings whose words do not fit in them: the text runs over
the edge, under the next control or out of sight, or a word is broken over two lines ("Sav" above
"e" for "Save", "Caractéristiq" above "ue").
Text cut on purpose, with an ellipsis, and what is hidden for screen readers only are left out."""


def beyond_axe(page, language) -> list[dict]:
    """What the suite checks itself on the page, in axe's shape: the page's language attribute
    (WCAG 3.1.1), nothing that moves for someone who asked for reduced motion (the context's
    ``reduced_motion``; WCAG 2.3.3), and no control whose words are cut (WCAG 1.4.10:
    nothing lost at a phone's width)."""
    found = []
    if cut := page.evaluate(CUT):
        found.append({"rule": "words-cut", "impact": "serious",
                      "nodes": [{"target": target, "why": "its words do not fit in it"} for target in cut]})
    if (said := page.evaluate("document.documentElement.lang")) != language:
        found.append({"rule": "page-language", "impact": "serious",
                      "nodes": [{"target": "html", "why": f"lang={said!r} on a page in {language!r}"}]})
    if moving := page.evaluate(MOVING):
        found.append({"rule": "reduced-motion", "impact": "moderate",
                      "nodes": [{"target": target, "why": "moves for someone who asked for reduced motion"}
                                for target in moving]})
    return found


def described(found: dict[str, list[dict]]) -> str:
    """Each violation on its own lines: the rule, the page and each target's selector."""
    lines = []
    for where, violations in found.items():
        for violation in violations:
            lines.append(f"{violation['rule']} ({violation['impact']}) on {where}:")
            lines += [f"    {node['target']}: {node['why']}" for node in violation["nodes"][:10]]
    return "\n".join(lines)


def _kwargs(campaign: Campaign, user) -> dict[str, list]:
    """The demo's objects each URL argument can name in the campaign, the user's own character first."""
    from ability.models import Action
    from advantage.models import Check
    from advantage.models import Threat as Foe
    from traits.models import Conflict

    characters = sorted(campaign.characters.all(), key=lambda character: character.owner_id != user.pk)
    found = {
        "campaign_id": [campaign.pk], "character_id": [character.pk for character in characters],
        "clock_id": list(campaign.clocks.values_list("pk", flat=True)),
        "force_id": list(campaign.forces.values_list("pk", flat=True)),
        "session_id": list(campaign.sessions.values_list("pk", flat=True)),
        "roll_id": list(campaign.rolls.values_list("pk", flat=True)),
        "playbook_id": list(campaign.playbooks.values_list("pk", flat=True)),
        "plan_id": list(campaign.plans.values_list("pk", flat=True)),
        "pending_id": list(campaign.pending_rolls.values_list("pk", flat=True)),
        "call_id": list(campaign.flashback_calls.values_list("pk", flat=True)),
        "conflict_id": list(Conflict.objects.filter(campaign=campaign).values_list("pk", flat=True)),
        "action_id": list(Action.objects.filter(campaign=campaign).values_list("pk", flat=True)),
        "check_id": list(Check.objects.filter(campaign=campaign).values_list("pk", flat=True)),
        "foe_id": list(Foe.objects.filter(campaign=campaign).values_list("pk", flat=True)),
        "place": [0],
    }
    return {name: values for name, values in found.items() if values}


def _page(client, url) -> str | None:
    """The whole HTML page a GET of the URL answers; None for a redirect, a fragment, a download."""
    response = client.get(url)
    if response.status_code != 200 or getattr(response, "streaming", False):
        return None
    return response.content.decode() if response.content[:64].lstrip().lower().startswith(b"<!doctype") else None


def demo_pages(username: str | None, names=None, every_object=frozenset()) -> list[tuple[str, str]]:
    """Every page of the demo the user opens (``None``: no one logged in), as (URL name, URL):
    each named URL pattern filled with the demo's first objects in each campaign (each of them for
    the URL names in ``every_object``), kept when a GET answers a whole page, and a roll page's
    second step once its first character is chosen. ``names`` keeps those URL names only."""
    # Asked in a thread of its own: Playwright's event loop runs in the test's, and the test client
    # cannot call an async view (the live stream) from a thread that has one.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(_demo_pages, username, names, every_object).result()


def _demo_pages(username, names, every_object):
    try:
        return _walk(username, names, every_object)
    finally:
        connections.close_all()


def _walk(username, names, every_object):
    client = Client()
    user = None
    if username:
        user = get_user_model().objects.get(username=username)
        assert client.login(username=username, password=DEMO_PASSWORD)
    campaigns = Campaign.objects.filter(memberships__user=user).order_by("pk") if user else []
    worlds = [_kwargs(campaign, user) for campaign in campaigns] or [{}]
    pages = []
    for name, route in sorted(routes().items(), key=lambda item: item[1]):
        if names is not None and name not in names:
            continue
        needed = re.findall(r"<(?:\w+:)?(\w+)>", route)
        for world in (worlds if needed else [{}]):
            if any(argument not in world for argument in needed):
                continue
            choices = [world[argument] if name in every_object else world[argument][:1] for argument in needed]
            urls = [url_for(name, dict(zip(needed, values, strict=True))) for values in itertools.product(*choices)]
            if (first := _page(client, urls[0])) is None:
                continue  # not a page with its first objects: its other objects are not tried
            pages.append((name, urls[0]))
            pages += [(name, url) for url in urls[1:] if _page(client, url) is not None]
            if chosen := WHO_ROLLS.search(first):  # a roll page's second step, once someone is chosen
                pages.append((name, f"{urls[0]}?character={chosen.group(1)}"))
    return pages


WHO_ROLLS = re.compile(r'<select class="form-select" name="character"><option value="(\d+)"')
"""A roll page's first step (campaign/pick_character.html): who rolls, the first of them."""


TARGET_SIZE = """async tags => {
    const ran = axe.getRules(tags).some(rule => rule.ruleId === 'target-size');
    const result = await axe.run(document, {runOnly: {type: 'rule', values: ['target-size']}});
    const count = kind => result[kind].filter(rule => rule.id === 'target-size').reduce((sum, rule) => sum + rule.nodes.length, 0);
    const unsure = result.incomplete.filter(rule => rule.id === 'target-size').flatMap(rule => rule.nodes.map(node =>
        node.target.join(' ') + ': ' + (node.any[0] || node.all[0] || node.none[0] || {message: ''}).message));
    return {ran: ran, passes: count('passes'), violations: count('violations'), unsure: unsure};
}"""


def target_sizes(page) -> dict:
    """axe's target-size rule (WCAG 2.5.8, in the wcag22aa tag) on the page: whether the suite's
    tags run it, how many controls pass and break it, and those axe cannot decide (each with why)."""
    return page.evaluate(TARGET_SIZE, TAGS)
