"""Character sheets: details, actions, momentum, stress and condition ("Creating your Character").
Charge's playbooks, ties, talent line and sheet Extras are its own (charge/models/)."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from campaign.models import Membership
from core.models import LockingQuerySet
from core.own_words import OwnWordsCharField, OwnWordsTextField, english, read
from gamerules.characters import take_stress
from gamerules.charge import Risk
from gamerules.dials import Attribute, Dials, Extra
from gamerules.progression import TalentKind
from gamerules.scars import INCAPACITATED, NEW_SCAR, take_stress_with_scars


class CharacterQuerySet(LockingQuerySet):
    def editable_by(self, membership: Membership):
        """GMs edit every sheet; a player edits their own."""
        if membership.is_gm:
            return self
        return self.filter(owner=membership.user)


class Character(models.Model):
    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="characters")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.SET_NULL, related_name="characters",
                              help_text=_("Empty when the player left: the campaign keeps the sheet."))
    playbook = models.ForeignKey("charge.Playbook", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="characters")
    name = models.CharField(max_length=80)
    concept = models.CharField(max_length=200, blank=True)
    appearance = models.TextField(blank=True, max_length=2000)
    condition = OwnWordsCharField(max_length=200, blank=True)
    momentum = models.PositiveSmallIntegerField(default=2)
    stress = models.PositiveSmallIntegerField(default=0)
    taken_out = models.BooleanField(default=False, help_text=_("Out for the scene; incapacitated under Scars."))
    money = models.PositiveSmallIntegerField(default=0, help_text=_("On the ten-point scale (Economy Extra)."))
    goal_dots = models.PositiveSmallIntegerField(
        default=0, help_text=_("Talent dots from finished goals, still to place (Goals Extra)."))
    scars = OwnWordsTextField(_("Scars"), blank=True, max_length=2000,
                             help_text=_("One a line: what a full stress clock left behind (Scars Extra)."))
    compensations = models.TextField(
        _("Compensations"), blank=True, max_length=2000,
        help_text=_("One a line: what compensates a scar without removing it (Scars Extra, \"Compensating\")."))
    better_risk_next = models.BooleanField(
        default=False, help_text=_("A determination 66: the next roll's risk is lowered."))
    escalated_action = models.CharField(
        max_length=30, blank=True, help_text=_("Escalated risk: rolls with this action are riskier."))
    escalated_risk = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The risk those rolls start at, until the session ends."))
    recovered_in = models.ForeignKey(
        "campaign.GameSession", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text=_("The session of the last recovery: once per session."))
    lost_action = models.CharField(
        max_length=30, blank=True, help_text=_("Lost opportunity: this action did not work; use another."))
    action_dots = models.JSONField(default=dict, blank=True,
                                   help_text=_("Dots from creation and GM overrides, by action."))
    assisting = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="offered_help",
        help_text=_("Its player offers to assist this character's next roll (1 momentum, \"Assist\")."))
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

    def escalated_for(self, action: str) -> Risk | None:
        """The risk rolls with ``action`` start at after an escalation, or None."""
        if action and action == self.escalated_action and self.escalated_risk:
            return Risk(self.escalated_risk)
        return None

    def may_assist(self, roller: "Character", membership: Membership) -> bool:
        """A helper's momentum is spent only with its player's agreement ("Assist": the helper
        consumes 1 momentum): the roller's player may name their own characters, a GM anyone,
        and another player's character once that player has offered."""
        return self.editable_by(membership) or self.assisting_id == roller.pk

    def take_stress(self, amount: int) -> bool:
        """Tick stress; return whether the clock filled. By default a full clock clears and the
        character is taken out for the scene ("Stress & Condition"). With the Scars Extra it is not
        cleared: a scar is added from the condition and the character is incapacitated, and an
        incapacitated character takes no more scars ("Scars Rule")."""
        rules = self.campaign.charge.rules
        size = rules.stress_clock_size
        if not rules.has(Extra.SCARS):
            result = take_stress(self.stress, amount, size)
            self.stress, self.taken_out = result.stress, self.taken_out or result.taken_out
            return result.taken_out
        result = take_stress_with_scars(self.stress, amount, size, self.taken_out)
        if result.new_scar:
            scar = self.condition or NEW_SCAR
            self.scars = read("\n".join(filter(None, [english(self.scars), english(scar)])))
            self.condition = INCAPACITATED
        self.stress, self.taken_out = result.stress, result.incapacitated
        return result.incapacitated

    @property
    def scar_list(self) -> list[str]:
        return [read(line) for line in english(self.scars).splitlines() if line.strip()]

    def talent_dots(self) -> dict[str, int]:
        """Action dots the talent line adds ("Talents": each dot slot is +1 action dot)."""
        dots: dict[str, int] = {}
        for talent in self.talents.all():
            if talent.kind == TalentKind.ACTION_DOT.value and talent.action:
                dots[talent.action] = dots.get(talent.action, 0) + 1
        return dots

    def ratings(self) -> dict[str, int]:
        """Each action's rating: its dots from creation and overrides, plus talent dots."""
        extra = self.talent_dots()
        return {name: self.action_dots.get(name, 0) + extra.get(name, 0)
                for name in self.campaign.charge.rules.action_names}

    def rating(self, action: str) -> int:
        return self.ratings().get(action, 0)

    def actions_by_attribute(self, dials: Dials):
        ratings = self.ratings()
        return [(attribute, [(name, ratings.get(name, 0)) for name in dials.actions_under(attribute)])
                for attribute in Attribute if dials.actions_under(attribute)]
