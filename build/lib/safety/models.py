"""Safety at the table ("Safety at the Table", "Safety Reminder"): the campaign's lines and veils,
the X-card, and the session-zero checklist.

Anonymous means that the row itself does not know: an anonymous line or veil has no author and
keeps only the day it was written, and an X-card has no tapper at all, so nobody (the GM, an
export, the database) can find who it was."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign.models import Campaign
from gamerules.words import said


class BoundaryKind(models.TextChoices):
    LINE = "line", _("Line")
    VEIL = "veil", _("Veil")


BOUNDARY_MEANING = {
    BoundaryKind.LINE: _("not in the game at all"),
    BoundaryKind.VEIL: _("may happen, off-screen"),
}


class Boundary(models.Model):
    """A line (not in the game at all) or a veil (it may happen, but off-screen), written by a
    member. An anonymous one has no author: not hidden, absent."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="boundaries")
    kind = models.CharField(max_length=4, choices=BoundaryKind.choices)
    text = models.CharField(max_length=200)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    # A day, not a time: a time could be matched against who was on the site just then.
    written_on = models.DateField(default=timezone.localdate)

    class Meta:
        ordering = ["kind", "pk"]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.text}"

    @property
    def meaning(self):
        return BOUNDARY_MEANING[self.kind]

    def removable_by(self, membership) -> bool:
        return membership.is_gm or (self.author_id is not None and self.author_id == membership.user_id)


class XCardQuerySet(models.QuerySet):
    def showing(self):
        return self.filter(dismissed_at__isnull=True)


class XCard(models.Model):
    """One tap of the X-card: shown on the table screen and the console until the GM dismisses
    it. It names nobody who tapped it; the GM who dismisses it is no secret."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="x_cards")
    tapped_at = models.DateTimeField(default=timezone.now)
    dismissed_at = models.DateTimeField(null=True, blank=True)
    dismissed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")

    objects = XCardQuerySet.as_manager()

    class Meta:
        ordering = ["-pk"]
        constraints = [models.UniqueConstraint(fields=["campaign"], condition=Q(dismissed_at__isnull=True),
                                               name="one_x_card_showing")]

    def __str__(self):
        return f"X-card {self.tapped_at:%Y-%m-%d %H:%M}"


SESSION_ZERO = {
    "tone": said("Tone and content: what the story is about, and how dark it may get."),
    "lines_veils": said("Lines and veils agreed, and written on this page."),
    "x_card": said("The X-card explained: anyone may tap it, no explanation needed, and the scene is changed or cut."),
    "pause": said("Anyone may pause the game when something doesn't click, until everyone is on the same page."),
    "consequences": said("A consequence someone is not comfortable with is replaced with another."),
    "leave": said("If you don't feel safe at this table, it is totally OK to quit: nobody holds it against you."),
    "schedule": said("Schedules agreed: when and how often we play; kids, jobs and other responsibilities come first."),
}
"""What a session zero settles, from "Safety at the Table", "Safety Reminder" and "RPG Etiquette",
and common practice (tone, lines and veils): phrases, so that the log says them in each reader's
language."""


class Agreement(models.Model):
    """An item of the session-zero checklist that the table agreed on, and the GM who ticked it.
    An item without one is not agreed yet."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="session_zero")
    item = models.CharField(max_length=16)  # a key of SESSION_ZERO
    agreed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")
    agreed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["campaign", "item"], name="one_agreement_an_item")]

    def __str__(self):
        return str(SESSION_ZERO.get(self.item, self.item))
