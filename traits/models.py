"""A character's Traits & Consequence sheet, and a conflict on its way
(``shared/rules/system-traits-and-consequence.md``)."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.models import HistoricalRecords

from core.models import LockingQuerySet
from gamerules import traits as rules


class Sheet(models.Model):
    """What the Charge sheet's numbers are to this system: Stats, the Consequence pool and GL."""

    character = models.OneToOneField("characters.Character", on_delete=models.CASCADE, related_name="traits_sheet")
    stats = models.JSONField(default=dict, blank=True,
                             help_text=gettext_lazy('By Stat: {"rating": r, "current": value after damage}.'))
    consequence = models.PositiveSmallIntegerField(default=0, help_text=gettext_lazy("The Consequence pool."))
    gl = models.PositiveSmallIntegerField(gettext_lazy("GL"), default=rules.DEFAULT_GL,
                                          help_text=gettext_lazy("When the pool reaches it, Consequence explodes."))
    history = HistoricalRecords()

    objects = LockingQuerySet.as_manager()

    def __str__(self):
        return f"{self.character}'s sheet"

    def stat_rows(self, names) -> list[tuple[str, int, int]]:
        """(Stat, rating, current value) for the campaign's Stats, in its order."""
        rows = []
        for name in names:
            stat = self.stats.get(name) or {}
            rating = stat.get("rating", rules.DEFAULT_STAT_RATING)
            rows.append((name, rating, stat.get("current", rating)))
        return rows

    def current(self, names) -> dict[str, int]:
        return {name: current for name, _, current in self.stat_rows(names)}


class FeatureKind(models.TextChoices):
    POWER = "power", gettext_lazy("Power")
    TRAIT = "trait", gettext_lazy("Trait")
    ITEM = "item", gettext_lazy("Item")


class Feature(models.Model):
    """A Power (its value in automatic successes, what it applies to), a Trait (a die when bid) or
    an Item (its Value in dice when bid). Powers and Traits may carry the Consequence tag ©."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="features")
    kind = models.CharField(max_length=10, choices=FeatureKind.choices)
    name = models.CharField(max_length=120)
    value = models.PositiveSmallIntegerField(default=1)
    tagged = models.BooleanField(gettext_lazy("Consequence tag ©"), default=False)
    applies_to = models.CharField(max_length=120, blank=True, help_text=gettext_lazy("What a Power applies to."))
    history = HistoricalRecords()

    class Meta:
        ordering = ["kind", "pk"]

    def __str__(self):
        return f"{'© ' if self.tagged else ''}{self.name}"

    @property
    def bid_dice(self) -> int:
        """"For every Trait you bid, roll an extra die"; an Item rolls "your item's Value in dice"."""
        return self.value if self.kind == FeatureKind.ITEM else 1


class ConflictQuerySet(LockingQuerySet):
    def open_for(self, membership):
        """Every member sees the conflicts on their way: the table plays them out loud."""
        return self.filter(campaign=membership.campaign).select_related("character", "roll")


class Conflict(models.Model):
    """A conflict on its way, in the text's order: stakes and solution, the Stat (and a burnt
    Consequence), the GM's successes, the Stat roll (``roll``, in the log from then on), the bids,
    and the Consequence taken. It is gone once the Consequence is settled; the roll stays."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="conflicts")
    character = models.OneToOneField("characters.Character", on_delete=models.CASCADE, related_name="conflict")
    key = models.CharField(max_length=64, unique=True)
    stakes = models.CharField(max_length=300)
    solution = models.CharField(max_length=300)
    stat = models.CharField(max_length=30)
    burned = models.BooleanField(default=False, help_text=gettext_lazy("One Consequence burnt for -1 to the Stat."))
    complication = models.CharField(max_length=300, blank=True, help_text=gettext_lazy("The complication the burn narrates."))
    powers = models.JSONField(default=list, blank=True, help_text=gettext_lazy("The ids of the Powers that apply."))
    gm_dice = models.JSONField(null=True, blank=True, help_text=gettext_lazy("The GM's dice, when she rolled them."))
    gm_successes = models.PositiveSmallIntegerField(null=True, blank=True)
    roll = models.OneToOneField("rolls.Roll", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ConflictQuerySet.as_manager()

    def __str__(self):
        return f"{self.character}: {self.stakes}"

    def get_absolute_url(self):
        return reverse("conflict", args=[self.campaign_id, self.pk])

    @property
    def stage(self) -> str:
        """Where it stands: the GM's successes, the Stat roll, the bids, the player's split of the
        Consequence, the GM's confirmation."""
        if self.roll is None:
            return "gm" if self.gm_successes is None else "roll"
        result = rules.ConflictRollResult.from_data(self.roll.result)
        if not result.resolved:
            return "bid"
        return "confirm" if result.proposed is not None else "split"

    @property
    def waits_for_gm(self) -> bool:
        return self.stage in ("gm", "confirm")

    @property
    def stage_words(self) -> str:
        stage = self.stage
        if stage == "gm":
            return _("waits for the GM's successes")
        if stage == "roll":
            return _("waits for the Stat roll")
        if stage == "bid":
            return self._bid_words()
        if stage == "split":
            return _("waits for the Consequence to be taken")
        return _("waits for the GM to confirm the damage")

    def _bid_words(self) -> str:
        """Rolled, not resolved yet: what was bid (or that nothing was), and whether it wins."""
        result = rules.ConflictRollResult.from_data(self.roll.result)
        numbers = result.numbers(self.roll.dice)
        names = ", ".join(bid.name for bid in result.bids)
        if numbers.result is rules.Result.WHOLE and names:
            return _("rolled a whole success, bid %(bids)s too, and waits to be resolved") % {"bids": names}
        if numbers.result is rules.Result.WHOLE:
            return _("rolled a whole success and waits to be resolved")
        if numbers.result is rules.Result.MIXED:
            return _("bid %(bids)s and won: waits to be resolved") % {"bids": names}
        if names:
            return _("bid %(bids)s and is still behind") % {"bids": names}
        return _("rolled, behind, with nothing bid yet")
