"""Ability vs Difficulty's kinds of roll in the shared roll log (core/systems.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.systems import LoggedKind


class RollKind(models.TextChoices):
    ABILITY = "ability", _("Action roll")
    QUICK = "quick", _("Quick action roll")


KINDS = tuple(LoggedKind(kind.value, kind.label, action=True) for kind in RollKind)  # each names its skill
OUTCOMES = (("success", _("Success")), ("failure", _("Failure")))
