"""The World Extra ("World Extra"): a real 52-card deck, 3 hook cards, and the mission roll's
exact odds for 0-3 red cards, against every throw counted."""

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from gamerules.charge import Risk, RiskWording
from gamerules.world import (
    DECK,
    HOOK_CARDS,
    RANKS,
    Card,
    MissionStart,
    Suit,
    draw_hooks,
    mission_odds,
    mission_pool,
    roll_mission,
)


def test_a_standard_deck_and_its_prompt_rows():
    assert len(DECK) == 52 and len(set(DECK)) == 52 and HOOK_CARDS == 3
    assert RANKS[0] == "Ace" and RANKS[-1] == "King" and len(RANKS) == 13
    assert sum(card.red for card in DECK) == 26
    assert Card("Queen", Suit.HEARTS).row == 11 and str(Card("10", Suit.SPADES)) == "10♠"
    assert Card.parse("10♠") == Card("10", Suit.SPADES)
    with pytest.raises(ValueError, match="rank is one of"):
        Card("Joker", Suit.CLUBS)


def test_a_draw_never_holds_a_card_twice_and_every_card_can_come_up():
    rng = random.Random(3)
    seen: Counter = Counter()
    for _ in range(2000):
        cards = draw_hooks(rng)
        assert len(set(cards)) == 3
        seen.update(cards)
    assert set(seen) == set(DECK)


def _counted(red_cards: int) -> dict[MissionStart, Fraction]:
    """Every throw: 1d6 per red card read highest (two 6s a 66), or 2d6 read lowest with none."""
    rolled = red_cards or 2
    counts = dict.fromkeys(MissionStart, 0)
    for faces in product(range(1, 7), repeat=rolled):
        read = max(faces) if red_cards else min(faces)
        if red_cards and faces.count(6) >= 2:
            start = MissionStart.CONTROLLED_WITH_BENEFIT
        else:
            start = (MissionStart.CONTROLLED if read == 6 else MissionStart.RISKY if read >= 4
                     else MissionStart.DESPERATE)
        counts[start] += 1
    return {start: Fraction(n, 6 ** rolled) for start, n in counts.items()}


@pytest.mark.parametrize("red_cards", range(0, 4))
def test_mission_odds_for_0_to_3_red_cards(red_cards):
    assert mission_odds(red_cards) == _counted(red_cards)


def test_the_examples_two_red_cards_and_a_4_start_risky():
    """The example: "the GM rolls 2d6 (one for each red card). They get a 4": risky."""
    cards = (Card("Ace", Suit.HEARTS), Card("7", Suit.CLUBS), Card("King", Suit.DIAMONDS))
    assert mission_pool(cards) == 2
    assert mission_odds(2)[MissionStart.RISKY] == Fraction(16, 36)
    rolled = roll_mission(cards, random.Random(0))
    assert len(rolled.dice) == 2
    assert MissionStart.DESPERATE.risk is Risk.HIGH and MissionStart.RISKY.risk is Risk.MODERATE
    assert MissionStart.CONTROLLED_WITH_BENEFIT.risk is Risk.LOW and MissionStart.CONTROLLED_WITH_BENEFIT.benefit


def test_no_red_card_rolls_two_dice_and_reads_the_lowest():
    assert mission_odds(0) == {MissionStart.CONTROLLED_WITH_BENEFIT: 0, MissionStart.CONTROLLED: Fraction(1, 36),
                               MissionStart.RISKY: Fraction(8, 36), MissionStart.DESPERATE: Fraction(27, 36)}


def test_where_a_mission_starts_reads_in_one_wording():
    """"The PCs start in a desperate position ... a risky position ... a controlled position, and
    gain some additional benefit" ("World Extra Rule"); Charge 1.1 says high, moderate, low risk."""
    starts = list(MissionStart)
    assert [start.label(RiskWording.POSITION) for start in starts] == [
        "Desperate", "Risky", "Controlled", "Controlled, with a benefit"]
    assert [start.label(RiskWording.RISK) for start in starts] == [
        "High risk", "Moderate risk", "Low risk", "Low risk, with a benefit"]
    assert [start.starts(RiskWording.POSITION) for start in starts] == [
        "in a desperate position", "in a risky position", "in a controlled position",
        "in a controlled position, with a benefit"]
    assert [start.starts(RiskWording.RISK) for start in starts] == [
        "at high risk", "at moderate risk", "at low risk", "at low risk, with a benefit"]
    assert [start.label(RiskWording.RISK) for start in starts] == [
        f"{start.risk.label(RiskWording.RISK)} risk" + (", with a benefit" if start.benefit else "") for start in starts]
