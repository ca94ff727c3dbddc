"""Traits & Consequence's rolls read for the dice statistics (core/systems.py ``LoggedKind.odds``):
a conflict by its Stat roll, an aftermath by its successes, each with the exact odds its dice had
when they were thrown (``gamerules.traits.STAT_ROLL_COUNTED``)."""

from __future__ import annotations

from core.systems import DAMAGED, Logged
from gamerules import traits as rules
from gamerules.honesty import Rolled
from gamerules.words import said

TOO_MANY = said("aftermaths of more dice than the statistics chart (%(most)s)", most=rules.MOST_DICE)


def _faces(dice) -> tuple[int, ...]:
    if not isinstance(dice, list) or not all(isinstance(face, int) and face in rules.FACES for face in dice) \
            or len(dice) > rules.MOST_DICE:
        raise ValueError(f"not a pool of d6s: {dice!r}")
    return tuple(dice)


def conflict_rolled(logged: Logged) -> Rolled | str:
    """The Stat roll: its dice and the Powers' successes against the GM's, known before the throw.
    A resolved conflict's whole success must be the Stat roll's own."""
    result = rules.ConflictRollResult.from_data(logged.result)
    dice = _faces(logged.dice)
    won = rules.successes(dice) + result.powers >= result.gm
    if min(result.powers, result.gm) < 0 or (logged.outcome and (logged.outcome == rules.Result.WHOLE.value) != won):
        return DAMAGED
    return rules.stat_roll_rolled(len(dice), result.powers, result.gm, won)


def aftermath_rolled(logged: Logged) -> Rolled | str:
    """The dice the GM burnt Consequence for, and their successes."""
    result = rules.AftermathRollResult.from_data(logged.result)
    if not isinstance(logged.dice, list) or len(logged.dice) != result.burned:
        return DAMAGED
    if result.burned > rules.MOST_DICE:
        return TOO_MANY
    dice = _faces(logged.dice)
    if rules.successes(dice) != result.successes:
        return DAMAGED
    return rules.aftermath_rolled(len(dice), result.successes)
