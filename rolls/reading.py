"""A roll read for the dice statistics once, when it is written, rather than at every visit of the
statistics: its ``Roll.reading`` names the exact odds it had and the outcome it read (or why it has
none), so that the statistics count equal readings in the database and read one roll of each
(rolls/stats.py). The reading is the kind's own (core/systems.py ``LoggedKind.odds``): this module
names no system.

What a reading depends on is what ``Roll.save`` writes, so it is read again at each save. A write
that skips ``save`` (``bulk_create``, ``update``) leaves it empty, and the statistics read that roll
whole, as they read every roll before; a migration that changes what rolls keep, or a kind's ``odds``, calls
:func:`read_again` so that no reading says what its roll no longer does. The statistics of a whole
campaign count its readings kept as they are written (rolls/tally.py)."""

from __future__ import annotations

import hashlib
from contextlib import suppress

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from core.systems import DAMAGED, Logged, kind_of
from gamerules.honesty import Rolled
from rolls.tally import tally_again

UNREAD = _("rolls of a kind whose exact odds no dice system here gives")

READ_FROM = frozenset({"kind", "pool_size", "dice", "outcome", "choices", "result", "dice_sources"})
"""The fields a reading depends on: a save of any of them reads the roll again."""

LENGTH = 25


def rolled(kind: str, pool, dice, outcome: str, choices, result=None, sources=None) -> Rolled | str:
    """A roll read by its kind (core/systems.py ``LoggedKind.odds``) with the exact odds it had when
    it was thrown, or why they cannot be computed again."""
    logged = kind_of(kind)
    if logged.odds is None:
        return UNREAD
    try:
        return logged.odds(Logged(pool, dice, outcome, choices or {}, result or {}, sources or []))
    except (AttributeError, KeyError, IndexError, TypeError, ValueError):  # not what the site stores
        return DAMAGED


def name_of(read: Rolled | str) -> str:
    """What two rolls read alike share, and rolls read otherwise do not: a digest of the odds and
    the outcome ("r..."), or of why there are none ("x..."). Empty for a kind no system here reads:
    the statistics read such a roll whole, and a system installed later reads it then."""
    if isinstance(read, Rolled):
        scale = read.scale
        return "r" + _digest(repr((scale.outcomes, scale.counted, read.chances, read.outcome)))
    if read is UNREAD:
        return ""
    with translation.override(None):  # the same name whatever the writer's language
        return "x" + _digest(str(read))


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def reading_of(roll) -> str:
    """The reading of a roll (a ``Roll``, or a row of one in a migration)."""
    return name_of(rolled(roll.kind, roll.pool_size, roll.dice, roll.outcome, roll.choices, roll.result,
                          roll.dice_sources))


def read_again(rolls, batch: int = 1000) -> int:
    """Read each of these rolls again and keep its reading; how many changed."""
    changed = []
    for roll in rolls.only("pk", "campaign_id", "reading", *READ_FROM).iterator(chunk_size=batch):
        if (reading := reading_of(roll)) != roll.reading:
            roll.reading = reading
            changed.append(roll)
    rolls.model._base_manager.bulk_update(changed, ["reading"], batch_size=batch)
    if changed:  # and the statistics' tally, a migration's too once it has one (rolls/tally.py)
        with suppress(LookupError):
            tally_again(rolls.model, {roll.campaign_id for roll in changed})
    return len(changed)
