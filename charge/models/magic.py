"""Spells on a sheet ("Magic Extra")."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from charge.models.held import Held
from gamerules.charge import Risk
from gamerules.magic import BENEFITS, CastingLimit, Casts, SpellLevel, casting_errors


class Spell(Held):
    """A spell on a sheet ("Magic Extra"): the actions that cast it, what it costs, and its
    effect, which a casting roll readies to help one roll."""

    LEVELS = [(int(level), level.label) for level in SpellLevel if level is not SpellLevel.BEYOND_GREAT]
    LIMITS = [(limit.value, limit.label) for limit in CastingLimit]

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="spells")
    name = models.CharField(max_length=80)
    actions = models.JSONField(default=list, help_text=_("The actions that cast it (\"The Magic Dial\")."))
    level = models.PositiveSmallIntegerField(
        choices=LEVELS, default=int(SpellLevel.NORMAL),
        help_text=_("Its effect: the effect the GM starts a casting roll at."))
    momentum_cost = models.PositiveSmallIntegerField(default=0)
    stress_cost = models.PositiveSmallIntegerField(default=0, help_text=_("A drawback: stress taken on casting."))
    risk = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text=_("Risk: the risk a casting roll starts at."))
    limit = models.CharField(max_length=10, choices=LIMITS, blank=True, default="")
    ritual = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                               help_text=_("Time: a clock the casting rolls fill before the spell takes effect."))
    danger = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                               help_text=_("Danger: a complication clock each consequence of a casting ticks."))
    notes = models.CharField(max_length=300, blank=True,
                             help_text=_("Materials, prerequisites, drawbacks, long-term effects: the table keeps them."))
    charge = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The effect a casting readied, until it helps a roll."))
    times_cast = models.PositiveIntegerField(default=0)
    cast_day = models.PositiveIntegerField(null=True, blank=True)
    cast_session = models.ForeignKey("campaign.GameSession", null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")

    @property
    def rules_level(self) -> SpellLevel:
        return SpellLevel(self.level)

    @property
    def rules_charge(self) -> SpellLevel | None:
        return SpellLevel(self.charge) if self.charge else None

    @property
    def rules_limit(self) -> CastingLimit:
        return CastingLimit(self.limit)

    @property
    def rules_risk(self) -> Risk | None:
        return Risk(self.risk) if self.risk else None

    def casting_errors(self, day: int, session_id: int | None) -> list[str]:
        """Why it cannot be cast on the story's ``day`` in the session running (None: none is):
        its casting limit is used up."""
        casts = Casts(self.times_cast, self.cast_day, self.cast_session_id)
        return casting_errors(self.rules_limit, casts, day, session_id)

    def benefits(self):
        """What its readied effect may give a roll, or nothing while it is not readied."""
        return BENEFITS[self.rules_charge] if self.charge else ()
