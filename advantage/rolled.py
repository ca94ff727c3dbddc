"""Advantage & Threat's checks read for the dice statistics (core/systems.py ``LoggedKind.odds``):
the outcome as the dice gave it, before any Action Points improved it, with the exact odds of the
pool as built (``gamerules.advantage.CHECK``)."""

from __future__ import annotations

from core.systems import DAMAGED, Logged
from gamerules import advantage as rules
from gamerules.honesty import Rolled


def check_rolled(logged: Logged) -> Rolled | str:
    result = rules.CheckRollResult.from_data(logged.result)
    plus, minus = logged.dice, list(result.minus)
    if not isinstance(plus, list) or not all(isinstance(face, int) and face in rules.FACES for face in plus + minus):
        return DAMAGED
    if rules.read_check(plus, minus).outcome is not result.rolled:
        return DAMAGED
    return rules.check_rolled(len(plus), len(minus), result.rolled)
