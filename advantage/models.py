"""A character's Advantage & Threat sheet, the GM's threats and jobs, and a check on its way
(``shared/rules/system-advantage-and-threat.md``)."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.models import HistoricalRecords

from core.models import LockingQuerySet
from core.own_words import OwnWordsCharField
from gamerules import advantage as rules


class Sheet(models.Model):
    """What the Charge sheet's numbers are to this system: Action Points, the drive, trauma."""

    character = models.OneToOneField("characters.Character", on_delete=models.CASCADE, related_name="advantage_sheet")
    ap = models.PositiveSmallIntegerField(gettext_lazy("Action Points"), default=rules.AP_MAX)
    ap_max = models.PositiveSmallIntegerField(gettext_lazy("Maximum AP"), default=rules.AP_MAX)
    drive = models.CharField(max_length=200, blank=True)
    trauma = models.PositiveSmallIntegerField(default=0)
    tough = models.PositiveSmallIntegerField(default=0, help_text=gettext_lazy("Traumas ignored until the adrenaline wears off."))
    history = HistoricalRecords()

    objects = LockingQuerySet.as_manager()

    def __str__(self):
        return f"{self.character}'s sheet"

    @property
    def trauma_minus(self) -> int:
        """"Add 2 MINUS for each Trauma you have", less those toughed out."""
        return rules.TRAUMA_MINUS * max(self.trauma - self.tough, 0)


class Skill(models.Model):
    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="advantage_skills")
    name = models.CharField(max_length=30, help_text=gettext_lazy("The check's action in the log."))
    rank = models.PositiveSmallIntegerField(default=1)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name


class Expertise(models.Model):
    """"Add 1 PLUS for each relevant Expertise attached to Skill being used"."""

    skill = models.ForeignKey(Skill, on_delete=models.CASCADE, related_name="expertise")
    name = models.CharField(max_length=60)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name


class Flaw(models.Model):
    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="flaws")
    name = models.CharField(max_length=120)
    invoked_in = models.ForeignKey("advantage.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                   help_text=gettext_lazy("The job it was invoked in: once per job."))
    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name


class Gear(models.Model):
    """Gear or an augmentation, and its features that add PLUS or MINUS."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="gear")
    name = models.CharField(max_length=120)
    augmentation = models.BooleanField(default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["augmentation", "name", "pk"]

    def __str__(self):
        return self.name


class GearFeature(models.Model):
    gear = models.ForeignKey(Gear, on_delete=models.CASCADE, related_name="features")
    name = models.CharField(max_length=120)
    plus = models.BooleanField(default=True, help_text=gettext_lazy("Adds PLUS; otherwise a disadvantage that adds MINUS."))

    class Meta:
        ordering = ["-plus", "name", "pk"]

    def __str__(self):
        return self.name


class Condition(models.Model):
    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="conditions")
    name = models.CharField(max_length=60)
    history = HistoricalRecords()

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.name


class Wound(models.Model):
    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="wounds")
    name = models.CharField(max_length=120)
    level = models.PositiveSmallIntegerField(default=1, choices=[(1, gettext_lazy("Level 1")), (2, gettext_lazy("Level 2"))])
    history = HistoricalRecords()

    class Meta:
        ordering = ["-level", "pk"]

    def __str__(self):
        return _("%(name)s (level %(level)s)") % {"name": self.name, "level": self.level}


class Threat(models.Model):
    """A threat on the table, its Toughness the MINUS it adds, dropping as it takes damage."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="advantage_threats")
    name = models.CharField(max_length=120)
    toughness = models.PositiveSmallIntegerField(default=2)
    current = models.PositiveSmallIntegerField(default=2)
    conditions = models.CharField(max_length=300, blank=True, help_text=gettext_lazy("Its conditions, separated by commas."))

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.name

    @property
    def condition_list(self) -> list[str]:
        return [name.strip() for name in self.conditions.split(",") if name.strip()]


class JobQuerySet(LockingQuerySet):
    def current(self, campaign):
        return self.filter(campaign=campaign, ended_at__isnull=True).first()


class Job(models.Model):
    """A job: a span of sessions the GM starts and ends; Action Points refill at both ends and each
    flaw may be invoked once in it."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="jobs")
    name = models.CharField(max_length=120)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    objects = JobQuerySet.as_manager()

    class Meta:
        ordering = ["-pk"]
        constraints = [models.UniqueConstraint(fields=["campaign"], condition=models.Q(ended_at__isnull=True),
                                               name="one_job_at_a_time")]

    def __str__(self):
        return self.name


class CheckQuerySet(LockingQuerySet):
    def open_for(self, membership):
        """Every member sees the checks on their way: the table builds the pool together."""
        return self.filter(campaign=membership.campaign).select_related("character", "skill", "threat", "clock", "roll")


class Check(models.Model):
    """A check on its way, in the text's order: what the character attempts and how, the pool
    built with the table (every factor named, the GM's word last), the roll, the Action Points
    spent on it, then the clock it works on. Gone once done; the roll stays."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="checks")
    character = models.OneToOneField("characters.Character", on_delete=models.CASCADE, related_name="advantage_check")
    key = models.CharField(max_length=64, unique=True)
    intent = models.CharField(max_length=300)
    skill = models.ForeignKey(Skill, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    expertise = models.JSONField(default=list, blank=True, help_text=gettext_lazy("The ids of the expertise that applies."))
    threat = models.ForeignKey(Threat, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    drive = models.BooleanField(default=False)
    confirmed = models.BooleanField(default=False, help_text=gettext_lazy("The GM has had the last word on the pool."))
    clock = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    assisting = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="assisted_by",
                                  help_text=gettext_lazy("The check this one helps: each Major or Minor adds +1 PLUS to it."))
    roll = models.OneToOneField("rolls.Roll", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CheckQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.character}: {self.intent}"

    def get_absolute_url(self):
        return reverse("advantage_check", args=[self.campaign_id, self.pk])

    @property
    def stage(self) -> str:
        if self.roll_id:
            return "spend"
        return "roll" if self.confirmed else "build"

    @property
    def waits_for_gm(self) -> bool:
        return self.stage == "build"

    @property
    def stage_words(self) -> str:
        stage = self.stage
        if stage == "build":
            return _("building the pool: waits for the GM's word")
        return _("ready to roll") if stage == "roll" else _("rolled: Action Points, then done")


class FactorKind(models.TextChoices):
    """What a factor is ("Gather your Dice Pool"), beside the skill, its expertise, the threat's
    Toughness, the drive and trauma, which the check itself carries."""

    SITUATION = "situation", gettext_lazy("Situation")
    ENVIRONMENT = "environment", gettext_lazy("Environment")
    GEAR = "gear", gettext_lazy("Gear")
    ENEMY_CONDITION = "enemy-condition", gettext_lazy("The enemy's condition")
    CONDITION = "condition", gettext_lazy("Your condition")
    ASSISTANCE = "assistance", gettext_lazy("Assistance")
    WOUND = "wound", gettext_lazy("Wound")
    FLAW = "flaw", gettext_lazy("Flaw")


class Factor(models.Model):
    """A factor the table named in a check's pool, in the order suggested: what it is, the dice it
    adds, who suggested it (a member strikes only their own), and the entry it names."""

    for_check = models.ForeignKey(Check, on_delete=models.CASCADE, related_name="factors")
    kind = models.CharField(max_length=20, choices=FactorKind.choices)
    name = OwnWordsCharField(max_length=120)
    dice = models.SmallIntegerField()
    """Signed: PLUS above zero, MINUS below."""
    suggested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    ref = models.PositiveIntegerField(null=True, blank=True)
    """The id of the gear feature, condition, wound or flaw it names, or of the check whose success
    assists; none for what the table names in its own words."""

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.name


class Crew(models.Model):
    """The crew's Status toward their next Rank and their Hostility: two clocks the GM keeps, which
    a check's consequences tick (``rules.CrewClock``)."""

    campaign = models.OneToOneField("campaign.Campaign", on_delete=models.CASCADE, related_name="advantage_crew")
    status = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    hostility = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    def __str__(self):
        return f"{self.campaign}'s crew"

    def clock_id(self, which: rules.CrewClock) -> int | None:
        return self.status_id if which is rules.CrewClock.STATUS else self.hostility_id

    @property
    def kept(self) -> bool:
        """Both clocks there and in play (an archived one is made anew by the next setup)."""
        return all(clock is not None and not clock.archived for clock in (self.status, self.hostility))
