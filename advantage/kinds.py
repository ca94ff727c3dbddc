"""Advantage & Threat's kind of roll in the shared roll log (core/systems.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from advantage.rolled import check_rolled
from core.systems import LoggedKind
from gamerules.advantage import CHECK, Outcome


class RollKind(models.TextChoices):
    CHECK = "check", _("Check")


# A check names its skill.
KINDS = (LoggedKind(RollKind.CHECK.value, RollKind.CHECK.label, action=True, odds=check_rolled, scales=(CHECK,)),)
OUTCOMES = tuple((outcome.value, outcome.label) for outcome in Outcome)
