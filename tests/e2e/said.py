"""Clocks, dice and odds said in words, as Chromium hands them to a screen reader (its
accessibility tree): each clock by its name, its segments filled and its kind; each die by its face,
and what the drawing shows of it; each roll's odds as percentages, before the roll."""

import re
from collections import Counter

from clocks.models import Clock
from rolls.models import Roll

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


def said_in_play(tree, system, state, address) -> list[str]:
    """What a page in play says of its numbers, checked: each roll's dice, each clock, an Advantage
    die's fading and grey (discarded, cancelled) in words. Returns the odds it says."""
    from campaign.models import Campaign

    if "/rolls/" in address and "/on-its-way/" not in address:
        assert_dice_said(tree, Roll.objects.get(pk=address.rstrip("/").rsplit("/", 1)[1]))
    if address.endswith("/clocks/"):
        assert_clocks_said(tree, Campaign.objects.get(pk=address.split("/")[2]))
    if system == "advantage" and "mid-pool" in state and "/checks/" in address:
        assert {FACE.match(name).group(2) for name in images(tree)} == {"discarded", "cancelled", "left"}
    # Charge, Traits and Ability draw their odds as a bar named by its chances; Advantage's are a table's cells.
    return ([node["name"] for node in tree if ODDS.match(node["name"])]
            + [node["name"] for node in tree if node["role"] == "cell" and re.match(r"^\d+% ", node["name"])])
