"""What every dice system's rolls share: the table's dice, and a roll recorded once per
idempotency key. A repeated key (a double submit, a second tab) returns the roll already made."""

import random

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from core.refused import Refused
from rolls.models import Roll

SYSTEM_RANDOM = random.SystemRandom()
"""Where the table's dice come from. Tests replace it, or pass their own ``rng``."""


def table_dice(rng: random.Random | None) -> random.Random:
    """The dice a roll is thrown with: those given (tests, the demo), or the table's."""
    return rng or SYSTEM_RANDOM


def made_with(campaign, key) -> Roll | None:
    """The roll a key already made: whatever sends that key again (a double submit, a re-sent
    step, a second tab) lands on it, and nothing new starts with the key."""
    roll = Roll.objects.filter(idempotency_key=key).first()
    if roll and roll.campaign_id != campaign.pk:
        raise Refused(gettext("That roll belongs elsewhere."))
    return roll


def record(key, **fields) -> Roll:
    """A new roll under ``key``, or the one the same submission recorded a moment ago."""
    try:
        with transaction.atomic():
            return Roll.objects.create(idempotency_key=key, **fields)
    except IntegrityError:
        # The same submission landed a moment ago; it already did everything.
        return Roll.objects.get(idempotency_key=key)
