"""Charge's rolls read for the dice statistics (core/systems.py ``LoggedKind.odds``): each pool with
the exact odds it had when it was thrown, as the rulebook reads it ("Rolling Dice"), against a
threat ("Threat Level Extra") or helped by a spell's automatic success ("The effect of magic")."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import gettext_lazy as _

from core.systems import DAMAGED, Logged
from gamerules.charge import Outcome, dice_rolled, odds
from gamerules.honesty import Rolled
from gamerules.magic import assured_odds
from gamerules.threat import MOST_THREAT_DICE, ThreatRule, threat_odds

MOST_DICE = 20
"""No Charge pool comes near it (fortune rolls stop at 10); a stored pool above it is not one the
site rolled."""

NO_DICE = _("no dice were thrown (flashbacks paid for without a roll)")


@lru_cache(maxsize=1024)
def _rolled(pool: int, threat: int, rule: ThreatRule, sure: bool, outcome: Outcome) -> Rolled:
    chances = threat_odds(pool, threat, rule) if threat else odds(pool)
    return Rolled.of(assured_odds(chances) if sure else chances, outcome)


def pool_rolled(logged: Logged) -> Rolled | str:
    """A pool's roll with the exact odds of the pool it rolled, or why they cannot be computed again.
    The same Rolled for the same pool and outcome: the statistics count them, not hash them."""
    choices = logged.choices or {}
    threat = choices.get("threat") or {}
    threat_dice = threat.get("dice") or []
    helped = (choices.get("magic") or {}).get("helped") or {}
    sure = helped.get("benefit") == "success"  # a spell's automatic success ("The effect of magic")
    rule = ThreatRule(threat.get("rule", ThreatRule.SAME_VALUE.value))
    pool, dice = logged.pool, logged.dice
    if not isinstance(dice, list) or len(dice) != dice_rolled(pool) or len(threat_dice) > MOST_THREAT_DICE \
            or pool > MOST_DICE:
        return DAMAGED
    return _rolled(pool, len(threat_dice), rule, sure, Outcome(logged.outcome))


def no_dice(logged: Logged) -> str:
    """A flashback is paid for, not rolled."""
    return NO_DICE
