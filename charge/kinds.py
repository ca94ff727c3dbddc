"""Charge's kinds of roll in the shared roll log, and what the log, the statistics and an export
ask of each (core/systems.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from charge.rolled import no_dice, pool_rolled
from core.systems import LoggedKind
from gamerules.charge import Outcome
from gamerules.honesty import CHARGE


class RollKind(models.TextChoices):
    ACTION = "action", _("Action roll")
    SETUP = "setup", _("Setup action")
    FORTUNE = "fortune", _("Fortune roll")
    DETERMINATION = "determination", _("Determination roll")
    FLASHBACK = "flashback", _("Flashback")
    LOOT = "loot", _("Loot roll")
    GOAL = "goal", _("Goal roll")
    MARKET = "market", _("Market roll")
    MISSION = "mission", _("Mission roll")


ACTIONS = (RollKind.ACTION, RollKind.SETUP)
"""The rolls of an action, whose 1-5 brings a consequence."""



def loot_found(roll) -> str:
    """A loot roll's outcome is what it found ("Loot Roll": "On a 1-5: nothing happens")."""
    return {0: _("Nothing"), 1: _("One asset")}.get(roll.choices.get("assets", 0), _("Two assets"))


# Every roll but a flashback reads a pool ("Rolling Dice"); every one keeps what it changed as an Aftermath
# (charge/landed.py).
KINDS = tuple(LoggedKind(kind.value, kind.label, action=kind in ACTIONS,
                         odds=no_dice if kind is RollKind.FLASHBACK else pool_rolled, scales=(CHARGE,),
                         read=loot_found if kind is RollKind.LOOT else None)
              for kind in RollKind)
OUTCOMES = tuple((outcome.value, outcome.label) for outcome in Outcome)
