"""What Charge adds to a character's sheet: its playbook, its ties and its talent line
("Creating your Character", "Progression", "Making Playbooks")."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from gamerules.progression import TALENT_LINE, TalentKind
from gamerules.progression import Talent as RulesTalent

TALENT_KIND_CHOICES = [(kind.value, kind.label()) for kind in TalentKind]


class Playbook(models.Model):
    """A GM's archetype: its name becomes the concept, with suggested ties, 3 action dots
    pre-assigned and pre-filled situational talents ("Playbook Recipe")."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="playbooks")
    name = models.CharField(max_length=80)
    suggested_ties = models.JSONField(default=list, blank=True)
    action_dots = models.JSONField(default=dict, blank=True)
    talents = models.JSONField(default=dict, blank=True,
                               help_text=_("Slot number → {action, situation} for situational slots."))

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class Tie(models.Model):
    """Who the character is linked to, and how ("Ties"); it may name a character or a force."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="ties")
    text = models.CharField(max_length=300)
    linked_character = models.ForeignKey("characters.Character", null=True, blank=True,
                                         on_delete=models.SET_NULL, related_name="+")
    linked_force = models.ForeignKey("campaign.WorldForce", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="ties")
    history = HistoricalRecords()

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.text


class Talent(models.Model):
    """A filled slot of the talent line (1-13), or the optional starting talent (slot 0)."""

    STARTING_SLOT = 0

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="talents")
    slot = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=TALENT_KIND_CHOICES)
    action = models.CharField(max_length=30, blank=True)
    instead_of = models.CharField(max_length=30, blank=True)
    situation = models.CharField(max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["slot"]
        constraints = [models.UniqueConstraint(fields=["character", "slot"], name="one_talent_a_slot")]

    def __str__(self):
        return self.as_rule().describe()

    def as_rule(self) -> RulesTalent:
        return RulesTalent(TalentKind(self.kind), self.action, self.situation, self.instead_of)


def slot_kind(slot: int) -> TalentKind:
    """What a slot of the sheet gives: slot 0 is the starting talent "+1 effect when ___"."""
    return TalentKind.EXTRA_EFFECT if slot == Talent.STARTING_SLOT else TALENT_LINE[slot - 1]
