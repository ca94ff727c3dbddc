"""The Economy Extra ("Economy Extra") with its text's numbers; market odds against every throw."""

from fractions import Fraction
from itertools import product

import pytest

from gamerules.charge import Outcome
from gamerules.economy import (
    MARKET_CLOCK_SEGMENTS,
    MONEY_MOST,
    PRICE_POINTS,
    MarketState,
    Trade,
    market_odds,
    market_pool,
    market_state,
    spend_errors,
    tick_market,
)


def test_the_market_clock_and_money():
    assert MARKET_CLOCK_SEGMENTS == 4 and MONEY_MOST == 10 and PRICE_POINTS == (1, 2, 4, 6, 8, 10)
    assert [market_state(n) for n in range(5)] == [MarketState.EQUILIBRIUM, MarketState.LOW, MarketState.HIGH,
                                                   MarketState.LOW, MarketState.HIGH]


def test_ticked_once_a_scene_it_goes_round_and_resets_after_filling_up():
    assert [tick_market(n) for n in range(5)] == [1, 2, 3, 4, 0]


@pytest.mark.parametrize(("filled", "buying", "selling"), [(0, 1, 1), (1, 2, 0), (2, 0, 2), (3, 2, 0), (4, 0, 2)])
def test_the_market_roll_starts_at_1d6_and_the_market_adds_or_removes_one(filled, buying, selling):
    assert market_pool(filled, Trade.BUYING) == buying and market_pool(filled, Trade.SELLING) == selling
    assert market_pool(filled, Trade.BUYING, money_spent=3) == buying + 3


def _counted(pool: int) -> dict[Outcome, Fraction]:
    rolled = pool if pool >= 1 else 2
    counts = dict.fromkeys(Outcome, 0)
    for faces in product(range(1, 7), repeat=rolled):
        if pool >= 1 and faces.count(6) >= 2:
            outcome = Outcome.CRITICAL
        else:
            read = max(faces) if pool >= 1 else min(faces)
            outcome = Outcome.FULL if read == 6 else Outcome.PARTIAL if read >= 4 else Outcome.BAD
        counts[outcome] += 1
    return {outcome: Fraction(n, 6 ** rolled) for outcome, n in counts.items()}


@pytest.mark.parametrize(("filled", "trade", "spent"), [(1, Trade.SELLING, 0), (0, Trade.BUYING, 0),
                                                        (1, Trade.BUYING, 0), (2, Trade.SELLING, 1)])
def test_market_odds_match_every_throw(filled, trade, spent):
    assert market_odds(filled, trade, spent) == _counted(market_pool(filled, trade, spent))


def test_selling_in_a_low_market_with_nothing_spent_rolls_two_and_keeps_the_lowest():
    assert market_odds(1, Trade.SELLING)[Outcome.FULL] == Fraction(1, 36)


def test_money_spent_comes_off_the_scale():
    assert spend_errors(3, 2) == [] and spend_errors(1, 2) == ["There is only 1 money to spend."]


def test_each_state_says_what_it_does_to_buying_and_selling():
    from gamerules.economy import MarketState, market_words

    assert market_words(MarketState.LOW) == "+1d6 when buying, −1d6 when selling"
    assert market_words(MarketState.HIGH) == "−1d6 when buying, +1d6 when selling"
    assert market_words(MarketState.EQUILIBRIUM) == "no die up or down, buying or selling"
