"""The Asset Extra ("Asset Extra"): loot found after a conflict ("Loot Assets Rule") and the
GM's boon ("Boon Asset Rule"); an asset gives +1d6 or increased effect to one action roll."""

from fractions import Fraction

from gamerules.charge import Outcome, odds
from gamerules.readings import LOOT_POOL

__all__ = ["LOOT_POOL", "assets_found", "loot_odds"]


def assets_found(outcome: Outcome) -> int:
    """"On a 1-5: nothing happens. On a 6: you create one asset. On a critical (66): you create
    two assets" ("Loot Roll")."""
    return {Outcome.CRITICAL: 2, Outcome.FULL: 1}.get(outcome, 0)


def loot_odds(pool: int = LOOT_POOL) -> dict[int, Fraction]:
    """The exact chance of finding 0, 1 or 2 assets with a loot roll of ``pool`` dice ("Loot
    Roll"; with more than one die, by the project reading LOOT_POOL)."""
    found = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    for outcome, chance in odds(pool).items():
        found[assets_found(outcome)] += chance
    return found
