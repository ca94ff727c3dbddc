"""The dice statistics' counts kept as rolls are written (``ReadingTally``): how many of a campaign's
rolls read alike (rolls/reading.py), by kind, action and whether hidden, and the first of them.

Why: the statistics of a whole campaign, the page everyone opens, grouped and counted every roll of
it at every visit: on a long campaign (20,000 rolls) that one count was the page's largest cost. With
the tally they read a few rows. The statistics of one character, person or session still count their
rolls (rolls/stats.py): they are fewer, and no tally is kept for them.

Every write of a roll keeps it in step, in the write's transaction: ``Roll.save`` (the roll's row
locked while its key before is read, so that two saves of one roll count one after the other), the
deletion of a roll (``post_delete``; a deleted campaign takes its tally with it), and the writes that
skip ``save`` (``RollQuerySet``'s ``bulk_create``, its ``update`` of a field of the key, which
``bulk_update`` calls, and rolls/reading.py ``read_again``), which count their campaigns' tally
again. A count moves by an increment in the database (``F``), so that two rolls written at once both
count. Rolls not read yet (an empty ``reading``) are not in it: the statistics read them whole."""

from __future__ import annotations

from django.db import IntegrityError, models, transaction
from django.db.models import Case, Count, F, Min, Subquery, Value, When
from django.db.models.functions import Coalesce, Least

KEY = ("campaign_id", "hidden", "kind", "reading", "action")
"""What a roll is counted under, as ``Roll`` and ``ReadingTally`` both name it."""
KEY_FIELDS = frozenset({"campaign", *KEY})
"""A write of any of these fields may move a roll to another count."""


def _tallies(model):
    """The tally model beside this roll model (the app's, or a migration's own)."""
    return model._meta.apps.get_model("rolls", "ReadingTally")


def key_of(roll) -> tuple | None:
    """The count a roll is in; None for a roll not read yet, in none."""
    return tuple(getattr(roll, name) for name in KEY) if roll.reading else None


def key_before(roll) -> tuple | None:
    """The count a roll's row is in now, its row locked until the transaction ends; None when new."""
    if roll.pk is None:
        return None
    row = type(roll)._base_manager.select_for_update().filter(pk=roll.pk).values_list(*KEY).first()
    return row if row and row[KEY.index("reading")] else None


def moved(roll, was: tuple | None) -> None:
    """Count a saved roll under its key, and no longer under the key it had (``was``)."""
    if (now := key_of(roll)) != was:
        if was:
            taken(type(roll), was, roll.pk)
        if now:
            added(type(roll), now, roll.pk)


def added(model, key: tuple, first: int, times: int = 1) -> None:
    """``times`` more rolls under ``key``, the first of them ``first``."""
    tallies, where = _tallies(model), dict(zip(KEY, key, strict=True))
    for _attempt in range(3):
        first_of_all = Least(F("first"), Value(first), output_field=models.BigIntegerField())
        if tallies.objects.filter(**where).update(times=F("times") + times, first=first_of_all):
            return
        try:
            with transaction.atomic():
                tallies.objects.create(**where, times=times, first=first)
            return
        except IntegrityError:  # a roll of the same key written at the same moment made its count: add to it
            continue
    raise IntegrityError(f"The dice statistics' count of {key} could not be written.")


def taken(model, key: tuple, pk: int) -> None:
    """One roll (``pk``) fewer under ``key``: the next roll is its first if it was; no count left at 0."""
    tallies, where = _tallies(model), dict(zip(KEY, key, strict=True))
    next_first = model._base_manager.filter(**where).exclude(pk=pk).order_by("pk").values("pk")[:1]
    tallies.objects.filter(**where).update(
        times=F("times") - 1,  # (none left: its row is deleted below)
        first=Case(When(first=pk, then=Coalesce(Subquery(next_first), F("first"))), default=F("first")))
    tallies.objects.filter(**where, times__lte=0).delete()


def tally_again(model, campaign_ids=None) -> None:
    """Count these campaigns' tally again from their rolls (every campaign's: None), after a write
    that skipped ``save``."""
    tallies, rolls = _tallies(model), model._base_manager.exclude(reading="")
    kept = tallies.objects.all()
    if campaign_ids is not None:
        if not (campaign_ids := set(campaign_ids)):
            return
        rolls, kept = rolls.filter(campaign_id__in=campaign_ids), kept.filter(campaign_id__in=campaign_ids)
    with transaction.atomic():
        kept.delete()
        tallies.objects.bulk_create(
            [tallies(**dict(zip(KEY, key, strict=True)), times=times, first=first)
             for *key, times, first in rolls.order_by().values_list(*KEY)
             .annotate(times=Count("pk"), first=Min("pk"))],
            batch_size=1000)


def deleted(sender, instance, origin=None, **kwargs) -> None:
    """A roll deleted (``post_delete``): one fewer in its count, unless its campaign is deleted too
    (its tally goes with it)."""
    model = origin.model if isinstance(origin, models.QuerySet) else type(origin)
    if (key := key_of(instance)) and getattr(getattr(model, "_meta", None), "label", "") != "campaign.Campaign":
        taken(sender, key, instance.pk)
