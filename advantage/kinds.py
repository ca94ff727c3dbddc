"""Advantage & Threat's kind of roll in the shared roll log (core/systems.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.systems import LoggedKind
from gamerules.advantage import Outcome


class RollKind(models.TextChoices):
    CHECK = "check", _("Check")


KINDS = (LoggedKind(RollKind.CHECK.value, RollKind.CHECK.label, action=True),)  # a check names its skill
OUTCOMES = tuple((outcome.value, outcome.label) for outcome in Outcome)
