"""Dice statistics of a Traits & Consequence campaign: conflicts counted by their Stat roll and
aftermaths by their successes, each with the exact odds it had when thrown (reading
``STAT_ROLL_COUNTED``), in the system's words, for every role; outsiders get 404."""

from fractions import Fraction

import pytest

from campaign.models import Membership
from gamerules.traits import NewTraits, StatRoll
from rolls.stats import Filters, dice_stats
from traits import actions
from traits.models import Sheet


def url(table):
    return f"/c/{table.campaign.pk}/rolls/stats/"


def member(table, who):
    return Membership.objects.get(campaign=table.campaign, user=getattr(table, who))


@pytest.fixture
def played(traits_table, dice):
    """A whole success (Muscle 3 and Super-Strength 2 against the GM's 3), a conflict behind after
    its Stat roll (Focus 2 against 2) won by a bid Trait, and an aftermath of two dice."""
    table = traits_table
    player, gm = member(table, "player"), member(table, "gm")
    ada = table.character
    for key, stat, powers, gm_successes, faces, bid in (("a", "Muscle", (table.power.pk,), 3, (5, 2, 1), None),
                                                        ("b", "Focus", (), 2, (1, 4), (6,))):
        conflict = actions.start_conflict(player, actions.ConflictStart(ada.pk, "Stakes", "A way", stat, powers), key)
        actions.set_gm_successes(gm, conflict.pk, stated=gm_successes)
        dice(*faces)
        actions.roll_stat(player, conflict.pk)
        if bid:  # won with the Stat alone, a conflict is resolved at once
            dice(*bid)
            actions.bid(player, conflict.pk, [table.trait.pk])
            actions.resolve(player, conflict.pk)
    Sheet.objects.filter(character=ada).update(consequence=2)
    dice(4, 1)
    actions.aftermath(gm, ada.pk, 2, key="after")
    return table


def test_every_roll_counts_with_the_odds_it_had_when_thrown(played):
    """Three Stat dice needing 1 success (3 - 2 Powers): 7/8 whole; two needing 2: 1/4 whole (the
    bid after it is the player's choice, not counted); the aftermath's 2 dice: 0, 1 or 2
    successes with 1/4, 1/2, 1/4."""
    assert played.campaign.rolls.values_list("outcome", flat=True).order_by("pk")[1] == "mixed"
    stats = dice_stats(member(played, "gm"), Filters())
    assert stats.left_out == [] and stats.honesty.rolls == 3
    assert stats.honesty.observed[StatRoll.WHOLE] == 1 and stats.honesty.observed[StatRoll.BEHIND] == 1
    assert stats.honesty.expected[StatRoll.WHOLE] == Fraction(7, 8) + Fraction(1, 4) == Fraction(9, 8)
    assert stats.honesty.expected[StatRoll.BEHIND] == Fraction(7, 8)
    assert [stats.honesty.expected[NewTraits(k)] for k in range(4)] == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4), 0]
    assert stats.honesty.observed[NewTraits(1)] == 1
    assert stats.honesty.luck == 0 + 1 + 1
    assert ("Muscle", 1) in stats.actions and ("Focus", 1) in stats.actions


@pytest.mark.parametrize("who", ["gm", "player", "other_player"])
def test_the_page_in_the_systems_words_for_every_member(played, who):
    page = played.client(who).get(url(played))
    assert page.status_code == 200
    text = page.text
    assert "Too few rolls to tell: 3 rolls counted, 10 needed." in text
    assert "left out" not in text and "another dice system" not in text
    assert "Conflicts: the Stat roll against the GM&#x27;s successes" in text
    assert "Behind 1 rolled, 0.9 expected; Whole success 1 rolled, 1.1 expected." in text
    assert "Aftermath: successes, each a new Consequence Trait" in text
    assert "0 new Traits 0 rolled, 0.2 expected; 1 new Trait 1 rolled, 0.5 expected; 2 new Traits 0 rolled, 0.2 expected." \
        in text
    assert "Behind 0, Whole success 1" in text


def test_outsiders_get_404(played):
    assert played.client("outsider").get(url(played)).status_code == 404
