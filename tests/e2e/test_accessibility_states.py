"""WCAG 2.2 A and AA, as axe-core sees it, on the live panels in the states the demo does not hold
at rest, for each of the four systems: the demo is played on, a step at a time, and after each
step the pages that show it are audited as the GM, the player whose turn it is and the table
screen. Each page is audited at the three sizes (the viewport resized, the page kept), in the
language and theme its place in the run picks (each of the three languages and both themes come
round), with reduced motion asked for; its ``lang`` and what moves are checked as in
test_accessibility.py."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from campaign.demo import DEMO_GM, DEMO_PASSWORD
from campaign.models import Campaign, Membership
from characters.models import Character
from clocks.models import Clock
from tests.e2e.axe import AXE, audit, beyond_axe, described
from tests.e2e.test_accessibility import LANGUAGES, SIZES, THEMES
from tests.helpers import ScriptedDice, log_in, settled

pytestmark = pytest.mark.any_database  # the same on any database: CI checks it once

VIEWERS = (DEMO_GM, "xavier", "yann", "zoe")


def member(campaign, username) -> Membership:
    return campaign.memberships.select_related("campaign", "user").get(user__username=username)


def in_system(system) -> Campaign:
    return Campaign.objects.get(system=system, memberships__user__username=DEMO_GM)


def url(name, campaign, *args) -> str:
    return reverse(name, args=[campaign.pk, *args])


def shared(campaign) -> list[tuple[str, str]]:
    """The screens everyone at the table watches: the table screen, the console, the dashboard."""
    return [(DEMO_GM, url("table", campaign)), (DEMO_GM, url("console", campaign)), ("zoe", url("campaign", campaign))]


def charge_states():
    """A roll's odds once the GM set its risk; a consequence for the GM to choose; one chosen, for its
    player to accept or resist; the X-card showing; a clock filled."""
    from charge.actions.action_roll import ActionRollRequest, make_action_roll
    from charge.actions.consequences import choose_consequence
    from charge.actions.on_its_way import set_risk_and_effect
    from charge.models import PendingRoll
    from gamerules.charge import Effect, Risk
    from gamerules.consequences import ConsequenceKind
    from safety.actions import tap_x_card

    campaign = in_system("charge")
    gm = member(campaign, DEMO_GM)
    pending = PendingRoll.objects.get(campaign=campaign)
    set_risk_and_effect(gm, pending.pk, Risk.MODERATE, Effect.STANDARD)
    yield "a Charge roll's odds", [("yann", url("roll_pending", campaign, pending.pk)), (DEMO_GM, url("console", campaign))]

    vesna, ilse = (Character.objects.get(campaign=campaign, name=name) for name in ("Vesna Kade", "Ilse Marr"))
    rolls = {character: make_action_roll(gm, ActionRollRequest(character_id=character.pk, action="Finesse", goal="Lift the key"),
                                         f"a11y-{character.pk}", ScriptedDice([4, 2, 1, 3])) for character in (vesna, ilse)}
    yield "a consequence for the GM to choose", [(DEMO_GM, url("roll", campaign, rolls[ilse].pk)),
                                                  ("zoe", url("roll", campaign, rolls[ilse].pk))]

    choose_consequence(gm, rolls[vesna].pk, ConsequenceKind.WORSE_CONDITION, vesna.pk, story="The key snaps in the lock")
    yield "a consequence for its player to resist", [("xavier", url("roll", campaign, rolls[vesna].pk)),
                                                      (DEMO_GM, url("roll", campaign, rolls[vesna].pk)),
                                                      ("xavier", url("character", campaign, vesna.pk))]

    tap_x_card(member(campaign, "zoe"))
    Clock.objects.filter(campaign=campaign, name="Alert").update(filled=6)
    yield "the X-card showing, a clock filled", [*shared(campaign), ("xavier", url("safety", campaign)),
                                                 (DEMO_GM, url("clocks", campaign))]


def traits_states():
    """A conflict whose GM said her successes; then mid-bid, behind after the Stat roll."""
    from traits.actions import conflict_result, roll_stat, set_gm_successes
    from traits.models import Conflict

    campaign = in_system("traits")
    conflict = Conflict.objects.get(campaign=campaign, roll__isnull=True)
    set_gm_successes(member(campaign, DEMO_GM), conflict.pk, stated=3)
    yield "a Traits conflict to roll", [("zoe", url("conflict", campaign, conflict.pk))]
    roll_stat(member(campaign, "zoe"), conflict.pk, ScriptedDice([1, 2, 1, 2, 1, 2]))
    assert not conflict_result(Conflict.objects.get(pk=conflict.pk).roll).resolved  # behind: bids to make
    yield "a Traits conflict mid-bid", [("zoe", url("conflict", campaign, conflict.pk)),
                                        (DEMO_GM, url("conflict", campaign, conflict.pk)), *shared(campaign)]


def ability_states():
    """An action the director has set: its difficulty, position and risks, for its player to roll."""
    from ability.actions import direct
    from ability.models import Action

    campaign = in_system("ability")
    action = Action.objects.get(campaign=campaign, character__name="Tobias")
    direct(member(campaign, DEMO_GM), action.pk, 10, "advantage", risks="The lookout calls the guild")
    yield "an Ability action to roll", [("yann", url("ability_action", campaign, action.pk)),
                                        (DEMO_GM, url("ability_action", campaign, action.pk)), *shared(campaign)]


def advantage_states():
    """A check whose pool the GM confirmed; then rolled, with Action Points to spend on it."""
    from advantage.actions import confirm, roll_check
    from advantage.models import Check, Sheet

    campaign = in_system("advantage")
    check = Check.objects.get(campaign=campaign, roll__isnull=True)
    confirm(member(campaign, DEMO_GM), check.pk)
    yield "an Advantage check to roll", [("xavier", url("advantage_check", campaign, check.pk)),
                                         (DEMO_GM, url("console", campaign))]
    Sheet.objects.filter(character=check.character).update(ap=2)
    roll_check(member(campaign, "xavier"), check.pk, ScriptedDice([2, 3, 1, 6, 6, 6, 6]))
    assert Check.objects.filter(pk=check.pk, roll__isnull=False).exists()  # rolled, not done: AP to spend
    yield "an Advantage check mid-pool", [("xavier", url("advantage_check", campaign, check.pk)),
                                          (DEMO_GM, url("advantage_check", campaign, check.pk)), *shared(campaign)]


SYSTEMS = {"charge": charge_states, "traits": traits_states, "ability": ability_states, "advantage": advantage_states}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_live_panels_in_their_other_states_break_no_wcag_rule(new_page, system):
    call_command("load_demo", stdout=StringIO())
    pages = {}
    for username in VIEWERS:
        pages[username] = page = new_page(SIZES["1366"], reduced_motion="reduce")
        page.add_init_script(path=AXE)
        log_in(page, username, DEMO_PASSWORD)
    found, visits, place = {}, 0, 0
    for state, shown in SYSTEMS[system]():
        for username, address in shown:
            language, theme = LANGUAGES[place % 3], THEMES[place % 2]
            place += 1
            page = pages[username]
            page.context.set_extra_http_headers({"Accept-Language": language})
            page.evaluate("theme => localStorage.setItem('charge-theme', theme)", theme)
            page.goto(address)
            settled(page)
            for size, viewport in SIZES.items():
                page.set_viewport_size(viewport)
                page.wait_for_timeout(50)  # the layout follows the new width
                visits += 1
                if violations := audit(page) + beyond_axe(page, language):
                    found[f"{state}: {address} as {username} at {size} ({language}, {theme})"] = violations
    print(f"axe: {system}, {place} pages in their states, {visits} visits, {sum(map(len, found.values()))} violations")
    assert place
    if found:
        pytest.fail(f"{len(found)} of {visits} visits break a rule:\n{described(found)}", pytrace=False)
