"""axe-core in the browser: the demo's pages, walked from the URL patterns, and what axe finds on each.

axe-core (tests/e2e/vendor/axe.min.js, MPL 2.0, from the npm package ``axe-core``) is injected into
each page; its context bypasses the site's Content-Security-Policy to let it run."""

import itertools
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client
from django.urls import NoReverseMatch

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
    """What axe finds on the page as it stands: one entry per rule broken, with each element
    that breaks it (its selector, and why)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN, TAGS)


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


def _page(client, url) -> bool:
    """Whether a GET of the URL answers a whole HTML page (not a redirect, a fragment, a download)."""
    response = client.get(url)
    if response.status_code != 200 or getattr(response, "streaming", False):
        return False
    return response.content[:64].lstrip().lower().startswith(b"<!doctype")


def demo_pages(username: str | None, names=None) -> list[tuple[str, str]]:
    """Every page of the demo the user opens (``None``: no one logged in), as (URL name, URL):
    each named URL pattern filled with each of the demo's objects it can name, kept when a GET
    answers a whole page. ``names`` keeps those URL names only."""
    # Asked in a thread of its own: Playwright's event loop runs in the test's, and the test client
    # cannot call an async view (the live stream) from a thread that has one.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(_demo_pages, username, names).result()


def _demo_pages(username, names):
    try:
        return _walk(username, names)
    finally:
        connections.close_all()


def _walk(username, names):
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
            choices = [world[argument] for argument in needed]
            first = url_for(name, {argument: values[0] for argument, values in zip(needed, choices, strict=True)})
            if not _page(client, first):
                continue  # a page with its first objects, or none: its other objects are tried only then
            pages.append((name, first))
            for values in itertools.islice(itertools.product(*choices), 1, None):
                try:
                    url = url_for(name, dict(zip(needed, values, strict=True)))
                except NoReverseMatch:
                    continue
                if _page(client, url):
                    pages.append((name, url))
    return pages
