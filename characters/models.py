"""A character as every dice system has it: who plays it, its name and details, GM notes. What a
system adds to the sheet (Charge's momentum, stress and dots; Traits' Stats...) is its own."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from campaign.models import Membership
from core.models import LockingQuerySet
from core.own_words import OwnWordsCharField


class CharacterQuerySet(LockingQuerySet):
    def editable_by(self, membership: Membership):
        """GMs edit every sheet; a player edits their own."""
        if membership.is_gm:
            return self
        return self.filter(owner=membership.user)

    def with_sheets(self, campaign):
        """Each with its dice system's sheet (``character_sheet``), read in the same query."""
        sheet = campaign.site.character_sheet
        return self.select_related(sheet._meta.get_field("character").remote_field.get_accessor_name()) if sheet else self


class Character(models.Model):
    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="characters")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="characters",
                              help_text=_("Empty when the player left: the campaign keeps the sheet."))
    name = models.CharField(max_length=80)
    concept = models.CharField(max_length=200, blank=True)
    appearance = models.TextField(blank=True, max_length=2000)
    condition = OwnWordsCharField(max_length=200, blank=True)
    created = models.BooleanField(default=False, help_text=_("Creation finished."))
    gm_notes = models.TextField(_("GM notes"), blank=True, max_length=20_000)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CharacterQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("character", args=[self.campaign_id, self.pk])

    def editable_by(self, membership: Membership) -> bool:
        return membership.is_gm or (self.owner_id is not None and self.owner_id == membership.user_id)

    def text_fields_for(self, membership: Membership) -> tuple[str, ...]:
        """The sheet's text parts this member sees and, on their own sheet, edits: the details
        (its dice system's, by default the condition, the concept and the appearance), and GM notes
        for a GM only."""
        site = self.campaign.site
        fields = list(site.sheet_texts(self) if site.sheet_texts else ("condition", "concept", "appearance"))
        if membership.is_gm:
            fields.append("gm_notes")
        return tuple(fields)

    def text_holder(self, field: str):
        """The row a sheet text lives in: the character's own, or its dice system's sheet's
        (its ``character_sheet.text_fields``: Charge's scars)."""
        sheet = self.campaign.site.character_sheet
        if sheet is None or field not in sheet.text_fields:
            return self
        return self._system_sheet(sheet) or sheet.objects.get_or_create(character=self)[0]

    def warns(self, field: str) -> bool:
        """Whether the sheet shows this text as a warning, as its dice system's sheet says
        (its ``warned_texts``: a Charge character taken out, its condition)."""
        sheet = self.campaign.site.character_sheet
        found = self._system_sheet(sheet) if sheet is not None else None
        return field in getattr(found, "warned_texts", ())

    def _system_sheet(self, sheet):
        try:
            return getattr(self, sheet._meta.get_field("character").remote_field.get_accessor_name())
        except sheet.DoesNotExist:  # a sheet older than its system's sheets
            return None
