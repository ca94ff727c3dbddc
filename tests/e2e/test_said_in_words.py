"""Clocks, dice and odds said in words, as Chromium hands them to a screen reader (its accessibility
tree), in each of the four systems: each clock by its name, its segments filled and its kind; each
die by its face, and what the drawing shows of it (the die read, a success, a die discarded or
cancelled); each roll's odds as percentages, before the roll. At rest, as the demo holds them; in
play, as test_accessibility_states.py plays the demo on (in English here: the words are the test's)."""

from io import StringIO

import pytest
from django.core.management import call_command

from campaign.demo import DEMO_GM, DEMO_PASSWORD, DEMO_PLAYERS
from campaign.models import Campaign
from rolls.models import Roll
from tests.e2e.said import accessibility_tree, assert_clocks_said, assert_dice_said, said_in_play
from tests.e2e.test_accessibility_states import SYSTEMS
from tests.helpers import DESKTOP, log_in, settled

pytestmark = pytest.mark.any_database  # the same on any database: CI checks it once


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
    odds = {system: [] for system in SYSTEMS}
    for system, states in SYSTEMS.items():
        for state, shown in states():
            for username, address in shown:
                odds[system] += said_in_play(tree(pages[username], address), system, state, address)
    assert all(odds.values()), odds
