"""The exact odds a conflict shows before each step ("Traits and Items", "... and Resolve", "The
Consequence Tag"), as fractions from ``gamerules.traits``; the templates print them."""

from dataclasses import dataclass
from fractions import Fraction

from gamerules import traits as rules
from gamerules.chances import shares
from traits import actions

GM_POOLS_SHOWN = range(1, 9)


@dataclass(frozen=True)
class Ends:
    """How a conflict may end, before the Stat roll: (result, exact chance, whole percent) for a
    whole success, a mixed success and a loss, the percents adding up to 100, and the Consequence
    a loss's margin is expected to bring."""

    results: tuple
    loss_consequence: Fraction


def _ends(odds: rules.ConflictOdds) -> Ends:
    return Ends(tuple(shares(odds.by_result())), odds.loss_consequence)


@dataclass(frozen=True)
class Outlook:
    stat_dice: int
    powers: int
    tags: int
    bid_dice: int = 0
    """The dice the player may bid once behind: Traits up to the Stat, and the best Item."""
    against_gm_dice: tuple[tuple[int, Ends], ...] = ()
    """Before the GM's successes: how it may end against each pool she may roll."""
    ends: Ends | None = None
    """Once her successes are known: how it may end."""
    expected_tags: Fraction = Fraction(0)
    """The Consequence the tags are expected to bring on the Stat's dice."""
    needed: int = 0
    bids: tuple[tuple[int, Fraction], ...] = ()
    """Behind after the Stat roll: the chance that k bid dice close the gap, for each k on offer."""


def bid_dice(traits, items, room) -> int:
    """The most dice a bid may still add: a Trait a die, up to ``room``, and one Item its Value."""
    return min(room, len(traits)) + max((item.value for item in items), default=0)


def conflict_outlook(conflict, sheet, traits, items, room) -> Outlook:
    dice = actions.stat_dice(conflict, sheet)
    powers, tags = actions.power_successes(conflict)
    most = bid_dice(traits, items, room)
    if conflict.gm_successes is None:
        return Outlook(dice, powers, tags, most, expected_tags=rules.expected_tagged(dice, tags), against_gm_dice=tuple(
            (n, _ends(rules.resolution_odds(dice, powers, rules.success_odds(n), most))) for n in GM_POOLS_SHOWN))
    if conflict.roll is None:
        return Outlook(dice, powers, tags, most, expected_tags=rules.expected_tagged(dice, tags),
                       ends=_ends(rules.resolution_odds(dice, powers, {conflict.gm_successes: Fraction(1)}, most)))
    numbers = actions.rules_conflict(conflict.roll)
    needed = max(numbers.gm - numbers.total, 0)
    return Outlook(dice, powers, numbers.tags, most, needed=needed,
                   bids=tuple((k, rules.bid_odds(k, needed)) for k in range(1, most + 1)) if needed else ())
