"""The party sheet ("Party Extra")."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.models import LockingQuerySet
from gamerules.dials import Extra, ExtraDial
from gamerules.party import (
    Disposition,
    KeyConcept,
    combined,
    concept_disposition,
    detailed_disposition,
)


class PartyDetailQuerySet(LockingQuerySet):
    def supporting(self):
        return self.filter(key=False)


class PartyDetail(models.Model):
    """A line of the party sheet ("Party Extra"): a key concept (one for each of the four), or a
    supporting detail under one, with its disposition (-1, 0, +1; -4..+4 under "Detailed
    Disposition"). Every member writes them; the GM has the final say."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="party_details")
    concept = models.CharField(max_length=12, choices=[(c.value, c.label) for c in KeyConcept])
    key = models.BooleanField(default=False, help_text=_("The key concept itself, not a supporting detail."))
    text = models.CharField(max_length=200)
    disposition = models.SmallIntegerField(
        default=0, help_text=_("A supporting detail's; for a key concept, the one it was last written for."))
    clock = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                              help_text=_("Its own progress or danger clock (\"More Clocks\")."))
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PartyDetailQuerySet.as_manager()

    class Meta:
        ordering = ["concept", "-key", "created_at", "pk"]

    def __str__(self):
        return self.text

    @property
    def rules_concept(self) -> KeyConcept:
        return KeyConcept(self.concept)

    def reads_as(self, detailed: bool) -> Disposition:
        """A supporting detail's disposition as rolls feel it."""
        return detailed_disposition(self.disposition) if detailed else Disposition(self.disposition)


def concept_dispositions(details, detailed: bool) -> dict[KeyConcept, Disposition]:
    """Each key concept's disposition, from the majority of its supporting details."""
    return {concept: concept_disposition([d.disposition for d in details if not d.key and d.concept == concept.value],
                                         detailed)
            for concept in KeyConcept}


def bearing_on_a_roll(campaign, detail_ids) -> tuple[list, Disposition]:
    """The party details the GM said bear on a roll, as they are now, and their disposition
    combined ("conflicting dispositions ... cancel each other out"). A key concept bears with the
    disposition its details give it."""
    if not detail_ids or not campaign.charge.rules.has(Extra.PARTY):
        return [], Disposition.NEUTRAL
    detailed = campaign.charge.rules.dialled(ExtraDial.PARTY_DETAILED_DISPOSITION)
    details = list(campaign.party_details.all())
    concepts = concept_dispositions(details, detailed)
    chosen = [d for d in details if d.pk in set(detail_ids)]
    return chosen, combined(concepts[d.rules_concept] if d.key else d.reads_as(detailed) for d in chosen)
