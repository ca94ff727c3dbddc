"""Ability vs Difficulty's kinds of roll in the shared roll log (core/systems.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from ability.rolled import action_rolled, quick_rolled
from core.systems import LoggedKind
from gamerules.ability import ACTION_ROLL, QUICK_ROLL


class RollKind(models.TextChoices):
    ABILITY = "ability", _("Action roll")
    QUICK = "quick", _("Quick action roll")


# Each names its skill.
KINDS = (LoggedKind(RollKind.ABILITY.value, RollKind.ABILITY.label, action=True, odds=action_rolled,
                    scales=(ACTION_ROLL,)),
         LoggedKind(RollKind.QUICK.value, RollKind.QUICK.label, action=True, odds=quick_rolled, scales=(QUICK_ROLL,)))
OUTCOMES = (("success", _("Success")), ("failure", _("Failure")))
