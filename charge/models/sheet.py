"""What Charge adds to a character's sheet: its playbook, its ties and its talent line
("Creating your Character", "Progression", "Making Playbooks")."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core.models import LockingQuerySet
from core.own_words import OwnWordsTextField, english, read
from gamerules.characters import take_stress
from gamerules.charge import Risk
from gamerules.dials import Attribute, Dials, Extra
from gamerules.progression import TALENT_LINE, TalentKind
from gamerules.progression import Talent as RulesTalent
from gamerules.scars import INCAPACITATED, NEW_SCAR, take_stress_with_scars

TALENT_KIND_CHOICES = [(kind.value, kind.label()) for kind in TalentKind]


class Playbook(models.Model):
    """A GM's archetype: its name becomes the concept, with suggested ties, 3 action dots
    pre-assigned and pre-filled situational talents ("Playbook Recipe")."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE,
                                 related_name="playbooks")
    name = models.CharField(max_length=80)
    suggested_ties = models.JSONField(default=list, blank=True)
    action_dots = models.JSONField(default=dict, blank=True)
    talents = models.JSONField(default=dict, blank=True,
                               help_text=_("Slot number → {action, situation} for situational slots."))

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class Tie(models.Model):
    """Who the character is linked to, and how ("Ties"); it may name a character or a force."""

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="ties")
    text = models.CharField(max_length=300)
    linked_character = models.ForeignKey("characters.Character", null=True, blank=True,
                                         on_delete=models.SET_NULL, related_name="+")
    linked_force = models.ForeignKey("campaign.WorldForce", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="ties")
    history = HistoricalRecords()

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.text


class Talent(models.Model):
    """A filled slot of the talent line (1-13), or the optional starting talent (slot 0)."""

    STARTING_SLOT = 0

    character = models.ForeignKey("characters.Character", on_delete=models.CASCADE, related_name="talents")
    slot = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=TALENT_KIND_CHOICES)
    action = models.CharField(max_length=30, blank=True)
    instead_of = models.CharField(max_length=30, blank=True)
    situation = models.CharField(max_length=200, blank=True)
    own = models.CharField(max_length=30, blank=True, default="")
    """The hack's own kind of talent it is, by name (gamerules/own_talents.py); ``kind`` is what it gives."""
    history = HistoricalRecords()

    class Meta:
        ordering = ["slot"]
        constraints = [models.UniqueConstraint(fields=["character", "slot"], name="one_talent_a_slot")]

    def __str__(self):
        return self.as_rule().describe()

    def as_rule(self) -> RulesTalent:
        return RulesTalent(TalentKind(self.kind), self.action, self.situation, self.instead_of, self.own)

    def own_kind(self, dials) -> bool:
        """Whether ``dials`` offer the hack's own kind this talent was written as, giving what it gives."""
        return any(kind.name == self.own and kind.gives == self.kind for kind in dials.own_talents)


def slot_kind(slot: int, line: tuple[TalentKind, ...] = TALENT_LINE) -> TalentKind:
    """What a slot of the campaign's ``line`` gives: slot 0 is the starting talent "+1 effect when ___"."""
    return TalentKind.EXTRA_EFFECT if slot == Talent.STARTING_SLOT else line[slot - 1]


class Sheet(models.Model):
    """What Charge keeps on every character's sheet beside its details: momentum, the stress clock,
    the scene's turns, the action dots, and the Extras' numbers ("Creating your Character",
    "Momentum", "Stress & Condition", the Extras)."""

    character = models.OneToOneField("characters.Character", primary_key=True, on_delete=models.CASCADE,
                                     related_name="charge")
    playbook = models.ForeignKey(Playbook, null=True, blank=True, on_delete=models.SET_NULL, related_name="sheets")
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
        "characters.Character", null=True, blank=True, on_delete=models.SET_NULL, related_name="offered_help",
        help_text=_("Its player offers to assist this character's next roll (1 momentum, \"Assist\")."))
    details = models.JSONField(default=dict, blank=True,
                               help_text=_("The hack's own details, by name (\"Changing the Details\")."))
    # "Hacking Conditions": what the campaign's conditions dials left on this sheet.
    deteriorating = models.JSONField(default=list, blank=True,
                                     help_text=_("The deteriorations the GM marked, by name, until cared for."))
    recovered_with = models.JSONField(default=dict, blank=True,
                                      help_text=_("Opportunity to recover → the number of the session it was last used in."))
    history = HistoricalRecords()

    objects = LockingQuerySet.as_manager()

    export_fields = ("playbook_id", "momentum", "stress", "taken_out", "money", "goal_dots", "scars", "compensations",
                     "better_risk_next", "escalated_action", "escalated_risk", "recovered_in_id", "lost_action",
                     "action_dots", "assisting_id", "details", "deteriorating", "recovered_with")
    """What the export's character object carries, for every character (another system's with the
    defaults), as it did while these were the character's own columns."""
    export_added = {"details": {}, "deteriorating": [], "recovered_with": {}}
    """Carried since the last release: left out of a row while empty, as older files have it."""
    text_fields = ("scars", "compensations")
    """The sheet's texts kept here (characters/sheets.py ``text_holder``)."""
    restorable = ("momentum", "stress", "taken_out", "action_dots", "better_risk_next", "escalated_action",
                  "escalated_risk", "lost_action", "scars", "compensations", "goal_dots", "money", "details",
                  "deteriorating")
    """What a restore of the character's version puts back, as it was then."""

    def __str__(self):
        return str(self.character)

    @property
    def warned_texts(self) -> tuple[str, ...]:
        """The sheet's texts shown as a warning: the condition of a character taken out."""
        return ("condition",) if self.taken_out else ()

    def escalated_for(self, action: str) -> Risk | None:
        """The risk rolls with ``action`` start at after an escalation, or None."""
        if action and action == self.escalated_action and self.escalated_risk:
            return Risk(self.escalated_risk)
        return None

    def may_assist(self, roller, membership) -> bool:
        """A helper's momentum is spent only with its player's agreement ("Assist": the helper
        consumes 1 momentum): the roller's player may name their own characters, a GM anyone,
        and another player's character once that player has offered."""
        return self.character.editable_by(membership) or self.assisting_id == roller.pk

    def take_stress(self, amount: int) -> bool:
        """Tick stress; return whether the clock filled. By default a full clock clears and the
        character is taken out for the scene ("Stress & Condition"). With the Scars Extra it is not
        cleared: a scar is added from the condition and the character is incapacitated, and an
        incapacitated character takes no more scars ("Scars Rule"). The condition it changes is the
        character's, saved here; the caller saves the sheet."""
        character = self.character
        rules = character.campaign.charge.rules
        size = rules.stress_clock_size
        if not rules.has(Extra.SCARS):
            result = take_stress(self.stress, amount, size)
            self.stress, self.taken_out = result.stress, self.taken_out or result.taken_out
            return result.taken_out
        result = take_stress_with_scars(self.stress, amount, size, self.taken_out)
        if result.new_scar:
            scar = character.condition or NEW_SCAR
            self.scars = read("\n".join(filter(None, [english(self.scars), english(scar)])))
            character.condition = INCAPACITATED
            character.save(update_fields=["condition"])
        self.stress, self.taken_out = result.stress, result.incapacitated
        return result.incapacitated

    @property
    def scar_list(self) -> list[str]:
        return [read(line) for line in english(self.scars).splitlines() if line.strip()]

    def talent_dots(self) -> dict[str, int]:
        """Action dots the talent line adds ("Talents": each dot slot is +1 action dot)."""
        dots: dict[str, int] = {}
        for talent in self.character.talents.all():
            if talent.kind == TalentKind.ACTION_DOT.value and talent.action:
                dots[talent.action] = dots.get(talent.action, 0) + 1
        return dots

    def ratings(self) -> dict[str, int]:
        """Each action's rating: its dots from creation and overrides, plus talent dots."""
        extra = self.talent_dots()
        return {name: self.action_dots.get(name, 0) + extra.get(name, 0)
                for name in self.character.campaign.charge.rules.action_names}

    def rating(self, action: str) -> int:
        return self.ratings().get(action, 0)

    def actions_by_attribute(self, dials: Dials):
        ratings = self.ratings()
        return [(attribute, [(name, ratings.get(name, 0)) for name in dials.actions_under(attribute)])
                for attribute in Attribute if dials.actions_under(attribute)]
