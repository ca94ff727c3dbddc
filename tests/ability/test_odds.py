"""An action roll's full odds once the director has called it, through its page and its panel,
for everyone at the table ("Outcome and Effect", reading 1 of the rules' README): each success and
failure at each effect level, as whole percentages that add up to 100 with the exact fraction
beside, the fractions counted over every face of the dice."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from tests.ability.test_actions import direct, start
from tests.helpers import words

VIEWERS = ("gm", "player", "other_player")


def by_enumeration(ability_die, difficulty_die):
    """Every face of one ability die against one difficulty die: result = ability - difficulty, a
    tie succeeds; the effect level is |result| + 1: 1-3 marginal, 4-6 complete, 7+ critical."""
    counted = Counter()
    for ability, difficulty in product(range(1, ability_die + 1), range(1, difficulty_die + 1)):
        result = ability - difficulty
        level = abs(result) + 1
        counted[("success" if result >= 0 else "failure",
                 "marginal" if level <= 3 else "complete" if level <= 6 else "critical")] += 1
    return {outcome: Fraction(n, ability_die * difficulty_die) for outcome, n in counted.items()}


@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("htmx", [False, True])
def test_the_called_roll_shows_every_outcome_adding_up_to_100(ability_table, who, htmx):
    """Climbing d8 against a Hard d8: of 64 faces, a tie or better by 0-2 is a marginal success
    (8 + 7 + 6 = 21), by 3-5 complete (5 + 4 + 3 = 12), by 6-7 critical (2 + 1 = 3); worse by 1-2 a
    marginal failure (7 + 6 = 13), by 3-5 complete (12), by 6-7 critical (3). In percent 4.69,
    18.75, 32.81, 20.31, 18.75, 4.69: rounded one by one they make 101; the largest remainders give
    the four points the floors (96) miss to the marginal success, the two complete outcomes and the
    critical success, the first of the two criticals' tie."""
    table = ability_table
    _, action = start(table, skill=table.climbing.pk)
    direct(table, action, 8)
    exact = by_enumeration(8, 8)
    assert exact == {("success", "critical"): Fraction(3, 64), ("success", "complete"): Fraction(3, 16),
                     ("success", "marginal"): Fraction(21, 64), ("failure", "marginal"): Fraction(13, 64),
                     ("failure", "complete"): Fraction(3, 16), ("failure", "critical"): Fraction(3, 64)}
    url = action.get_absolute_url() + ("?panel=action" if htmx else "")
    response = table.client(who).get(url, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    assert response.status_code == 200 and ("<html" in response.text) is not htmx
    assert ("Critical success 5% 3/64 Complete success 19% 3/16 Marginal success 33% 21/64 "
            "Marginal failure 20% 13/64 Complete failure 19% 3/16 Critical failure 4% 3/64") in words(response)


def test_an_outsider_finds_no_action_roll(ability_table):
    table = ability_table
    _, action = start(table, skill=table.climbing.pk)
    direct(table, action, 8)
    assert table.client("outsider").get(action.get_absolute_url()).status_code == 404
    assert table.client("outsider").get(action.get_absolute_url() + "?panel=action",
                                        HTTP_HX_REQUEST="true").status_code == 404
