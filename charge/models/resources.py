"""Resources and their pools ("Resource Pool Rule")."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.models import LockingQuerySet
from gamerules.resources import DICE_CAP, Gain, Spend
from gamerules.resources import Resource as RulesResource


class Resource(models.Model):
    """A resource the GM builds with the Resource Pool meta-extra ("Resource Pool Rule")."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="resources")
    name = models.CharField(max_length=60)
    shared = models.BooleanField(_("Shared by the party"), default=True,
                                 help_text=_("One pool for the party; otherwise one on each sheet."))
    gain = models.CharField(_("How it is gained"), max_length=12, choices=[(g.value, g.label) for g in Gain],
                            default=Gain.RECAP_ROLL.value)
    spend = models.CharField(_("What spending does"), max_length=12, default=Spend.DIE.value,
                             choices=[(Spend.DIE.value, _("+1d6 per point on an action roll")),
                                      (Spend.DESCRIBED.value, _("An effect described below"))])
    cap = models.PositiveSmallIntegerField(_("Most points on one roll"), default=DICE_CAP)
    effect = models.CharField(_("What spending one does"), max_length=200, blank=True)
    retained = models.BooleanField(_("Retain spent points on a 5-6"), default=False)
    expires = models.BooleanField(_("Expires after the planned scenario"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = LockingQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return self.name

    def as_rule(self) -> RulesResource:
        return RulesResource(self.name, self.shared, Gain(self.gain), Spend(self.spend), self.cap, self.retained,
                             self.expires)


class ResourcePool(models.Model):
    """The points of a resource: the party's (no character) or one character's."""

    resource = models.ForeignKey(Resource, on_delete=models.CASCADE, related_name="pools")
    character = models.ForeignKey("characters.Character", null=True, blank=True, on_delete=models.CASCADE,
                                  related_name="resource_pools")
    points = models.PositiveSmallIntegerField(default=0)

    objects = LockingQuerySet.as_manager()

    class Meta:
        ordering = ["resource_id", "character_id"]  # by id: a locked pool joins no other table

    def __str__(self):
        return f"{self.resource}: {self.points}"
