"""Every roll made at the table, kept forever: the roll log ("Action Roll", "Fortune Roll",
"Determination Roll", "Flashbacks", "Team Work")."""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext

from campaign.models import Membership
from core.models import LockingQuerySet
from core.systems import LoggedKind, kind_of
from core.templatetags.words import action as action_word
from gamerules.aftermath import Aftermath
from gamerules.charge import Effect, Outcome, Risk, RiskWording
from gamerules.world import MissionStart


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
        rolls = (self.filter(campaign=membership.campaign, hidden=False, consequence_rating__gt=0)
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
    goal = models.CharField(max_length=300, blank=True)
    action = models.CharField(max_length=30, blank=True)
    choices = models.JSONField(default=dict, blank=True,
                               help_text="What was chosen before rolling, as data.")
    pool_size = models.SmallIntegerField(default=0)
    dice_sources = models.JSONField(default=list, blank=True)
    dice = models.JSONField(default=list, blank=True)
    outcome = models.CharField(max_length=10, blank=True)  # one of its dice system's outcomes
    risk = models.PositiveSmallIntegerField(null=True, blank=True)
    effect = models.PositiveSmallIntegerField(null=True, blank=True,
                                              help_text="The effect achieved.")
    consequence_rating = models.PositiveSmallIntegerField(default=0)
    momentum = models.JSONField(default=dict, blank=True,
                                help_text="Character id → [before, after] for every character.")
    result = models.JSONField(default=dict, blank=True,
                              help_text="What the roll changed after it landed: progress, "
                                        "consequence, resistance.")
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
        return Risk(self.risk) if self.risk else None

    @property
    def rules_effect(self) -> Effect | None:
        return Effect(self.effect) if self.effect is not None else None

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
        return self.logged_kind.consequence and self.consequence_rating > 0

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


class PendingRollQuerySet(LockingQuerySet):
    def for_display(self):
        return self.select_related("character", "character__owner", "spell").order_by("created_at", "pk")


class PendingRoll(models.Model):
    """An action roll on its way, shared by every screen ("Action Roll": the player sets the
    goal, the GM sets the risk and the effect, the player evens the odds, then rolls). A GM's
    call for a roll starts one too. One per character; gone once rolled or withdrawn."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="pending_rolls")
    character = models.OneToOneField("characters.Character", on_delete=models.CASCADE,
                                     related_name="pending_roll")
    key = models.CharField(max_length=64, unique=True, help_text="The roll's idempotency key.")
    action = models.CharField(max_length=30)
    goal = models.CharField(max_length=300, blank=True)
    setup = models.BooleanField(default=False)
    flashback_cost = models.PositiveSmallIntegerField(default=0)
    project = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    risk = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Set by the GM.")
    effect = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Set by the GM.")
    called = models.BooleanField(default=False, help_text="The GM called for this roll.")
    asked = models.JSONField(default=list, blank=True,
                             help_text="Characters whose players are asked to assist.")
    threats = models.JSONField(default=list, blank=True,
                               help_text="The threats the GM says apply to this roll (Threat Level Extra).")
    party_details = models.JSONField(default=list, blank=True,
                                     help_text="The party details the GM says bear on this roll (Party Extra).")
    spell = models.ForeignKey("characters.Spell", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+", help_text="The spell this roll casts (Magic Extra).")
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PendingRollQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return gettext("%(name)s: %(action)s") % {"name": self.character.name, "action": action_word(self.action)}

    def get_absolute_url(self):
        return reverse("roll_pending", args=[self.campaign_id, self.pk])

    @property
    def is_set(self) -> bool:
        """The GM has set the risk and the effect: the player evens the odds."""
        return self.risk is not None and self.effect is not None

    @property
    def rules_risk(self) -> Risk | None:
        return Risk(self.risk) if self.risk is not None else None

    @property
    def rules_effect(self) -> Effect | None:
        return Effect(self.effect) if self.effect is not None else None

    def risk_and_effect(self, wording) -> str:
        """"Moderate risk · standard effect", or what it waits for."""
        if not self.is_set:
            return by_wording(wording, gettext("the GM sets the risk and the effect"),
                              gettext("the GM sets the position and the effect"))
        return by_wording(wording, gettext("%(risk)s risk · %(effect)s effect"),
                          gettext("%(risk)s position · %(effect)s effect")) % {
            "risk": self.rules_risk.label(wording), "effect": str(self.rules_effect.label).lower()}

    def applied_threats(self) -> list:
        """The threats the GM said apply, as they are now: a threat cleared since no longer counts."""
        if not self.threats:
            return []
        return list(Threat.objects.filter(campaign_id=self.campaign_id, pk__in=self.threats)
                    .facing(self.character_id))

    def suggested_risk(self, mission: MissionStart | None = None) -> Risk:
        """Where the GM starts: moderate, or one level worse after an escalation with this
        action (it lasts the session), or where the mission roll says the mission starts
        (``mission``: campaign.models.mission_start_pending), or where the spell it casts puts a
        caster ("Risk (put you in a certain position by default)"); the worst when more say."""
        spell_risk = self.spell.rules_risk if self.spell_id else None
        starts = [risk for risk in (self.character.escalated_for(self.action), mission and mission.risk, spell_risk)
                  if risk]
        return max(starts, default=Risk.MODERATE)

    def suggested_effect(self) -> Effect:
        """Where the GM starts the effect: standard, or the effect of the spell it casts ("Use the
        effect rating of the spell")."""
        return Effect(self.spell.level) if self.spell_id else Effect.STANDARD

    def step_one(self) -> dict:
        """The goal and action, as the wizard's first step posts them."""
        return {"key": self.key, "character": str(self.character_id), "action": self.action,
                "goal": self.goal, "setup": "on" if self.setup else "",
                "flashback": str(self.flashback_cost) if self.flashback_cost else "",
                "project": str(self.project_id) if self.project_id else "",
                "spell": str(self.spell_id) if self.spell_id else ""}


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
