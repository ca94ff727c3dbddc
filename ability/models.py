"""A character's Ability vs Difficulty sheet, and an action roll on its way
(``shared/rules/system-ability-vs-difficulty.md``)."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.models import HistoricalRecords

from core.models import LockingQuerySet
from gamerules import ability as rules
from gamerules import readings

# Lazy: each name is said in the reader's language when shown, not once at import.
SKILL_DICE = [(size, format_lazy("{} (d{})", name, size)) for size, name in readings.ABILITY_RATINGS]
DIFFICULTY_DICE = [(size, format_lazy("{} (d{})", name, size)) for size, name in readings.DIFFICULTY_RATINGS]


class Sheet(models.Model):
    """What the Charge sheet's numbers are to this system: grit points and gear."""

    character = models.OneToOneField("characters.Character", on_delete=models.CASCADE, related_name="ability_sheet")
    grit = models.PositiveSmallIntegerField(gettext_lazy("Grit points"), default=0)
    gear = models.TextField(blank=True, max_length=2000)
    history = HistoricalRecords()

    objects = LockingQuerySet.as_manager()

    def __str__(self):
        return f"{self.character}'s sheet"


class Skill(models.Model):
    """A skill set or a specialization, rated by its die ("Ability": Novice d4 ... Master d12)."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="skills")
    name = models.CharField(max_length=30, help_text=gettext_lazy("The roll's action in the log."))
    die = models.PositiveSmallIntegerField(choices=SKILL_DICE, default=6)
    specialization = models.BooleanField(default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["specialization", "name", "pk"]

    def __str__(self):
        return self.name

    @property
    def rating(self) -> str:
        return f"{rules.rating_name(self.die)} d{self.die}"


class Boost(models.Model):
    """A boost: what it applies to, its constraints, and what it gives when invoked: an ability die
    when it "can increase the odds of success", and any benefit in the table's words."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="boosts")
    name = models.CharField(max_length=120)
    applies_to = models.CharField(max_length=120, blank=True)
    constraints = models.CharField(max_length=200, blank=True)
    die = models.PositiveSmallIntegerField(choices=SKILL_DICE, default=6, null=True, blank=True,
                                           help_text=gettext_lazy("None: its benefit is not a die."))
    benefit = models.CharField(max_length=200, blank=True,
                               help_text=gettext_lazy("What it gives when invoked, besides or instead of a die."))
    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name


class Position(models.TextChoices):
    ADVANTAGE = rules.Position.ADVANTAGE.value, rules.Position.ADVANTAGE.label
    NONE = rules.Position.NONE.value, rules.Position.NONE.label
    DISADVANTAGE = rules.Position.DISADVANTAGE.value, rules.Position.DISADVANTAGE.label


class ActionQuerySet(LockingQuerySet):
    def open_for(self, membership):
        """Every member sees the action rolls on their way: the table plays them out loud."""
        return (self.filter(campaign=membership.campaign)
                .select_related("character", "skill", "clock", "danger_clock")
                .prefetch_related("help__helper", "help__roll"))


class Action(models.Model):
    """An action roll on its way, in the text's order: the player's intent and skill (or
    unskilled), the boosts invoked; the director's difficulty, position and risks; teamwork
    rolled first; then the player rolls both pools. Gone once rolled; the roll stays."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="ability_actions")
    character = models.OneToOneField("characters.Character", on_delete=models.CASCADE, related_name="ability_action")
    key = models.CharField(max_length=64, unique=True)
    intent = models.CharField(max_length=300)
    skill = models.ForeignKey(Skill, null=True, blank=True, on_delete=models.RESTRICT, related_name="+",
                              help_text=gettext_lazy("None: an unskilled roll."))
    boosts = models.JSONField(default=list, blank=True, help_text=gettext_lazy("The ids of the boosts invoked."))
    grit = models.BooleanField(default=False, help_text=gettext_lazy("Grit spent for a die."))
    clock = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                              help_text=gettext_lazy("The clock a success works on."))
    difficulty = models.PositiveSmallIntegerField(null=True, blank=True, choices=DIFFICULTY_DICE)
    position = models.CharField(max_length=12, choices=Position.choices, default=Position.NONE)
    risks = models.CharField(max_length=300, blank=True)
    danger_clock = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+", help_text=gettext_lazy("The director's clock a failure ticks."))
    teamwork_difficulty = models.PositiveSmallIntegerField(default=rules.TEAMWORK_DIFFICULTY, choices=DIFFICULTY_DICE)
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ActionQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.character}: {self.intent}"

    def get_absolute_url(self):
        return reverse("ability_action", args=[self.campaign_id, self.pk])

    @property
    def rules_position(self) -> rules.Position:
        return rules.Position(self.position)

    @property
    def waits_for_gm(self) -> bool:
        return self.difficulty is None

    @property
    def stage_words(self) -> str:
        return _("waits for the director") if self.waits_for_gm else _("ready to roll")


class Help(models.Model):
    """Teamwork: a helper's quick action roll for this action, made before it ("Teamwork")."""

    action = models.ForeignKey(Action, on_delete=models.CASCADE, related_name="help")
    helper = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="+")
    die = models.PositiveSmallIntegerField(help_text=gettext_lazy("The helper's skill die: the die added on a success."))
    success = models.BooleanField()
    roll = models.OneToOneField("rolls.Roll", on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["action", "helper"], name="one_help_per_helper")]

    def __str__(self):
        return f"{self.helper} helps {self.action.character}"
