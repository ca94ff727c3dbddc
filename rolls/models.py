"""Every roll made at the table, kept forever: the roll log ("Action Roll", "Fortune Roll",
"Determination Roll", "Flashbacks", "Team Work")."""

import secrets

from django.conf import settings
from django.db import models, transaction
from django.db.models.signals import post_delete
from django.urls import reverse
from django.utils.translation import gettext

from campaign.models import Membership
from core.models import LockingQuerySet
from core.own_words import OwnWordsCharField
from core.systems import LoggedKind, kind_of
from rolls import tally
from rolls.reading import LENGTH, READ_FROM, reading_of


def new_key() -> str:
    """An idempotency key: a roll made twice with it is made once."""
    return secrets.token_urlsafe(24)


class RollQuerySet(LockingQuerySet):
    def visible_to(self, membership: Membership):
        """Hidden rolls (the GM's secret fortune rolls) are for GMs only."""
        return self if membership.is_gm else self.filter(hidden=False)

    # The writes that skip save keep the dice statistics' tally too (rolls/tally.py).
    def bulk_create(self, objs, *args, **kwargs):
        with transaction.atomic(using=self.db):
            created = super().bulk_create(objs, *args, **kwargs)
            tally.tally_again(self.model, {roll.campaign_id for roll in created if roll.reading})
        return created

    def update(self, **kwargs):  # (and bulk_update, which updates by it)
        if not tally.KEY_FIELDS & set(kwargs):
            return super().update(**kwargs)
        with transaction.atomic(using=self.db):
            campaigns = set(self.order_by().values_list("campaign_id", flat=True).distinct())
            updated = super().update(**kwargs)
            tally.tally_again(self.model, campaigns)
        return updated


class Roll(models.Model):
    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="rolls")
    session = models.ForeignKey("campaign.GameSession", null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="rolls")
    character = models.ForeignKey("characters.Character", null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="rolls")
    rolled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                  related_name="+")
    kind = models.CharField(max_length=20)  # one of a dice system's kinds (core/systems.py): ``logged_kind``
    goal = OwnWordsCharField(max_length=300, blank=True)
    action = models.CharField(max_length=30, blank=True)
    choices = models.JSONField(default=dict, blank=True,
                               help_text="What was chosen before rolling, as data.")
    pool_size = models.SmallIntegerField(default=0)
    dice_sources = models.JSONField(default=list, blank=True)
    dice = models.JSONField(default=list, blank=True)
    outcome = models.CharField(max_length=10, blank=True)  # one of its dice system's outcomes
    result = models.JSONField(default=dict, blank=True,
                              help_text="What the roll landed with and changed after, in its dice "
                                        "system's own typed result.")
    hidden = models.BooleanField(default=False)
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="children",
                               help_text="The roll a determination roll resists.")
    idempotency_key = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    reading = models.CharField(max_length=LENGTH, blank=True, default="", editable=False,
                               help_text="Its odds and outcome as the dice statistics count them (rolls/reading.py); "
                                         "empty: not read yet.")

    objects = RollQuerySet.as_manager()

    class Meta:
        ordering = ["-pk"]  # newest first; the index makes "the latest rolls" one short scan
        indexes = [models.Index(fields=["campaign", "-id"], name="roll_latest"),
                   # The dice statistics' count (rolls/stats.py): a campaign's rolls counted from the index alone.
                   models.Index(fields=["campaign", "kind", "reading", "action", "hidden", "id"], name="roll_reading"),
                   # The rolls not read yet, which the statistics read whole: none, mostly.
                   models.Index(fields=["campaign", "id"], condition=models.Q(reading=""), name="roll_unread")]

    def __str__(self):
        who = self.character.name if self.character else gettext("The GM")
        return gettext("%(who)s: %(kind)s") % {"who": who, "kind": self.get_kind_display()}

    def save(self, *args, **kwargs):
        # The reading follows what it is read from, whichever of those fields a save names.
        fields = kwargs.get("update_fields")
        if fields is None or READ_FROM & set(fields):
            self.reading = reading_of(self)
            kwargs["update_fields"] = fields = None if fields is None else {*fields, "reading"}
        if fields is not None and not tally.KEY_FIELDS & set(fields):
            super().save(*args, **kwargs)  # in the same count of the dice statistics
            return
        with transaction.atomic(using=kwargs.get("using")):  # and its count moved with it (rolls/tally.py)
            was = tally.key_before(self)
            super().save(*args, **kwargs)
            tally.moved(self, was)

    def get_absolute_url(self):
        return reverse("roll", args=[self.campaign_id, self.pk])

    @property
    def logged_kind(self) -> LoggedKind:
        """Its kind as its dice system registered it: its words and what shared code asks of it."""
        return kind_of(self.kind)

    def get_kind_display(self) -> str:
        return str(self.logged_kind.label)

    def get_outcome_display(self) -> str:
        kind = self.logged_kind
        return str(kind.read(self) if kind.read else kind.outcomes.get(self.outcome, self.outcome))

    @property
    def action_words(self) -> str:
        """What was rolled, as the reader reads it: an action, a name from the rulebook in their
        language, unless its system reads it otherwise (a conflict's Stat)."""
        return str(self.logged_kind.said(self.action))


class ReadingTally(models.Model):
    """How many of a campaign's rolls read alike (``Roll.reading``), by kind, action and whether
    hidden, and the first of them: the dice statistics of a whole campaign read these rather than
    count its rolls at every visit (rolls/tally.py). Kept by every write of a roll; never exported
    (an import counts its own)."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    hidden = models.BooleanField()
    kind = models.CharField(max_length=20)
    reading = models.CharField(max_length=LENGTH)
    action = models.CharField(max_length=30, blank=True)
    times = models.IntegerField(help_text="How many rolls.")
    first = models.BigIntegerField(help_text="The smallest id of those rolls: the one the statistics read whole.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "hidden", "kind", "reading", "action"],
                                               name="one_tally_a_reading")]

    def __str__(self):
        return f"{self.kind} {self.reading} {self.action}: {self.times}"


post_delete.connect(tally.deleted, sender=Roll, dispatch_uid="rolls.tally.deleted")
