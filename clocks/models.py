"""Clocks and every change made to them ("Clocks"; "Projects and Complications")."""

from dataclasses import dataclass
from functools import cached_property
from operator import attrgetter
from typing import NamedTuple

from django.conf import settings
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from campaign.models import Membership
from clocks.drawing import wedges
from core.models import LockingQuerySet
from core.own_words import OwnWordsCharField
from core.rendered import rows
from gamerules.clocks import DANGER_KINDS, PROGRESS_KINDS, ClockKind, opposed_start, roll_moves
from gamerules.words import said, said_again, said_back

KIND_CHOICES = [(kind.value, kind.label) for kind in ClockKind if kind is not ClockKind.STRESS]


class Visibility(models.TextChoices):
    ALL = "all", _("Everyone sees it")
    KNOWN = "known", _("Known but hidden: players see its name, not its segments")
    GM = "gm", _("GM only")


class WhoMayTick(models.TextChoices):
    GM = "gm", _("GM only")
    OWNER = "owner", _("The GM and the character's player")
    MEMBERS = "members", _("Every member")


class ClockQuerySet(LockingQuerySet):
    def visible_to(self, membership: Membership):
        """GMs see every clock; players never see a GM-only one."""
        if membership.is_gm:
            return self
        return self.exclude(visibility=Visibility.GM)

    def active(self):
        return self.filter(archived=False)

    def for_progress(self):
        """Clocks a success may tick ("Clocks", "Long-term Projects", "Opposing Clocks")."""
        return self.filter(kind__in=[kind.value for kind in PROGRESS_KINDS])

    def for_consequences(self):
        """Clocks a complication may tick ("Complications", "Opposing Clocks")."""
        return self.filter(kind__in=[kind.value for kind in DANGER_KINDS])

    def in_play(self):
        """The active clocks most recently changed first: what a table shows."""
        return self.filter(archived=False).order_by("-updated_at", "-pk")

    def counted(self):
        """Each clock with how many the query holds before it is cut (``in_all``): a screen that
        shows the first few tells how many more there are without a second query."""
        return self.annotate(in_all=models.Window(models.Count("pk")))

    def for_display(self):
        """What a clock card shows, in a fixed number of queries however many clocks: the id of each
        one's last change read with it, then those changes (``LastChange``)."""
        last = ClockChange.objects.filter(clock=models.OuterRef("pk")).order_by("-at", "-pk").values("pk")[:1]
        return (self.select_related("character", "force").annotate(last_change_id=models.Subquery(last))
                .prefetch_related("last_change"))


class LastChange:
    """A clock's last change, or None: read with a list of clocks by ``for_display`` (each clock's
    ``last_change_id`` with it, then the changes by those ids: cheaper than a window over every
    change), else by itself when first asked."""

    def __get__(self, clock, owner=None):
        if clock is None:
            return self
        if not self.is_cached(clock):
            self.__set__(clock, clock.changes.select_related("by").first())
        return clock.__dict__["_last_change"]

    def __set__(self, clock, change):
        clock.__dict__["_last_change"] = change

    @staticmethod
    def is_cached(clock) -> bool:
        return "_last_change" in clock.__dict__

    def get_prefetch_querysets(self, clocks, querysets=None):
        changes = ClockChange.objects.select_related("by").filter(
            pk__in=[clock.last_change_id for clock in clocks if clock.last_change_id])
        return changes, attrgetter("pk"), attrgetter("last_change_id"), True, "last_change", True


class Clock(models.Model):
    changes_belong_to = "character"
    """A change of a project's clock is on record as its character's (campaign/live.py), so that
    a tick of a campaign's clock does not render the sheets' projects again."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="clocks")
    name = OwnWordsCharField(max_length=120)
    kind = models.CharField(max_length=20, choices=KIND_CHOICES, default=ClockKind.PROGRESS.value)
    size = models.PositiveSmallIntegerField(_("Segments"), default=4)
    filled = models.PositiveSmallIntegerField(default=0)
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.ALL)
    who_may_tick = models.CharField(_("Who may tick it"), max_length=10, choices=WhoMayTick.choices,
                                    default=WhoMayTick.GM)
    character = models.ForeignKey("characters.Character", null=True, blank=True,
                                  on_delete=models.CASCADE, related_name="clocks",
                                  help_text=_("A character's project or complication."))
    force = models.ForeignKey("campaign.WorldForce", null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="clocks")
    scene = models.CharField(max_length=120, blank=True, help_text=_("The scene it belongs to, if any."))
    side_a = models.CharField(_("Filling it wins for"), max_length=80, blank=True)
    side_b = models.CharField(_("Emptying it wins for"), max_length=80, blank=True)
    characters_fill = models.BooleanField(
        _("The characters' side is the filling side"), default=True,
        help_text=_("Opposed clocks: a success moves it toward the characters' side, a consequence "
                    "toward the other."))
    notes = models.TextField(blank=True, max_length=5000)
    worked_in = models.ForeignKey("campaign.GameSession", null=True, blank=True, editable=False,
                                  on_delete=models.SET_NULL, related_name="+",
                                  help_text="A project's last session of work: once per session.")
    archived = models.BooleanField(default=False)
    party = models.BooleanField(default=False, help_text="The party sheet's danger or progress clock (Party Extra).")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ClockQuerySet.as_manager()
    history = HistoricalRecords()
    last_change = LastChange()

    class Meta:
        ordering = ["archived", "created_at", "pk"]
        indexes = [models.Index(fields=["campaign", "archived", "-updated_at"], name="clock_recent")]
        constraints = [models.CheckConstraint(condition=models.Q(filled__lte=models.F("size")),
                                              name="filled_within_size")]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("clock", args=[self.campaign_id, self.pk])

    @property
    def rules_kind(self) -> ClockKind:
        return ClockKind(self.kind)

    @property
    def is_opposed(self) -> bool:
        return self.rules_kind is ClockKind.OPPOSED

    @property
    def is_full(self) -> bool:
        return self.filled >= self.size

    @property
    def is_decided(self) -> bool:
        """Full, or for an opposed clock also empty: someone won."""
        return self.is_full or (self.is_opposed and self.filled == 0)

    @property
    def winner(self) -> str:
        """Who an opposed clock at one end decided for: the filling or the emptying side."""
        if self.is_full:
            return self.side_a or gettext("the filling side")
        return self.side_b or gettext("the emptying side")

    def tap_target(self, segment: int) -> int:
        """Tapping a segment fills the clock up to it; tapping the last filled one clears it."""
        return segment - 1 if segment == self.filled else segment

    def moved_by_roll(self, ticks: int, *, success: bool) -> int:
        """The signed segments a roll's effect (success) or risk (consequence) moves it."""
        return roll_moves(self.rules_kind, ticks, success=success, characters_fill=self.characters_fill)

    def starting_fill(self) -> int:
        """Empty, or half full for an opposed clock ("Opposing Clocks")."""
        return opposed_start(self.size) if self.is_opposed else 0

    def segments_shown_to(self, membership: Membership) -> bool:
        return membership.is_gm or self.visibility == Visibility.ALL

    def tickable_by(self, membership: Membership) -> bool:
        """Checked on the server for every change; players only tick clocks they can see."""
        if membership.is_gm:
            return True
        if self.visibility != Visibility.ALL:
            return False
        if self.who_may_tick == WhoMayTick.MEMBERS:
            return True
        return (self.who_may_tick == WhoMayTick.OWNER and self.character is not None
                and self.character.owner_id == membership.user_id)

    def label_for(self, membership: Membership) -> str:
        """The accessible name of its picture: "Alert: 3 of 6"."""
        if not self.segments_shown_to(membership):
            return gettext("%(name)s: segments hidden") % {"name": self.name}
        return gettext("%(name)s: %(filled)s of %(size)s") % {
            "name": self.name, "filled": self.filled, "size": self.size}


class ClockChange(models.Model):
    """One change of a clock, kept forever: undoing a change records another change."""

    changes_belong_to = "clock.character"

    clock = models.ForeignKey(Clock, on_delete=models.CASCADE, related_name="changes")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    before = models.PositiveSmallIntegerField()
    after = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=300, blank=True)  # in English when ``phrase`` is kept; blank: by hand
    # The reason as a phrase of the rules (gamerules.words.kept): said in each reader's language.
    phrase = models.JSONField(null=True, blank=True, editable=False)
    undoes = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="undone_by")
    roll = models.ForeignKey("rolls.Roll", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="clock_changes")

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self):
        return f"{self.clock}: {self.before}→{self.after}"

    @property
    def amount(self) -> int:
        return self.after - self.before

    @property
    def reason_said(self) -> str:
        """Why it changed: the phrase it was written as, said in whatever language is read, or
        the words the GM typed; a change without a reason was made by hand."""
        if self.phrase:
            try:
                return said_again(self.phrase)
            except (KeyError, TypeError, ValueError, AttributeError):  # no phrase this site can say
                return self.reason
        return self.reason or said("By hand")

    @property
    def shown_reason(self) -> str:
        """Why it changed, in the reader's language."""
        return said_back(self.phrase, self.reason) if self.phrase else str(self.reason_said)


class Segment(NamedTuple):
    number: int
    path: str
    filled: bool
    to: int  # what tapping it sets the clock to
    tip: str  # what tapping it does, said to a screen reader: "Set to 3"


@dataclass(frozen=True)
class SeenClock:
    """A clock as one viewer may see it: every template and export that shows a clock shows this,
    so what a player may not know (segments, notes, a hidden force) is decided in one place."""

    clock: Clock
    viewer: Membership

    @property
    def known(self) -> bool:
        """That it exists at all, and its name."""
        return self.viewer.is_gm or self.clock.visibility != Visibility.GM

    # Kept once asked: a card asks each of these several times, for each of a face's segments.
    @cached_property
    def shown(self) -> bool:
        """Its segments, notes and history."""
        return self.clock.segments_shown_to(self.viewer)

    @cached_property
    def may_tick(self) -> bool:
        """Whether the viewer's taps tick it: on the table screen, those of the member signed in
        on it (campaign.access.TableViewer), for a clock the table shows."""
        taps = getattr(self.viewer, "member", None) or self.viewer
        return self.clock.tickable_by(taps) and not self.clock.archived

    @cached_property
    def at_table(self) -> bool:
        """Whether it is seen on the table screen (whose taps answer with the table's card)."""
        return getattr(self.viewer, "member", None) is not None

    @cached_property
    def tapped(self) -> bool:
        """Whether its face is a group of buttons, one a segment, rather than a picture."""
        return self.shown and self.may_tick

    @cached_property
    def segments(self) -> list["Segment"]:
        """Its face, numbered 1..size clockwise from twelve: filled only where the viewer may see
        it, and where a tap would set it when its segments are buttons."""
        clock, tapped = self.clock, self.tapped
        segments = []
        for number, path in enumerate(wedges(clock.size), start=1):
            to = clock.tap_target(number)
            segments.append(Segment(number, path, self.shown and number <= clock.filled, to,
                                    gettext("Set to %(to)s") % {"to": to} if tapped else ""))
        return segments

    @cached_property
    def label(self) -> str:
        return self.clock.label_for(self.viewer)

    @property
    def notes(self) -> str:
        return self.clock.notes if self.shown else ""

    @property
    def decided(self) -> bool:
        return self.shown and self.clock.is_decided

    @property
    def belongs_to(self) -> str:
        """Its character, its force (only if the viewer may see that force), or its scene."""
        clock = self.clock
        if clock.character_id:
            return clock.character.name
        if clock.force_id and clock.force.shown_to(self.viewer):
            return clock.force.name
        return clock.scene

    @property
    def shows(self) -> tuple:
        """Everything its card reads besides its viewer's audience (core/rendered.py ``Parts``): its
        row, its character's and its force's, its last change, who made it and when, as the card
        says it, and whether it is seen on the table screen."""
        clock = self.clock
        last = clock.last_change
        return rows(clock, clock.character if clock.character_id else None, clock.force if clock.force_id else None,
                    last) + ((str(last.by) if last.by_id else None, naturaltime(last.at)) if last else (), self.at_table)
