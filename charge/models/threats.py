"""Threats in play ("Threat Level Extra")."""

from django.db import models
from django.utils.translation import gettext

from core.models import LockingQuerySet


class ThreatQuerySet(LockingQuerySet):
    def facing(self, character_id):
        """The threats in play for a character: the scene's and their own."""
        return self.filter(models.Q(character__isnull=True) | models.Q(character_id=character_id))


class Threat(models.Model):
    """A threat in play ("Threat Level Extra"): a clearly identified source and its rating, on the
    scene or on one character. Everyone at the table knows it; the GM says when it applies."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="threats")
    character = models.ForeignKey("characters.Character", null=True, blank=True, on_delete=models.CASCADE,
                                  related_name="threats", help_text="Empty: on the whole scene.")
    source = models.CharField(max_length=120)
    rating = models.PositiveSmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ThreatQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.source} ({self.rating})"

    @property
    def target(self) -> str:
        return self.character.name if self.character_id else gettext("the scene")
