"""A conflict's full odds before the roll, through its page and its panel, for everyone at the
table ("... and Resolve", "Losing Conflicts", "Traits and Items"): a whole success, a mixed one
and a loss, as whole percentages that add up to 100 with the exact fraction beside, and the
Consequence a loss is expected to bring. The fractions are worked from the text, and checked
against every face of the dice."""

import re
from fractions import Fraction

import pytest

from tests.traits.enumeration import ends_by_enumeration
from tests.traits.test_conflicts import start, step
from traits.models import Feature, FeatureKind

VIEWERS = ("gm", "player", "other_player")


def text(response) -> str:
    """The panel as a reader reads it: no tags, one space."""
    return " ".join(re.sub(r"<[^>]+>", " ", response.text).split())


def seen(table, conflict, who, htmx):
    url = conflict.get_absolute_url() + ("?panel=conflict" if htmx else "")
    response = table.client(who).get(url, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    assert response.status_code == 200
    assert ("<html" in response.text) is not htmx
    return response


@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("htmx", [False, True])
def test_before_the_gm_rolls_each_pool_she_may_roll_shows_whole_mixed_and_loss(traits_table, who, htmx):
    """Muscle 3, Super-Strength 2, and 4 dice to bid (two Traits, the Stat allowing three, and the
    Rapier's 2). Against 1 GM die the Power alone wins. Against 3: she beats 2 only with 3
    successes (1/8) when all three Muscle dice fail (1/8): 1/64 not whole, so 63/64 whole; then one
    success from 4 bid dice (15/16) is mixed, 15/1024; none of them, a loss by 1, 1/1024.
    63/64 is 98.4375%, 15/1024 1.46%, 1/1024 0.10%: the spare point goes to the mixed success."""
    table = traits_table
    _, conflict = start(table, "Muscle", powers=[table.power])
    page = seen(table, conflict, who, htmx)
    row = {n: " ".join(re.sub(r"<[^>]+>", " ", part).split())
           for n, part in re.findall(r'<tr data-testid="odds-gm-(\d)">(.*?)</tr>', page.text, re.S)}
    assert row["1"] == "1 100% 1 0% 0 0% 0"
    assert row["3"] == "3 98% 63/64 2% 15/1024 0% 1/1024"
    (whole, mixed, loss), margin = ends_by_enumeration(3, 2, 3, 4)
    assert (whole, mixed, loss, margin) == (Fraction(63, 64), Fraction(15, 1024), Fraction(1, 1024), Fraction(1, 1024))
    # Every row adds up to 100 and matches every face of the dice.
    for n in range(1, 9):
        percents = [int(p) for p in re.findall(r"(\d+)%", row[str(n)])]
        assert len(percents) == 3 and sum(percents) == 100
        (whole, mixed, loss), margin = ends_by_enumeration(3, 2, n, 4)
        assert re.findall(r"\d+% (\S+)", row[str(n)]) == [str(whole), str(mixed), str(loss)]
    # What a loss is expected to cost, by the GM's dice: against 3, 1/1024 (a loss by 1).
    expected = " · ".join(f"{n} {'die' if n == 1 else 'dice'}: {ends_by_enumeration(3, 2, n, 4)[1]}" for n in range(1, 9))
    assert "3 dice: 1/1024 ·" in expected
    assert f"Expected Consequence from losing, by the GM's dice: {expected}" in text(page)
    assert "Whole success" in text(page) and "Mixed success" in text(page) and "Loss" in text(page)


def test_an_outsider_finds_no_conflict(traits_table):
    table = traits_table
    _, conflict = start(table, "Muscle", powers=[table.power])
    assert table.client("outsider").get(conflict.get_absolute_url()).status_code == 404
    assert table.client("outsider").get(conflict.get_absolute_url() + "?panel=conflict",
                                        HTTP_HX_REQUEST="true").status_code == 404


@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("htmx", [False, True])
def test_once_the_gm_has_her_successes_the_roll_shows_whole_mixed_and_loss(traits_table, who, htmx):
    """Against 3 successes: whole 7/8 (87.5%), mixed 15/128 (11.7%), loss 1/128 (0.8%), a loss by
    1; floors 87 + 11 + 0 leave two points, for the loss's .78 and the mixed's .72 before the
    whole's .5: 87%, 12%, 1%."""
    table = traits_table
    _, conflict = start(table, "Muscle", powers=[table.power])
    step(table, "gm", "conflict_gm", conflict, {"successes": 3})
    said = text(seen(table, conflict, who, htmx))
    assert ("How it may end (behind, bidding the 4 dice on offer) "
            "Whole success 87% 7/8 Mixed success 12% 15/128 Loss 1% 1/128") in said
    assert "Expected Consequence from losing: 1/128." in said
    assert ends_by_enumeration(3, 2, 0, 4)[0] == (Fraction(1), 0, 0)  # no GM dice: the Power wins


def test_with_nothing_to_bid_there_is_no_mixed_success(traits_table):
    """Focus 2, no Trait and no Item, against 2 successes: whole only on two successes (1/4);
    otherwise a loss, by 2 (1/4) or by 1 (1/2): Consequence 2/4 + 1/2 = 1 expected."""
    table = traits_table
    Feature.objects.filter(character=table.character).exclude(kind=FeatureKind.POWER).delete()
    _, conflict = start(table, "Focus")
    step(table, "gm", "conflict_gm", conflict, {"successes": 2})
    said = text(seen(table, conflict, "player", False))
    assert "How it may end (nothing to bid when behind) Whole success 25% 1/4 Mixed success 0% 0 Loss 75% 3/4" in said
    assert "Expected Consequence from losing: 1." in said
