"""The exact odds a conflict shows before each step ("Traits and Items", "The Consequence Tag"),
as fractions from ``gamerules.traits``; the templates print them."""

from dataclasses import dataclass
from fractions import Fraction

from gamerules import traits as rules
from traits import actions

GM_POOLS_SHOWN = range(1, 9)


@dataclass(frozen=True)
class Outlook:
    stat_dice: int
    powers: int
    tags: int
    against_gm_dice: tuple[tuple[int, Fraction], ...] = ()
    """Before the GM's successes: the chance to win outright against each pool she may roll."""
    win_outright: Fraction | None = None
    """Once her successes are known: the chance the Stat roll and Powers alone win."""
    expected_tags: Fraction = Fraction(0)
    """The Consequence the tags are expected to bring on the Stat's dice."""
    needed: int = 0
    bids: tuple[tuple[int, Fraction], ...] = ()
    """Behind after the Stat roll: the chance that k bid dice close the gap, for each k on offer."""


def conflict_outlook(conflict, sheet, traits, items, room) -> Outlook:
    dice = actions.stat_dice(conflict, sheet)
    powers, tags = actions.power_successes(conflict)
    if conflict.gm_successes is None:
        return Outlook(dice, powers, tags, tuple((n, rules.conflict_odds(dice, powers, n)) for n in GM_POOLS_SHOWN),
                       expected_tags=rules.expected_tagged(dice, tags))
    if conflict.roll is None:
        return Outlook(dice, powers, tags, win_outright=rules.bid_odds(dice, conflict.gm_successes - powers),
                       expected_tags=rules.expected_tagged(dice, tags))
    numbers = actions.rules_conflict(conflict.roll)
    needed = max(numbers.gm - numbers.total, 0)
    most = min(room, len(traits)) + max((item.value for item in items), default=0)
    return Outlook(dice, powers, numbers.tags, needed=needed,
                   bids=tuple((k, rules.bid_odds(k, needed)) for k in range(1, most + 1)) if needed else ())
