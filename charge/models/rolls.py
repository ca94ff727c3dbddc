"""Action rolls on their way ("Action Roll")."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from charge.models.threats import Threat
from charge.wording import by_wording
from core.models import LockingQuerySet
from core.templatetags.words import action as action_word
from gamerules.charge import Effect, Risk
from gamerules.world import MissionStart


class PendingRollQuerySet(LockingQuerySet):
    def for_display(self):
        return self.select_related("character", "character__owner", "character__charge", "spell").order_by("created_at", "pk")


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
    flashback = models.BooleanField(default=False, help_text="The player marks it a flashback; the GM prices it.")
    flashback_cost = models.PositiveSmallIntegerField(null=True, blank=True,
                                                      help_text="Set by the GM, with the risk and the effect.")
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
    spell = models.ForeignKey("charge.Spell", null=True, blank=True, on_delete=models.SET_NULL,
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
        """The GM has set the risk and the effect, and a flashback's price: the player evens the odds."""
        return self.risk is not None and self.effect is not None and self.price is not None

    @property
    def price(self) -> int | None:
        """The momentum the roll pays for its flashback: the GM's, None until they set it; 0 if no flashback."""
        return self.flashback_cost if self.flashback else 0

    @property
    def rules_risk(self) -> Risk | None:
        return Risk(self.risk) if self.risk is not None else None

    @property
    def rules_effect(self) -> Effect | None:
        return Effect(self.effect) if self.effect is not None else None

    def risk_and_effect(self, wording) -> str:
        """"moderate risk · standard effect", or what it waits for: lower case, as mid-sentence (a
        screen that starts a line with it capitalises it)."""
        if not self.is_set and self.risk is not None and self.effect is not None:
            return gettext("the GM sets the flashback's price")  # Quick Charge: the dice read the rest
        if not self.is_set:
            return by_wording(wording, gettext("the GM sets the risk and the effect"),
                              gettext("the GM sets the position and the effect"))
        return by_wording(wording, gettext("%(risk)s risk · %(effect)s effect"),
                          gettext("%(risk)s position · %(effect)s effect")) % {
            "risk": str(self.rules_risk.label(wording)).lower(), "effect": str(self.rules_effect.label).lower()} + (
            ngettext(" · flashback for %(cost)s momentum", " · flashback for %(cost)s momentum", self.price)
            % {"cost": self.price} if self.flashback else "")

    def applied_threats(self) -> list:
        """The threats the GM said apply, as they are now: a threat cleared since no longer counts."""
        if not self.threats:
            return []
        return list(Threat.objects.filter(campaign_id=self.campaign_id, pk__in=self.threats)
                    .facing(self.character_id))

    def suggested_risk(self, mission: MissionStart | None = None) -> Risk:
        """Where the GM starts: moderate, or one level worse after an escalation with this
        action (it lasts the session), or where the mission roll says the mission starts
        (``mission``: charge.models.world.mission_start_pending), or where the spell it casts puts a
        caster ("Risk (put you in a certain position by default)"); the worst when more say."""
        spell_risk = self.spell.rules_risk if self.spell_id else None
        starts = [risk for risk in (self.character.charge.escalated_for(self.action), mission and mission.risk, spell_risk)
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
                "flashback": "on" if self.flashback else "",
                "project": str(self.project_id) if self.project_id else "",
                "spell": str(self.spell_id) if self.spell_id else ""}


class FlashbackCallQuerySet(LockingQuerySet):
    def for_display(self):
        return self.select_related("character", "character__owner", "character__charge").order_by("created_at", "pk")


class FlashbackCall(models.Model):
    """A flashback a player calls, on its way to the GM: "When a player calls for a flashback, the
    GM looks at the fiction and sets a cost in momentum" ("Flashbacks"); the player pays it (the
    FLASHBACK roll, under ``key``) or withdraws. Not a PendingRoll: it has no action, risk or
    effect, and whatever follows it (no roll, a fortune roll, an action roll) is decided at the
    table after it is paid. One per character; gone once paid or withdrawn."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="flashback_calls")
    character = models.OneToOneField("characters.Character", on_delete=models.CASCADE,
                                     related_name="flashback_call")
    key = models.CharField(max_length=64, unique=True, help_text="The idempotency key of the roll that pays it.")
    note = models.CharField(max_length=300, blank=True, help_text="What the character prepared back then.")
    cost = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Set by the GM.")
    called_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                  related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = FlashbackCallQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return gettext("%(name)s's flashback") % {"name": self.character.name}

    def get_absolute_url(self):
        return reverse("flashback_call", args=[self.campaign_id, self.pk])

    @property
    def is_set(self) -> bool:
        return self.cost is not None
