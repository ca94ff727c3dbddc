"""Milestones: the end of a big event, which opens a talent slot for every character ("Milestone")."""

from collections import Counter

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from gamerules.talent_dots import TalentDots, TalentTrigger


class Milestone(models.Model):
    """The end of a big event: every character gains a talent ("Milestone")."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="milestones")
    session = models.ForeignKey("campaign.GameSession", null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="milestones")
    note = models.CharField(_("What the group achieved"), max_length=300, blank=True)
    awarded_at = models.DateTimeField(auto_now_add=True)
    awarded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="+")

    class Meta:
        ordering = ["-awarded_at"]

    def __str__(self):
        return self.note or gettext("Milestone %(number)s") % {"number": self.pk}


class TalentDot(models.Model):
    """A talent dot one character gained by a hack's other trigger ("Changing When Talent Dots are
    Gained"): a failed desperate roll (its roll) or a finished project (its clock). Each roll and
    each clock gives at most one, whatever is submitted twice."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="talent_dots")
    trigger = models.CharField(max_length=20)
    roll = models.OneToOneField("rolls.Roll", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    clock = models.OneToOneField("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    gained_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["gained_at", "pk"]

    def __str__(self):
        return f"{self.trigger} ({self.character_id})"


def talent_dots_of(character) -> TalentDots:
    """Where a character's talent dots came from, under the campaign's dial: the campaign's
    milestones, and the character's own failed desperate rolls and finished projects."""
    campaign = character.campaign
    gained = Counter(character.talent_dots.values_list("trigger", flat=True))
    return TalentDots.counted(campaign.charge.rules.talent_triggers, campaign.milestones.count(),
                              gained[TalentTrigger.DESPERATE_FAIL.value], gained[TalentTrigger.PROJECT.value])
