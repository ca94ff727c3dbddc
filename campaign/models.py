"""Campaigns, who belongs to them, and what a GM prepares and runs between sessions."""

import secrets
from datetime import timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection, models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core.models import LockingQuerySet
from core.own_words import OwnWordsCharField
from core.systems import first_system, setup_name, site_of
from gamerules.words import Said, kept, said_back


class Role(models.TextChoices):
    GM = "gm", _("GM")
    PLAYER = "player", _("Player")


class Campaign(models.Model):
    name = models.CharField(max_length=120)
    pitch = models.TextField(_("Pitch and setting"), blank=True, max_length=10_000)
    gm_notes = models.TextField(_("GM notes"), blank=True, max_length=20_000,
                                help_text=_("Only GMs ever see these."))
    table_language = models.CharField(
        _("Language of the table screen"), max_length=8, blank=True, choices=settings.LANGUAGES,
        help_text=_("The screen everyone looks at, in the table's language. Empty: in each viewer's own."))
    # One of the registered systems (core/systems.py); the campaign form offers them.
    system = models.CharField(_("Dice system"), max_length=20, default=first_system)
    system_options = models.JSONField(default=dict, blank=True,
                                      help_text=_("What the dice system lets the GM set, e.g. its list of Stats."))
    day = models.PositiveIntegerField(
        default=1, help_text=_("The story's day, which the GM moves on: spells cast once per day (Magic Extra)."))
    live_version = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(null=True, blank=True, editable=False,
                                       help_text="Archived: read-only and off the lists, until a GM restores it.")

    objects = LockingQuerySet.as_manager()

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        # The version moves only by bump_version's own statement: a copy read before a bump, saved
        # after it, must not put the older number back (a number said twice would serve a page
        # kept at it for another state of the campaign).
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [field.name for field in self._meta.concrete_fields
                                       if not field.primary_key and field.name != "live_version"]
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("campaign", args=[self.pk])

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None

    @property
    def site(self):
        """The dice system's registration: its sheet, roll, tiles and words (core/systems.py)."""
        return site_of(self.system)

    @property
    def setup(self):
        """How the campaign plays its dice system: its registration's ``setup`` row, or None."""
        return getattr(self, setup_name(self.site.setup), None) if self.site.setup else None

    @property
    def system_name(self) -> str:
        """The system as the page header says it, with the variant it names (Charge's ruleset)."""
        return self.site.name(self) if self.site.name else str(self.site.system.label)

    @property
    def system_words(self) -> str:
        """The system as the campaign's About card says it (Charge: with its wording of risk)."""
        return self.site.about(self) if self.site.about else self.system_name

    @property
    def current_session(self):
        return self.sessions.filter(ended_at__isnull=True).first()

    def next_session_number(self) -> int:
        return (self.sessions.order_by("-number").values_list("number", flat=True).first() or 0) + 1

    @staticmethod
    def bump_version(campaign_id, changed: set[str] | None = None):
        """Tell every open screen that something changed (``changed``: the labels of the models
        it changed; None: anything). Writes never call this: a committed change of a followed
        model does (campaign/live.py)."""
        from campaign.live import bumped, written  # the live module imports these models

        changed = written(changed)  # before this bump's own write, which changes no row shown

        # One statement that also answers the new version, for the streams to be told it.
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {connection.ops.quote_name(Campaign._meta.db_table)} "
                           "SET live_version = live_version + 1 WHERE id = %s RETURNING live_version",
                           [campaign_id])
            row = cursor.fetchone()
        bumped(campaign_id, row[0] if row else None, changed)

    def log(self, actor, text: str, *, gm_only: bool = False, clock=None, force=None) -> "Event":
        """A line in the campaign log. A line that mentions a clock or a force names it, and a
        player reads it only while they may see that clock's segments or that force."""
        # A phrase is kept as its English and said in each reader's language; a plain text (a
        # name, the writer's own words) as written.
        phrase = kept(text) if isinstance(text, Said) else None
        return Event.objects.create(campaign=self, actor=actor, text=str.__str__(text), phrase=phrase, gm_only=gm_only,
                                    clock=clock, force=force)


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    cast: dict[int, int | None] | None = None
    """Whose each of the campaign's characters is (its owner's id), when read with the membership
    (campaign/access.py, as the cache keeps it); else None."""

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "user"], name="one_membership")]
        ordering = ["role", "joined_at"]

    def __str__(self):
        return f"{self.user} ({self.get_role_display()}) in {self.campaign}"

    @property
    def is_gm(self) -> bool:
        return self.role == Role.GM

    @cached_property
    def played(self) -> tuple[int, ...]:
        """The ids of the characters this member plays, in order: part of whom a page is kept for
        (campaign/access.py). A view that reads them with other rows sets them."""
        return tuple(self.campaign.characters.filter(owner=self.user_id).order_by("pk").values_list("pk", flat=True))


def session_said(number: int) -> str:
    """A session as it is named: "Session 3"."""
    return gettext("Session %(number)s") % {"number": number}


def new_token() -> str:
    return secrets.token_urlsafe(24)


def default_expiry():
    return timezone.now() + timedelta(days=7)


class Invitation(models.Model):
    """A link that lets people join as players until it expires, is used up, or is revoked."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(default=default_expiry)
    max_uses = models.PositiveSmallIntegerField(default=5)
    uses = models.PositiveSmallIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"Invitation to {self.campaign} ({self.uses} of {self.max_uses} used)"

    def get_absolute_url(self):
        return reverse("join", args=[self.token])

    def refusal(self) -> str:
        """Why this link cannot be used now, or "" when it can."""
        if self.revoked_at:
            return gettext("This invitation was withdrawn by the GM. Ask them for a new link.")
        if self.expires_at <= timezone.now():
            return gettext("This invitation has expired. Ask your GM for a new link.")
        if self.uses >= self.max_uses:
            return gettext("This invitation has been used as many times as the GM allowed. Ask for a new link.")
        return ""


class Stance(models.TextChoices):
    ALIGNED = "aligned", _("Aligned")
    NEUTRAL = "neutral", _("Neutral")
    OPPOSED = "opposed", _("Opposed")


class ForceKind(models.TextChoices):
    PERSON = "person", _("Person")
    ORGANISATION = "organisation", _("Organisation")
    COUNTRY = "country", _("Country")
    PLANET = "planet", _("Planet")
    NATURE = "nature", _("Nature")
    OTHER = "other", _("Something else")


class WorldForceQuerySet(models.QuerySet):
    def visible_to(self, membership: Membership):
        """Players see revealed forces and their own group; GMs see everything."""
        if membership.is_gm:
            return self
        return self.filter(Q(revealed=True) | Q(is_player_group=True))


class WorldForce(models.Model):
    """Something or someone with goals looking to change the status quo ("Add Trouble to the
    World"); the player group is one too ("Define the Group as a Force")."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="forces")
    name = OwnWordsCharField(max_length=120)
    kind = models.CharField(_("What it is"), max_length=20, choices=ForceKind.choices,
                            default=ForceKind.ORGANISATION)
    goal = models.TextField(max_length=2000, blank=True)
    methods = models.JSONField(default=list, blank=True)
    stance = models.CharField(_("The group's stance"), max_length=10, choices=Stance.choices,
                              default=Stance.NEUTRAL)
    gm_notes = models.TextField(_("GM notes"), blank=True, max_length=20_000)
    revealed = models.BooleanField(_("Revealed to players"), default=False)
    is_player_group = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = WorldForceQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["-is_player_group", "created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["campaign"], condition=Q(is_player_group=True),
                                               name="one_player_group")]

    def __str__(self):
        return self.name

    def editable_by(self, membership: Membership) -> bool:
        """GMs edit every force; every member edits the player group."""
        return membership.is_gm or self.is_player_group

    @property
    def shown_to_players(self) -> bool:
        """The one rule of WorldForceQuerySet.visible_to, for a force already loaded."""
        return self.revealed or self.is_player_group

    def shown_to(self, membership: Membership) -> bool:
        return membership.is_gm or self.shown_to_players


class EventQuerySet(models.QuerySet):
    def visible_to(self, membership: Membership):
        """GMs read the whole log. A player reads a line unless it is GM-only or mentions a clock
        or force the player may not see now (re-checked at every read: a force hidden again
        hides the line that revealed it)."""
        if membership.is_gm:
            return self
        return self.filter(
            Q(gm_only=False),
            Q(clock__isnull=True) | Q(clock__visibility="all"),
            Q(force__isnull=True) | Q(force__revealed=True) | Q(force__is_player_group=True))


class Event(models.Model):
    """A line in the campaign's log: what changed, when, and who did it."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="+")
    text = models.CharField(max_length=1000)  # in English when ``phrase`` is kept
    # The line as a phrase of the rules (gamerules.words.kept): said in each reader's language.
    phrase = models.JSONField(null=True, blank=True, editable=False)
    gm_only = models.BooleanField(default=False)
    # What the line mentions, so that who may read it follows what they may see of that.
    clock = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="events")
    force = models.ForeignKey(WorldForce, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="events")

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-pk"]  # newest first, by the index below
        indexes = [models.Index(fields=["campaign", "-id"], name="event_latest")]

    def __str__(self):
        return self.text

    @property
    def shown(self) -> str:
        """The line in the reader's language, when it was written as a phrase."""
        return said_back(self.phrase, self.text) if self.phrase else self.text


class Notice(models.Model):
    """Something a person is told outside any campaign (a campaign they played in was deleted),
    shown on their list of campaigns until they dismiss it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    text = models.CharField(max_length=500)  # in English; ``phrase`` says it in the reader's language
    phrase = models.JSONField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return self.text

    @property
    def shown(self) -> str:
        return said_back(self.phrase, self.text) if self.phrase else self.text


class GameSession(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveIntegerField()
    date = models.DateField(default=timezone.localdate)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    log = models.TextField(_("Session log"), blank=True, max_length=50_000)
    summary = models.TextField(_("Summary"), blank=True, max_length=10_000,
                               help_text=_("What happened, in the GM's words: the recap opens with it."))
    gm_notes = models.TextField(_("GM notes"), blank=True, max_length=20_000)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="session_number"),
            models.UniqueConstraint(fields=["campaign"], condition=Q(ended_at__isnull=True),
                                    name="one_open_session"),
        ]

    def __str__(self):
        return session_said(self.number)

    def get_absolute_url(self):
        return reverse("session", args=[self.campaign_id, self.pk])

    @property
    def is_running(self) -> bool:
        return self.ended_at is None


class SessionPlan(models.Model):
    """A session the GM plans ahead, for the members' calendars: when, for how long, in the GM's
    time zone. A cancelled plan is kept, so that subscribed calendars learn of the cancellation."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="plans")
    starts_at = models.DateTimeField()
    minutes = models.PositiveSmallIntegerField(default=240)
    time_zone = models.CharField(max_length=64, default="UTC", help_text=_("Where the GM reads the time."))
    note = models.CharField(max_length=200, blank=True)
    cancelled = models.BooleanField(default=False)
    sequence = models.PositiveIntegerField(default=0, help_text="Each change tells calendars to update (iCal SEQUENCE).")
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["starts_at", "pk"]

    def __str__(self):
        return gettext("Session planned for %(when)s") % {"when": self.local_start.strftime("%Y-%m-%d %H:%M")}

    @property
    def local_start(self):
        """The start as the GM planned it, in the GM's time zone."""
        return timezone.localtime(self.starts_at, ZoneInfo(self.time_zone))

    @property
    def length(self) -> str:
        return gettext("%(hours)s h") % {"hours": f"{self.minutes / 60:g}"}

    @property
    def ends_at(self):
        return self.starts_at + timedelta(minutes=self.minutes)


class CalendarFeed(models.Model):
    """A member's private calendar address for a campaign: whoever holds it reads the planned
    sessions, nothing else. Never exported; gone with the membership; a new one ends the old."""

    membership = models.OneToOneField(Membership, on_delete=models.CASCADE, related_name="calendar")
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.membership}'s calendar"
