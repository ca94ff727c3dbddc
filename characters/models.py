"""Character sheets. This first cut holds what campaigns need: who owns a character, and the
momentum and stress the table watches."""

from django.conf import settings
from django.db import models
from django.urls import reverse


class Character(models.Model):
    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="characters")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="characters",
                              help_text="Empty when the player left: the campaign keeps the sheet.")
    name = models.CharField(max_length=80)
    momentum = models.PositiveSmallIntegerField(default=2)
    stress = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("campaign", args=[self.campaign_id]) + f"#character-{self.pk}"
