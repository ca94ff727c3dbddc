"""The Economy Extra through the views, with scripted dice: the market clock ticked once per scene
and reset when full, money on the sheet, and the market roll with its exact odds ("Economy Extra")."""

import re
from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

from campaign.transfer import export_campaign, import_campaign
from charge.actions.bookkeeping import set_dials
from charge.models import Setup
from gamerules.dials import Dials, Extra
from rolls.models import Roll
from tests.factories import UserFactory
from tests.helpers import HTMX, fresh, update_character


def economy(crew, filled=0, money=0):
    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials(extras=frozenset({Extra.ECONOMY})))
    Setup.objects.filter(campaign=crew.campaign.pk).update(market_filled=filled)
    update_character(crew.ada.pk, money=money)
    crew.campaign.refresh_from_db()
    return crew


def tick(crew, who="gm", headers=None):
    return crew.client(who).post(reverse("market_tick", args=[crew.campaign.pk]), **(headers or {}))


def market_roll(crew, who="player", **data):
    url = reverse("roll_market", args=[crew.campaign.pk])
    return crew.client(who).post(url, {"key": f"k-{Roll.objects.count()}", "character": crew.ada.pk,
                                       "trade": "buying", "money": 0, **data}, follow=True)


def test_one_tap_a_scene_walks_the_market_through_its_states_and_resets_it(crew):
    """Empty: equilibrium; one segment low, two high, three low, full high; then it resets."""
    economy(crew)
    seen = []
    for _ in range(6):
        page = tick(crew, headers=HTMX).text
        seen.append((fresh(crew.campaign).charge.market_filled, fresh(crew.campaign).charge.market.value))
    assert seen == [(1, "low"), (2, "high"), (3, "low"), (4, "high"), (0, "equilibrium"), (1, "low")]
    assert 'id="console-market"' in page and "+1d6 when buying, −1d6 when selling" in page
    table = crew.client("player").get(reverse("table", args=[crew.campaign.pk])).text
    assert 'aria-label="Market clock: 1 of 4"' in table and "Low" in table
    log = crew.client("player").get(reverse("campaign", args=[crew.campaign.pk])).text
    assert "A new scene: the market clock is at 4/4, high." in log


def test_only_the_gm_ticks_the_market(crew, client):
    economy(crew)
    for who in ("player", "other_player"):
        assert tick(crew, who).status_code == 404
    client.force_login(UserFactory(username="stranger"))
    assert client.post(reverse("market_tick", args=[crew.campaign.pk])).status_code == 404
    assert fresh(crew.campaign).charge.market_filled == 0
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={})
    assert "no market" in tick(crew, headers=HTMX).text and fresh(crew.campaign).charge.market_filled == 0


def test_money_is_kept_on_the_sheet_from_0_to_10(crew):
    economy(crew, money=9)
    url = reverse("character_money", args=[crew.campaign.pk, crew.ada.pk])
    answer = crew.client("player").post(url, {"delta": 1}, **HTMX)
    assert fresh(crew.ada).charge.money == 10 and 'data-testid="money">10' in answer.text
    refused = crew.client("player").post(url, {"delta": 1}, **HTMX)
    assert "Money runs from 0 to 10: Ada has 10." in refused.text and fresh(crew.ada).charge.money == 10
    assert crew.client("other_player").post(url, {"delta": -1}).status_code == 404
    crew.client("gm").post(url, {"delta": -1})
    assert fresh(crew.ada).charge.money == 9
    sheet = crew.client("other_player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    assert 'data-testid="money">9' in sheet and "Market roll" not in sheet  # not theirs to roll


def enumerated(pool):
    """Every throw, read as Charge reads a pool (zero dice: two, the lowest)."""
    counts = {"critical": 0, "full": 0, "partial": 0, "bad": 0}
    throws = list(product(range(1, 7), repeat=max(pool, 2) if pool < 1 else pool))
    for throw in throws:
        read = min(throw) if pool < 1 else max(throw)
        key = ("critical" if pool >= 1 and throw.count(6) >= 2 else "full" if read == 6
               else "partial" if read >= 4 else "bad")
        counts[key] += 1
    return {k: Fraction(n, len(throws)) for k, n in counts.items()}


@pytest.mark.parametrize(("filled", "trade", "money", "pool"), [
    (0, "buying", 0, 1), (1, "buying", 0, 2), (1, "selling", 0, 0), (2, "buying", 2, 2), (4, "selling", 1, 3),
])
def test_the_odds_follow_the_market_and_the_money(crew, filled, trade, money, pool):
    economy(crew, filled=filled, money=3)
    url = reverse("roll_market", args=[crew.campaign.pk])
    odds = crew.client("player").get(url, {"character": crew.ada.pk, "trade": trade, "money": money, "key": "x"},
                                     HTTP_HX_REQUEST="true", HTTP_HX_TARGET="market-odds").text
    assert f"The odds with {pool} " in odds
    for chance in enumerated(pool).values():
        assert (str(chance) if chance else "0") in odds


def test_a_market_roll_spends_the_money_and_reads_the_market_at_roll_time(crew, dice):
    economy(crew, filled=2, money=3)  # high: -1d6 buying
    dice(6, 2)
    page = market_roll(crew, money=2).text
    made = Roll.objects.get()
    assert (made.kind, made.pool_size, made.dice, made.outcome) == ("market", 2, [6, 2], "full")
    assert made.choices == {"trade": "buying", "market": 2, "money": 2}
    assert fresh(crew.ada).charge.money == 1
    assert "Buying in a high market (2/4), 2 money spent: the GM says what the buying brings." in page
    assert "There is only 1 money to spend." in market_roll(crew, money=2).text
    assert Roll.objects.count() == 1 and fresh(crew.ada).charge.money == 1


def test_a_double_submit_rolls_and_spends_once(crew, dice):
    economy(crew, money=2)
    dice(4, 4, 4, 4)
    for _ in range(2):
        market_roll(crew, money=1, key="same")
    assert Roll.objects.count() == 1 and fresh(crew.ada).charge.money == 1


def test_spending_more_than_held_is_refused_and_nothing_is_saved(crew):
    economy(crew, money=1)
    page = market_roll(crew, money=2).text
    assert "There is only 1 money to spend." in page and not Roll.objects.exists() and fresh(crew.ada).charge.money == 1


def test_the_money_offered_is_what_the_trader_holds(crew):
    """"Money": spent from the ten-point scale, so a market roll offers no more than is held."""
    economy(crew, money=3)
    url = reverse("roll_market", args=[crew.campaign.pk])
    page = crew.client("player").get(url, {"character": crew.ada.pk}).text
    offered = re.search(r'<select name="money".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="(\d+)"', offered) == ["0", "1", "2", "3"]
    # Asked for more than held (an old page, a hand-made request): the odds are those of what is held.
    odds = crew.client("player").get(url, {"character": crew.ada.pk, "trade": "buying", "money": 7, "key": "x"},
                                     HTTP_HX_REQUEST="true", HTTP_HX_TARGET="market-odds").text
    assert "The odds with 4 dice" in odds and "Roll 4d6" in odds and "7d6" not in odds
    assert 'id="market-money" hx-swap-oob="true"' in odds and '<option value="4"' not in odds


def test_a_refusal_is_said_once(crew):
    economy(crew, money=1)
    assert market_roll(crew, money=2).text.count("There is only 1 money to spend.") == 1


def test_who_may_make_a_market_roll(crew, client):
    economy(crew, money=2)
    assert "Select a valid choice" in market_roll(crew, who="other_player").text  # Ada is not theirs
    client.force_login(UserFactory(username="stranger"))
    assert client.get(reverse("roll_market", args=[crew.campaign.pk])).status_code == 404
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={})
    assert crew.client("player").get(reverse("roll_market", args=[crew.campaign.pk])).status_code == 404
    assert not Roll.objects.exists()


def test_switched_off_the_money_and_market_are_kept_and_hidden(crew):
    economy(crew, filled=3, money=4)
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={})
    sheet = crew.client("player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    assert 'data-testid="money"' not in sheet
    economy(crew, filled=3, money=4)
    assert (fresh(crew.campaign).charge.market_filled, fresh(crew.ada).charge.money) == (3, 4)


def test_the_market_and_money_travel_with_the_campaign(crew):
    economy(crew, filled=3, money=4)
    copy = import_campaign(export_campaign(crew.campaign), crew.gm)
    assert copy.charge.market_filled == 3 and copy.characters.get(name="Ada").charge.money == 4


def test_a_double_tap_ticks_the_market_once(crew):
    economy(crew)
    url = reverse("market_tick", args=[crew.campaign.pk])
    crew.client("gm").post(url, {"seen": 0})
    second = crew.client("gm").post(url, {"seen": 0}, **HTMX)
    assert fresh(crew.campaign).charge.market_filled == 1 and "The market already moved: it is at 1/4." in second.text
