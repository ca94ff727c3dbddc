"""Dice statistics of an Ability vs Difficulty campaign: action rolls by (success, effect level)
and quick action rolls by success, each with the exact odds of its pool against its difficulty
and position, in the system's words, for every role; outsiders get 404."""

from fractions import Fraction

import pytest

from ability import actions
from campaign.models import Membership
from gamerules.ability import ACTION_OUTCOMES, EffectLevel, Quick
from rolls.stats import Filters, dice_stats


def url(table):
    return f"/c/{table.campaign.pk}/rolls/stats/"


def member(table, who):
    return Membership.objects.get(campaign=table.campaign, user=getattr(table, who))


@pytest.fixture
def played(ability_table, dice):
    """Ada climbs (Skilled d8) against Very Challenging d6 and rolls a 1 against a 6; Bruno's quick
    Athletics d6 against Hard d8 rolls a 6 against a 2."""
    table = ability_table
    player, gm, other = (member(table, who) for who in ("player", "gm", "other_player"))
    action = actions.start_action(player, actions.ActionStart(table.character.pk, "Climb", table.climbing.pk), key="a")
    actions.direct(gm, action.pk, 6, "none")
    dice(1, 6)
    actions.roll_action(player, action.pk)
    dice(6, 2)
    actions.quick_roll(other, table.bruno.pk, table.athletics.pk, 8, "Jump the gap", key="q")
    return table


def test_both_rolls_count_with_the_odds_of_their_pools(played):
    """d8 against d6, a tie succeeds: (8 + 7 + 6 + 5 + 4 + 3) / 48 = 11/16; 1 - 6 = -5 is a
    complete failure (|-5| + 1 = 6). Quick d6 against d8: (6 + 5 + 4 + 3 + 2 + 1) / 48 = 7/16."""
    stats = dice_stats(member(played, "player"), Filters())
    found = stats.honesty
    assert stats.left_out == [] and found.rolls == 2
    assert sum(found.expected[outcome] for outcome in ACTION_OUTCOMES if outcome[0]) == Fraction(11, 16)
    assert found.observed[(False, EffectLevel.COMPLETE)] == 1
    assert (found.expected[Quick.SUCCESS], found.observed[Quick.SUCCESS]) == (Fraction(7, 16), 1)
    assert found.luck == 1 + 1  # a complete failure is second worst of six; a success the better of two
    assert dict(stats.actions) == {"Climbing": 1, "Athletics": 1}


@pytest.mark.parametrize("who", ["gm", "player", "other_player"])
def test_the_page_in_the_systems_words_for_every_member(played, who):
    page = played.client(who).get(url(played))
    assert page.status_code == 200
    text = page.text
    assert "Too few rolls to tell: 2 rolls counted, 10 needed." in text
    assert "left out" not in text and "another dice system" not in text
    assert "Action rolls</h4>" in text and "Quick action rolls</h4>" in text
    assert "Complete failure 1 rolled, " in text and "Failure 0 rolled, 0.6 expected; Success 1 rolled, 0.4 expected." in text
    assert ("Action rolls: Critical failure 0, Complete failure 1, Marginal failure 2, Marginal success 3, "
            "Complete success 4, Critical success 5; Quick action rolls: Failure 0, Success 1") in " ".join(text.split())


def test_outsiders_get_404(played):
    assert played.client("outsider").get(url(played)).status_code == 404
