"""What a sheet holds under the Extras: assets, attachments and goals."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from charge.models.held import Held
from core.own_words import OwnWordsCharField
from gamerules.attachments import worn_out
from gamerules.goals import GOAL_CLOCK_SEGMENTS, Difficulty, resolve_pool


class AssetSource(models.TextChoices):
    LOOT = "loot", _("Loot")
    BOON = "boon", _("The GM's boon")


class Asset(Held):
    """Something a character holds that gives +1d6 or increased effect to one action roll, as
    an alternative to pushing or adding tension, and is spent by it ("Asset Extra")."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="assets")
    name = OwnWordsCharField(max_length=80)
    source = models.CharField(max_length=10, choices=AssetSource.choices, default=AssetSource.BOON)
    spent_by = models.ForeignKey("rolls.Roll", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+", help_text=_("The roll that used it up."))


class Attachment(Held):
    """A detail that matters more: breaking it cancels an incoming consequence outright; broken,
    it cannot be used until its repair project is done ("Attachment Extra")."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="attachments")
    name = models.CharField(max_length=120)
    broken = models.BooleanField(default=False)
    repair = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+", help_text=_("The project that repairs or reacquires it."))
    wear = models.PositiveSmallIntegerField(
        default=0, help_text=_("Its condition clock, filled by use and damage (\"Attachment Condition\")."))
    wear_size = models.PositiveSmallIntegerField(default=4)

    @property
    def repaired(self) -> bool:
        """Its repair project is complete ("Recovering an Attachment")."""
        return self.repair is not None and self.repair.filled >= self.repair.size

    @property
    def worn_out(self) -> bool:
        return worn_out(self.wear, self.wear_size)

    @property
    def usable(self) -> bool:
        """Not broken (or repaired), and its condition clock not full. A campaign without the
        condition dial never fills that clock."""
        return (not self.broken or self.repaired) and not self.worn_out


class Goal(Held):
    """Something the character wants to accomplish, with a difficulty and a clock of 8 segments;
    progress ticks it by the difficulty, and a full clock gives talent dots ("Goals Extra")."""

    DIFFICULTIES = [(Difficulty.EASY.value, _("Easy")), (Difficulty.MEDIUM.value, _("Medium")),
                    (Difficulty.HARD.value, _("Hard"))]

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="goals")
    name = models.CharField(max_length=200)
    difficulty = models.CharField(max_length=10, choices=DIFFICULTIES, default=Difficulty.MEDIUM.value)
    size = models.PositiveSmallIntegerField(default=GOAL_CLOCK_SEGMENTS)
    filled = models.PositiveSmallIntegerField(default=0)
    due = models.PositiveSmallIntegerField(
        default=0, help_text=_("Progress the GM granted, still to roll (\"Dial: Rolling to Advance\")."))
    ended = models.CharField(max_length=10, choices=[("", _("Under way")), ("done", _("Complete")), ("lost", _("Lost"))],
                             blank=True, default="")

    @property
    def rules_difficulty(self) -> Difficulty:
        return Difficulty(self.difficulty)

    @property
    def complete(self) -> bool:
        return self.ended == "done"

    @property
    def under_way(self) -> bool:
        return not self.ended

    @property
    def resolve_pool(self) -> int | None:
        """The dice rolling to resolve it now would roll, or None: too soon ("Dial: Rolling to Resolve")."""
        return resolve_pool(self.filled, self.size)
