"""A conflict rolled and not resolved yet, as the table screen and the banners say it: what was
bid, or that nothing was, and whether it wins ("Traits and Items", "... and Resolve")."""

import pytest
from django.urls import reverse

from rolls.models import Roll
from tests.helpers import words
from tests.traits.test_conflicts import start, step
from traits.models import Conflict


def table_screen(table, who="other_player"):
    response = table.client(who).get(reverse("table", args=[table.campaign.pk]))
    assert response.status_code == 200
    return words(response)


def banner(table, who):
    return words(table.client(who).get(reverse("waiting", args=[table.campaign.pk]), HTTP_HX_REQUEST="true"))


def test_a_whole_success_is_resolved_at_once(traits_table, dice):
    """Focus 2 against the GM's 1 success, a 5 rolled: won with the Stat alone ("If you have at
    least as many as the GM, stop"), the conflict is over with its roll; nothing waits, and
    the table says the result, never that it is bidding."""
    table = traits_table
    _, conflict = start(table, "Focus")
    step(table, "gm", "conflict_gm", conflict, {"successes": 1})
    dice(5, 1)
    response = step(table, "player", "conflict_roll", conflict)
    roll = Roll.objects.get(kind="conflict")
    assert response.status_code == 302 and response.url == roll.get_absolute_url()
    assert roll.outcome == "whole" and roll.result["settled"] and not Conflict.objects.exists()
    for who in ("gm", "player", "other_player"):
        said = table_screen(table, who)
        assert "Whole success" in said and "waits to be resolved" not in said and "bidding" not in said
    assert "waits to be resolved" not in banner(table, "player")
    assert table.client("outsider").get(reverse("table", args=[table.campaign.pk])).status_code == 404


@pytest.mark.parametrize(("bid", "said"), [
    ({}, "rolled, behind, with nothing bid yet"),
    ({"traits": "trait"}, "bid Nasty Uppercut and is still behind"),
    ({"traits": "trait", "item": "item"}, "bid Nasty Uppercut, Rapier and won: waits to be resolved"),
])
def test_behind_the_screen_says_what_was_bid(traits_table, dice, bid, said):
    """Speed 3 against 3 successes, 1 rolled: 2 behind. The Uppercut's 4 closes one; the Rapier's
    5 and 6 the rest, a mixed success."""
    table = traits_table
    _, conflict = start(table, "Speed")
    step(table, "gm", "conflict_gm", conflict, {"successes": 3})
    dice(6, 2, 1)
    step(table, "player", "conflict_roll", conflict)
    if "traits" in bid:
        dice(4, 5, 6)
        step(table, "player", "conflict_bid", conflict, {"traits": [table.trait.pk],
                                                          **({"item": table.item.pk} if "item" in bid else {})})
    assert f"Ada · Do you make it past the guard? · {said}" in table_screen(table)
