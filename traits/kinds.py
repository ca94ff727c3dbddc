"""Traits & Consequence's kinds of roll in the shared roll log (core/systems.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.systems import LoggedKind
from gamerules.traits import AFTERMATH, STAT_ROLL, Result, stat_said
from traits.rolled import aftermath_rolled, conflict_rolled


class RollKind(models.TextChoices):
    CONFLICT = "conflict", _("Conflict")
    AFTERMATH = "aftermath", _("Aftermath")


# Both name the Stat rolled; a conflict's is the action the statistics count.
KINDS = (LoggedKind(RollKind.CONFLICT.value, RollKind.CONFLICT.label, action=True, said=stat_said,
                    odds=conflict_rolled, scales=(STAT_ROLL,)),
         LoggedKind(RollKind.AFTERMATH.value, RollKind.AFTERMATH.label, said=stat_said,
                    odds=aftermath_rolled, scales=(AFTERMATH,)))
OUTCOMES = tuple((result.value, result.label) for result in Result)
