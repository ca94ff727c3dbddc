"""Clocks, dice and odds said in words, as Chromium hands them to a screen reader (its accessibility
tree), in each of the four systems: each clock by its name, its segments filled and its kind; each
die by its face, and what the drawing shows of it (the die read, a success, a die discarded or
cancelled); each roll's odds as percentages, before the roll."""

import re
from collections import Counter
from io import StringIO

from django.core.management import call_command

from campaign.demo import DEMO_GM, DEMO_PASSWORD, DEMO_PLAYERS
from campaign.models import Campaign
from clocks.models import Clock
from rolls.models import Roll
from tests.e2e.test_accessibility_states import SYSTEMS, in_system
from tests.helpers import DESKTOP, log_in, settled

FACE = re.compile(r"^(?:d\d+ showing )?(\d+)(?:, (.+))?$")
"""A die's name: its face (after its size, for Ability's polyhedral dice), then what it is."""
ODDS = re.compile(r"^Odds: [^,%]+ \d+%(?:, [^,%]+ \d+%)+$")


def accessibility_tree(page) -> list[dict]:
    """The page's nodes as Chromium hands them to a screen reader: role, name and description."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    value = lambda node, key: (node.get(key) or {}).get("value") or ""  # noqa: E731
    return [{"role": value(node, "role"), "name": value(node, "name"), "description": value(node, "description")}
            for node in nodes if not node.get("ignored")]


def images(tree) -> list[str]:
    return [node["name"] for node in tree if node["role"] == "image"]


def assert_clocks_said(tree, campaign):
    """Each of the campaign's clocks, as the GM's clock page draws it: "Alert: 3 of 6", its kind as the description."""
    said = {node["name"]: node["description"] for node in tree if node["role"] in ("group", "image")}
    clocks = Clock.objects.filter(campaign=campaign, archived=False)
    for clock in clocks:
        words = f"{clock.name}: {clock.filled} of {clock.size}"
        assert words in said, f"no clock face says {words!r}: {sorted(said)}"
        assert said[words] == str(clock.get_kind_display()), f"{words!r} is described as {said[words]!r}"
    return len(clocks)


def assert_dice_said(tree, roll):
    """Every die drawn is named; the roll's faces are all said, each once at least."""
    names = images(tree)
    assert all(names), "a picture without a name"
    faces = [FACE.match(name) for name in names]
    said = Counter(int(face.group(1)) for face in faces if face)
    assert not Counter(roll.dice) - said, f"the roll's dice {roll.dice} are said as {names}"
    return [face.group(2) for face in faces if face]


def test_clocks_dice_and_odds_are_said_in_words_in_every_system(new_page):
    call_command("load_demo", stdout=StringIO())
    pages = {}
    for username in (DEMO_GM, *DEMO_PLAYERS):
        pages[username] = new_page(DESKTOP)
        log_in(pages[username], username, DEMO_PASSWORD)
    gm = pages[DEMO_GM]

    def tree(page, address):
        page.goto(address)
        settled(page)
        return accessibility_tree(page)

    # At rest: every clock of each campaign, and every roll with dice.
    what_dice_say, clocks = set(), 0
    for campaign in Campaign.objects.filter(memberships__user__username=DEMO_GM):
        clocks += assert_clocks_said(tree(gm, f"/c/{campaign.pk}/clocks/"), campaign)
        for roll in Roll.objects.filter(campaign=campaign).exclude(dice=[]):
            what_dice_say.update(assert_dice_said(tree(gm, roll.get_absolute_url()), roll))
    assert clocks >= 10
    # The die read (Charge, Ability) and each success (Traits) are said, not only drawn brighter.
    assert {"the die read", "a success"} <= what_dice_say, what_dice_say

    # In play: the odds before each roll, the dice of each roll made, the clock filled.
    odds_said = {}
    for system, states in SYSTEMS.items():
        for state, shown in states():
            for username, address in shown:
                nodes = tree(pages[username], address)
                odds_said.setdefault(system, []).extend(node["name"] for node in nodes if ODDS.match(node["name"]))
                odds_said[system] += [node["name"] for node in nodes if node["role"] == "cell" and re.match(r"^\d+% ", node["name"])]
                if "/rolls/" in address and "/on-its-way/" not in address:
                    assert_dice_said(nodes, Roll.objects.get(pk=address.rstrip("/").rsplit("/", 1)[1]))
                if system == "advantage" and "mid-pool" in state and "/checks/" in address:
                    # Faded and grey on the screen: discarded and cancelled in words.
                    assert {FACE.match(name).group(2) for name in images(nodes)} == {"discarded", "cancelled", "left"}
            if state == "the X-card showing, a clock filled":
                assert_clocks_said(tree(gm, f"/c/{in_system('charge').pk}/clocks/"), in_system("charge"))
    # Charge, Traits and Ability draw their odds as a bar named by its chances; Advantage's are a table's cells.
    assert all(odds_said.get(system) for system in SYSTEMS), {system: odds_said.get(system) for system in SYSTEMS}
