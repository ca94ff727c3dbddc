"""Every roll made at the table, kept forever: the roll log ("Action Roll", "Fortune Roll",
"Determination Roll", "Flashbacks", "Team Work")."""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext

from campaign.models import Membership
from core.models import LockingQuerySet
from core.own_words import OwnWordsCharField
from core.systems import LoggedKind, kind_of
from gamerules.aftermath import Aftermath
from gamerules.charge import Effect, Outcome, Risk, RiskWording


def new_key() -> str:
    """An idempotency key: a roll made twice with it is made once."""
    return secrets.token_urlsafe(24)


def by_wording(wording: RiskWording, risk: str, position: str) -> str:
    """The words for the campaign's wording: Charge 1.1's risk, or the classic position. Each
    wording has its sentences whole, so that a translator writes each as it reads."""
    return position if wording is RiskWording.POSITION else risk


def risk_noun(wording: RiskWording) -> str:
    """"Risk" or "Position", as a label, in the reader's language."""
    return by_wording(wording, gettext("Risk"), gettext("Position"))


class RollQuerySet(LockingQuerySet):
    def visible_to(self, membership: Membership):
        """Hidden rolls (the GM's secret fortune rolls) are for GMs only."""
        return self if membership.is_gm else self.filter(hidden=False)

    def awaiting_answer(self, membership: Membership, recent: int = 20) -> list:
        """The latest rolls whose consequence waits for one of this member's characters to
        accept, resist or be protected."""
        mine = set(membership.campaign.characters.editable_by(membership).values_list("pk", flat=True))
        rolls = (self.filter(campaign=membership.campaign, hidden=False, result__consequence__isnull=False)
                 .select_related("character").order_by("-pk")[:recent])
        return [roll for roll in rolls if roll.awaits_answer_from(mine)]


class Roll(models.Model):
    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="rolls")
    session = models.ForeignKey("campaign.GameSession", null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="rolls")
    character = models.ForeignKey("characters.Character", null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="rolls")
    rolled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                  related_name="+")
    kind = models.CharField(max_length=20)  # one of a dice system's kinds (core/systems.py): ``logged_kind``
    goal = OwnWordsCharField(max_length=300, blank=True)
    action = models.CharField(max_length=30, blank=True)
    choices = models.JSONField(default=dict, blank=True,
                               help_text="What was chosen before rolling, as data.")
    pool_size = models.SmallIntegerField(default=0)
    dice_sources = models.JSONField(default=list, blank=True)
    dice = models.JSONField(default=list, blank=True)
    outcome = models.CharField(max_length=10, blank=True)  # one of its dice system's outcomes
    result = models.JSONField(default=dict, blank=True,
                              help_text="What the roll landed with and changed after, in its dice "
                                        "system's own typed result.")
    hidden = models.BooleanField(default=False)
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="children",
                               help_text="The roll a determination roll resists.")
    idempotency_key = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    objects = RollQuerySet.as_manager()

    class Meta:
        ordering = ["-pk"]  # newest first; the index makes "the latest rolls" one short scan
        indexes = [models.Index(fields=["campaign", "-id"], name="roll_latest")]

    def __str__(self):
        who = self.character.name if self.character else gettext("The GM")
        return gettext("%(who)s: %(kind)s") % {"who": who, "kind": self.get_kind_display()}

    def get_absolute_url(self):
        return reverse("roll", args=[self.campaign_id, self.pk])

    @property
    def logged_kind(self) -> LoggedKind:
        """Its kind as its dice system registered it: its words and what shared code asks of it."""
        return kind_of(self.kind)

    def get_kind_display(self) -> str:
        return str(self.logged_kind.label)

    def get_outcome_display(self) -> str:
        kind = self.logged_kind
        return str(kind.read(self) if kind.read else kind.outcomes.get(self.outcome, self.outcome))

    @property
    def action_words(self) -> str:
        """What was rolled, as the reader reads it: an action, a name from the rulebook in their
        language, unless its system reads it otherwise (a conflict's Stat)."""
        return str(self.logged_kind.said(self.action))

    @property
    def rules_outcome(self) -> Outcome | None:
        return Outcome(self.outcome) if self.outcome else None

    @property
    def rules_risk(self) -> Risk | None:
        return self.aftermath.risk

    @property
    def rules_effect(self) -> Effect | None:
        return self.aftermath.effect

    @property
    def threat(self) -> dict:
        """The threat dice rolled with it and the action dice they left ("Threat Level Extra")."""
        return (self.choices or {}).get("threat") or {}

    @property
    def read_face(self) -> int | None:
        dice = self.threat["left"] if self.threat else self.dice
        if not dice:
            return None
        return min(dice) if self.pool_size <= 0 else max(dice)

    def awaits_answer_from(self, character_ids) -> bool:
        consequence = self.aftermath.consequence
        return consequence is not None and not consequence.settled and consequence.target in character_ids

    @property
    def tension(self) -> str:
        """The consequence the player accepted for a tension die ("Add Tension"), if any."""
        return (self.choices or {}).get("tension", "")

    @property
    def brings_consequence(self) -> bool:
        return self.logged_kind.consequence and self.aftermath.consequence_rating > 0

    @property
    def aftermath(self) -> Aftermath:
        """What a Charge roll changed after it landed, typed; read from ``result`` on every access.
        Another system's roll keeps its own numbers in ``result`` and has no Charge aftermath."""
        return Aftermath.from_data(self.result) if self.logged_kind.aftermath else Aftermath()

    @aftermath.setter
    def aftermath(self, value: Aftermath) -> None:
        self.result = value.to_data()

    @property
    def awaits_consequence(self) -> bool:
        """A 1-5 whose consequence is not settled yet (not chosen, or not accepted or resisted):
        nothing that the consequence may change is final."""
        return self.brings_consequence and not self.aftermath.consequence_settled
