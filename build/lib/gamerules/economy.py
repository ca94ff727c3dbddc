"""The Economy Extra ("Economy Extra"): a market clock of 4 segments whose state adds or removes a
die when buying or selling, the market roll, and money on a ten-point scale."""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from gamerules.charge import Outcome, odds
from gamerules.readings import MARKET_CLOCK_RESETS_ON_NEXT_TICK
from gamerules.words import said, said_as, said_n

MARKET_CLOCK_SEGMENTS = 4
"""Empty, one, two, three segments, full ("The Market Clock")."""

MARKET_BASE_POOL = 1
""""Every market roll starts with 1d6"."""

MONEY_MOST = 10
""""Money is represented in a ten-point scale" ("Money")."""

PRICE_POINTS = (1, 2, 4, 6, 8, 10)
""""Design for price points at 1, 2, 4, 6, 8 and 10"."""


class MarketState(Enum):
    EQUILIBRIUM = "equilibrium"
    LOW = "low"
    HIGH = "high"

    @property
    def label(self) -> str:
        return {"equilibrium": said("Equilibrium"), "low": said_as("market", "Low"),
                "high": said_as("market", "High")}[self.value]

    @property
    def in_a_sentence(self) -> str:
        """The label inside a line of the log ("the market clock is at 1/4, low")."""
        return {"equilibrium": said("equilibrium"), "low": said_as("market", "low"),
                "high": said_as("market", "high")}[self.value]


class Trade(Enum):
    BUYING = "buying"
    SELLING = "selling"


def market_state(filled: int) -> MarketState:
    """Empty: equilibrium; one segment low, two high, three low, full high ("The Market Clock")."""
    if not 0 <= filled <= MARKET_CLOCK_SEGMENTS:
        raise ValueError(f"the market clock has {MARKET_CLOCK_SEGMENTS} segments")
    if filled == 0:
        return MarketState.EQUILIBRIUM
    return MarketState.LOW if filled % 2 else MarketState.HIGH


def market_dice(state: MarketState, trade: Trade) -> int:
    """Low: +1d6 when buying, -1d6 when selling; high: -1d6 when buying, +1d6 when selling."""
    if state is MarketState.EQUILIBRIUM:
        return 0
    cheap = state is MarketState.LOW
    return 1 if cheap == (trade is Trade.BUYING) else -1


def market_words(state: MarketState) -> str:
    """What the market's state does to a market roll, in a line."""
    if state is MarketState.EQUILIBRIUM:
        return said("no die up or down, buying or selling")
    if market_dice(state, Trade.BUYING) > 0:
        return said("+1d6 when buying, −1d6 when selling")
    return said("−1d6 when buying, +1d6 when selling")


def market_pool(filled: int, trade: Trade, money_spent: int = 0) -> int:
    """1d6, the market's die up or down, and "1d6 to a roll per money spent". A pool of 0 dice
    rolls 2d6 and reads the lowest, as every Charge roll does."""
    if money_spent < 0:
        raise ValueError("money spent cannot be negative")
    return MARKET_BASE_POOL + market_dice(market_state(filled), trade) + money_spent


def market_odds(filled: int, trade: Trade, money_spent: int = 0) -> dict[Outcome, Fraction]:
    """The exact chance of each outcome of a market roll."""
    return dict(odds(market_pool(filled, trade, money_spent)))


def tick_market(filled: int) -> int:
    """"The market clock automatically ticks forward once per scene and automatically resets after
    filling up": a full clock (high) holds for its scene and the next tick empties it (reading
    MARKET_CLOCK_RESETS_ON_NEXT_TICK)."""
    if filled >= MARKET_CLOCK_SEGMENTS:
        return 0 if MARKET_CLOCK_RESETS_ON_NEXT_TICK else 1
    return filled + 1


def spend_errors(money: int, spent: int) -> list[str]:
    """Money spent on a roll comes off the character's ten-point scale."""
    if spent < 0:
        return [said("Money spent cannot be negative.")]
    if spent > money:
        return [said_n("There is only %(n)s money to spend.", "There is only %(n)s money to spend.", money)]
    return []
