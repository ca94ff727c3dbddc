"""The World Extra ("World Extra"): back at their H.Q., the GM draws 3 hook cards from a standard
deck of playing cards, one for each theme and one for the mission; the red cards make the
mission roll, whose result is the risk the PCs start the mission in."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from gamerules.charge import Outcome, Risk, RiskWording, odds, roll_pool
from gamerules.words import Said, said, said_as

HOOK_CARDS = 3
""""The GM draws 3 hook cards" ("World Extra Rule"): theme 1, theme 2, then the mission."""

RANKS = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
"""The 13 rows of each prompt table, Ace to King."""

FACE_NAMES = {"Ace": said_as("playing card", "Ace"), "Jack": said_as("playing card", "Jack"),
              "Queen": said_as("playing card", "Queen"), "King": said_as("playing card", "King")}
"""The ranks that are words, in the reader's language (a card keeps its English rank as data)."""


def rank_name(rank: str) -> str:
    """A rank as the reader reads it: "King" is "Roi" in French, "10" is "10"."""
    return FACE_NAMES.get(rank, rank)


class Suit(Enum):
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"

    @property
    def red(self) -> bool:
        """"1d6 for each red card (♥ ♦)" ("World Extra Rule")."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}[self.value]


@dataclass(frozen=True)
class Card:
    rank: str
    suit: Suit

    def __post_init__(self):
        if self.rank not in RANKS:
            raise ValueError(f"a card's rank is one of {', '.join(RANKS)}")

    @property
    def row(self) -> int:
        """Its row in a prompt table: 0 for the Ace, 12 for the King."""
        return RANKS.index(self.rank)

    @property
    def red(self) -> bool:
        return self.suit.red

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.symbol}"

    @property
    def label(self) -> str:
        """The card as the reader reads it ("Jack♠", "Valet♠"); ``str()`` is the card as data."""
        return Said("%(rank)s%(suit)s", {"rank": rank_name(self.rank), "suit": self.suit.symbol})

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card that ``str(card)`` wrote."""
        suit = next(suit for suit in Suit if text.endswith(suit.symbol))
        return cls(text[: -len(suit.symbol)], suit)


DECK = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)
"""A standard deck of 52 playing cards."""


def draw_hooks(rng: random.Random) -> tuple[Card, Card, Card]:
    """Shuffle a full deck and draw 3 cards from it: never the same card twice in a draw."""
    first, second, third = rng.sample(DECK, HOOK_CARDS)
    return first, second, third


def mission_pool(cards: tuple[Card, ...]) -> int:
    """"A dice pool of 1d6 for each red card"; none is 0 dice: "roll 2d6, and select the lowest"."""
    return sum(card.red for card in cards)


class MissionStart(Enum):
    """Where the PCs find themselves when the mission starts ("World Extra Rule")."""

    DESPERATE = "desperate"
    RISKY = "risky"
    CONTROLLED = "controlled"
    CONTROLLED_WITH_BENEFIT = "controlled_with_benefit"

    def label(self, wording: RiskWording = RiskWording.RISK) -> str:
        """As a label, in the campaign's words: the section's position, or Charge 1.1's risk."""
        if wording is RiskWording.POSITION:
            return {"desperate": said("Desperate"), "risky": said("Risky"), "controlled": said("Controlled"),
                    "controlled_with_benefit": said("Controlled, with a benefit")}[self.value]
        return {"desperate": said("High risk"), "risky": said("Moderate risk"), "controlled": said("Low risk"),
                "controlled_with_benefit": said("Low risk, with a benefit")}[self.value]

    def starts(self, wording: RiskWording = RiskWording.RISK) -> str:
        """Where the mission starts, after "the mission starts", in the campaign's words: "the PCs
        start in a controlled position", or at low risk."""
        if wording is RiskWording.POSITION:
            return {"desperate": said("in a desperate position"), "risky": said("in a risky position"),
                    "controlled": said("in a controlled position"),
                    "controlled_with_benefit": said("in a controlled position, with a benefit")}[self.value]
        return {"desperate": said("at high risk"), "risky": said("at moderate risk"), "controlled": said("at low risk"),
                "controlled_with_benefit": said("at low risk, with a benefit")}[self.value]

    @property
    def risk(self) -> Risk:
        """The risk of the mission's first roll (desperate is high risk, controlled low)."""
        return {"desperate": Risk.HIGH, "risky": Risk.MODERATE}.get(self.value, Risk.LOW)

    @property
    def benefit(self) -> bool:
        """'On a 66, the PCs start in a controlled position, and gain some additional benefit'."""
        return self is MissionStart.CONTROLLED_WITH_BENEFIT


def mission_start(outcome: Outcome) -> MissionStart:
    """1-3 desperate, 4-5 risky, 6 controlled, 66 controlled and a benefit."""
    return {Outcome.BAD: MissionStart.DESPERATE, Outcome.PARTIAL: MissionStart.RISKY,
            Outcome.FULL: MissionStart.CONTROLLED, Outcome.CRITICAL: MissionStart.CONTROLLED_WITH_BENEFIT}[outcome]


def mission_odds(red_cards: int) -> dict[MissionStart, Fraction]:
    """The exact chance of each start, for the red cards drawn (0 to 3)."""
    if not 0 <= red_cards <= HOOK_CARDS:
        raise ValueError(f"{HOOK_CARDS} cards hold 0 to {HOOK_CARDS} red ones")
    return {mission_start(outcome): chance for outcome, chance in odds(red_cards).items()}


@dataclass(frozen=True)
class MissionRoll:
    cards: tuple[Card, ...]
    dice: tuple[int, ...]
    outcome: Outcome
    start: MissionStart


def roll_mission(cards: tuple[Card, ...], rng: random.Random) -> MissionRoll:
    """The mission roll, from the hook cards drawn."""
    rolled = roll_pool(mission_pool(cards), rng)
    return MissionRoll(cards, rolled.dice, rolled.outcome, mission_start(rolled.outcome))
