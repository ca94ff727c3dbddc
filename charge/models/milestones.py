"""Milestones: the end of a big event, which opens a talent slot for every character ("Milestone")."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


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
