"""A check's odds before the roll, through its page and its panel, for everyone at the table
("The Result", reading 2 of the rules' README): Major, Minor and Hollow as whole percentages that
add up to 100, each with its exact fraction, counted over every face of the dice."""

import pytest

from tests.advantage.test_checks import factor, odds_by_enumeration, start
from tests.helpers import cell

VIEWERS = ("gm", "player", "other_player")


@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("htmx", [False, True])
def test_the_shares_add_up_to_100(advantage_table, who, htmx):
    """2 PLUS against 2 MINUS: Major 5/16 (31.25%), Minor 5/8 (62.5%), Hollow 1/16 (6.25%). The
    floors make 99; the spare point goes to the largest remainder, the Minor's half: 31 + 63 + 6.
    (Rounded one by one, 62.5 rounds to the even 62 and the three make 99.)"""
    table = advantage_table
    _, check = start(table, skill=table.skill.pk)
    factor(table, "player", check, "situation", dice=-1, name="Rushed")
    factor(table, "player", check, "environment", dice=-1, name="Rain")
    assert {k: str(v) for k, v in odds_by_enumeration(2, 2).items()} == {"major": "5/16", "minor": "5/8", "hollow": "1/16"}
    url = check.get_absolute_url() + ("?panel=check" if htmx else "")
    response = table.client(who).get(url, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    assert response.status_code == 200 and ("<html" in response.text) is not htmx
    assert [cell(response, f"odds-{outcome}") for outcome in ("major", "minor", "hollow")] == ["31% 5/16", "63% 5/8", "6% 1/16"]


def test_an_outsider_finds_no_check(advantage_table):
    table = advantage_table
    _, check = start(table, skill=table.skill.pk)
    assert table.client("outsider").get(check.get_absolute_url()).status_code == 404
    assert table.client("outsider").get(check.get_absolute_url() + "?panel=check", HTTP_HX_REQUEST="true").status_code == 404
