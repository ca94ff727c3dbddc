"""Dice statistics of an Advantage & Threat campaign: checks counted by the outcome their dice
gave (before Action Points improved it) with the exact odds of the pool as built, in the system's
words, for every role; outsiders get 404."""

from fractions import Fraction
from math import comb

import pytest

from advantage import actions
from campaign.models import Membership
from gamerules.advantage import Outcome
from rolls.stats import Filters, dice_stats


def url(table):
    return f"/c/{table.campaign.pk}/rolls/stats/"


def member(table, who):
    return Membership.objects.get(campaign=table.campaign, user=getattr(table, who))


@pytest.fixture
def played(advantage_table, dice):
    """Ada's Subterfuge 2 against the drone's Toughness 3: 2 PLUS and 3 MINUS, the GM agrees; the
    dice give PLUS 2 1, MINUS 6 4 1: a Hollow success, which she improves with an Action Point."""
    table = advantage_table
    player, gm = member(table, "player"), member(table, "gm")
    check = actions.start_check(player, actions.CheckStart(table.character.pk, "Slip past", table.skill.pk,
                                                           threat_id=table.drone.pk), key="c")
    actions.confirm(gm, check.pk)
    dice(2, 1, 6, 4, 1)
    actions.roll_check(player, check.pk)
    actions.spend_on_check(player, check.pk, "improve")
    return table


def by_hand(plus, minus) -> dict[Outcome, Fraction]:
    """Each die is kept (4-6) half the time, independently: the kept PLUS less the kept MINUS."""
    chances = dict.fromkeys(Outcome, Fraction(0))
    for kept_plus in range(plus + 1):
        for kept_minus in range(minus + 1):
            chance = Fraction(comb(plus, kept_plus) * comb(minus, kept_minus), 2 ** (plus + minus))
            left = kept_plus - kept_minus
            chances[Outcome.MAJOR if left > 0 else Outcome.MINOR if left >= -1 else Outcome.HOLLOW] += chance
    return chances


def test_a_check_counts_as_rolled_with_the_odds_of_its_pool(played):
    """2 PLUS against 3 MINUS, counted by hand over which of the five dice are kept (4-6)."""
    roll = played.campaign.rolls.get()
    assert roll.outcome == "minor" and roll.result["rolled"] == "hollow"  # an Action Point improved it after
    stats = dice_stats(member(played, "other_player"), Filters())
    found = stats.honesty
    assert stats.left_out == [] and found.rolls == 1
    assert found.observed == {Outcome.HOLLOW: 1, Outcome.MINOR: 0, Outcome.MAJOR: 0}
    # Major: more PLUS kept than MINUS: (1, 0) 2/32 + (2, 0) 1/32 + (2, 1) 3/32 = 6/32.
    assert dict(found.expected) == by_hand(2, 3) and found.expected[Outcome.MAJOR] == Fraction(6, 32)
    # Hollow: two MINUS or more left: (0, 2) 3/32 + (0, 3) 1/32 + (1, 3) 2/32 = 6/32; Minor the rest.
    assert found.expected[Outcome.HOLLOW] == Fraction(6, 32) and found.expected[Outcome.MINOR] == Fraction(20, 32)


@pytest.mark.parametrize("who", ["gm", "player", "other_player"])
def test_the_page_in_the_systems_words_for_every_member(played, who):
    page = played.client(who).get(url(played))
    assert page.status_code == 200
    text = page.text
    assert "Too few rolls to tell: 1 roll counted, 10 needed." in text
    assert "left out" not in text and "another dice system" not in text
    assert "Hollow success 1 rolled, 0.2 expected; Minor success 0 rolled, 0.6 expected; " \
           "Major success 0 rolled, 0.2 expected." in text
    assert "Hollow success 0, Minor success 1, Major success 2" in text


def test_outsiders_get_404(played):
    assert played.client("outsider").get(url(played)).status_code == 404
