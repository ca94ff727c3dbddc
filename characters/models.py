"""Character sheets: details, ties, actions, momentum, stress and condition, the talent line,
and playbooks ("Creating your Character", "Progression", "Making Playbooks")."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from campaign.models import Membership
from core.models import LockingQuerySet
from gamerules.attachments import worn_out
from gamerules.characters import take_stress
from gamerules.charge import Risk
from gamerules.dials import Attribute, Dials, Extra
from gamerules.goals import GOAL_CLOCK_SEGMENTS, Difficulty, resolve_pool
from gamerules.magic import BENEFITS, CastingLimit, Casts, SpellLevel, casting_errors
from gamerules.progression import TALENT_LINE, TalentKind
from gamerules.progression import Talent as RulesTalent
from gamerules.scars import take_stress_with_scars

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
    playbook = models.ForeignKey(Playbook, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="characters")
    name = models.CharField(max_length=80)
    concept = models.CharField(max_length=200, blank=True)
    appearance = models.TextField(blank=True, max_length=2000)
    condition = models.CharField(max_length=200, blank=True)
    momentum = models.PositiveSmallIntegerField(default=2)
    stress = models.PositiveSmallIntegerField(default=0)
    taken_out = models.BooleanField(default=False, help_text=_("Out for the scene; incapacitated under Scars."))
    money = models.PositiveSmallIntegerField(default=0, help_text=_("On the ten-point scale (Economy Extra)."))
    goal_dots = models.PositiveSmallIntegerField(
        default=0, help_text=_("Talent dots from finished goals, still to place (Goals Extra)."))
    scars = models.TextField(_("Scars"), blank=True, max_length=2000,
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
        """The sheet's text parts this member sees and, on their own sheet, edits: the details,
        those the dice system adds, and GM notes for a GM only."""
        site = self.campaign.site
        fields = ["condition", "concept", "appearance", *(site.sheet_texts(self) if site.sheet_texts else ())]
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
            scar = self.condition or gettext("A new scar: say what stays behind")
            self.scars = "\n".join(filter(None, [self.scars, scar]))
            self.condition = gettext("Incapacitated")
        self.stress, self.taken_out = result.stress, result.incapacitated
        return result.incapacitated

    @property
    def scar_list(self) -> list[str]:
        return [line for line in self.scars.splitlines() if line.strip()]

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


class Tie(models.Model):
    """Who the character is linked to, and how ("Ties"); it may name a character or a force."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="ties")
    text = models.CharField(max_length=300)
    linked_character = models.ForeignKey(Character, null=True, blank=True,
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

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="talents")
    slot = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=TALENT_KIND_CHOICES)
    action = models.CharField(max_length=30, blank=True)
    instead_of = models.CharField(max_length=30, blank=True)
    situation = models.CharField(max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["slot"]
        constraints = [models.UniqueConstraint(fields=["character", "slot"], name="one_talent_a_slot")]

    def __str__(self):
        return self.as_rule().describe()

    def as_rule(self) -> RulesTalent:
        return RulesTalent(TalentKind(self.kind), self.action, self.situation, self.instead_of)


def slot_kind(slot: int) -> TalentKind:
    """What a slot of the sheet gives: slot 0 is the starting talent "+1 effect when ___"."""
    return TalentKind.EXTRA_EFFECT if slot == Talent.STARTING_SLOT else TALENT_LINE[slot - 1]



class AssetSource(models.TextChoices):
    LOOT = "loot", _("Loot")
    BOON = "boon", _("The GM's boon")


class Asset(models.Model):
    """Something a character holds that gives +1d6 or increased effect to one action roll, as
    an alternative to pushing or adding tension, and is spent by it ("Asset Extra")."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="assets")
    name = models.CharField(max_length=80)
    source = models.CharField(max_length=10, choices=AssetSource.choices, default=AssetSource.BOON)
    created_at = models.DateTimeField(auto_now_add=True)
    spent_by = models.ForeignKey("rolls.Roll", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+", help_text=_("The roll that used it up."))

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return self.name


class Attachment(models.Model):
    """A detail that matters more: breaking it cancels an incoming consequence outright; broken,
    it cannot be used until its repair project is done ("Attachment Extra")."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="attachments")
    name = models.CharField(max_length=120)
    broken = models.BooleanField(default=False)
    repair = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+", help_text=_("The project that repairs or reacquires it."))
    wear = models.PositiveSmallIntegerField(
        default=0, help_text=_("Its condition clock, filled by use and damage (\"Attachment Condition\")."))
    wear_size = models.PositiveSmallIntegerField(default=4)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return self.name

    @property
    def repaired(self) -> bool:
        """Its repair project is complete ("Recovering an Attachment")."""
        return self.repair is not None and self.repair.filled >= self.repair.size

    @property
    def worn_out(self) -> bool:
        return worn_out(self.wear, self.wear_size)

    @property
    def usable(self) -> bool:
        """Not broken (or repaired), and its condition clock not full. A campaign without the
        condition dial never fills that clock."""
        return (not self.broken or self.repaired) and not self.worn_out


class Goal(models.Model):
    """Something the character wants to accomplish, with a difficulty and a clock of 8 segments;
    progress ticks it by the difficulty, and a full clock gives talent dots ("Goals Extra")."""

    DIFFICULTIES = [(Difficulty.EASY.value, _("Easy")), (Difficulty.MEDIUM.value, _("Medium")),
                    (Difficulty.HARD.value, _("Hard"))]

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="goals")
    name = models.CharField(max_length=200)
    difficulty = models.CharField(max_length=10, choices=DIFFICULTIES, default=Difficulty.MEDIUM.value)
    size = models.PositiveSmallIntegerField(default=GOAL_CLOCK_SEGMENTS)
    filled = models.PositiveSmallIntegerField(default=0)
    due = models.PositiveSmallIntegerField(
        default=0, help_text=_("Progress the GM granted, still to roll (\"Dial: Rolling to Advance\")."))
    ended = models.CharField(max_length=10, choices=[("", _("Under way")), ("done", _("Complete")), ("lost", _("Lost"))],
                             blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return self.name

    @property
    def rules_difficulty(self) -> Difficulty:
        return Difficulty(self.difficulty)

    @property
    def complete(self) -> bool:
        return self.ended == "done"

    @property
    def under_way(self) -> bool:
        return not self.ended

    @property
    def resolve_pool(self) -> int | None:
        """The dice rolling to resolve it now would roll, or None: too soon ("Dial: Rolling to Resolve")."""
        return resolve_pool(self.filled, self.size)


class Spell(models.Model):
    """A spell on a sheet ("Magic Extra"): the actions that cast it, what it costs, and its
    effect, which a casting roll readies to help one roll."""

    LEVELS = [(int(level), level.label) for level in SpellLevel if level is not SpellLevel.BEYOND_GREAT]
    LIMITS = [(limit.value, limit.label) for limit in CastingLimit]

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="spells")
    name = models.CharField(max_length=80)
    actions = models.JSONField(default=list, help_text=_("The actions that cast it (\"The Magic Dial\")."))
    level = models.PositiveSmallIntegerField(
        choices=LEVELS, default=int(SpellLevel.NORMAL),
        help_text=_("Its effect: the effect the GM starts a casting roll at."))
    momentum_cost = models.PositiveSmallIntegerField(default=0)
    stress_cost = models.PositiveSmallIntegerField(default=0, help_text=_("A drawback: stress taken on casting."))
    risk = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text=_("Risk: the risk a casting roll starts at."))
    limit = models.CharField(max_length=10, choices=LIMITS, blank=True, default="")
    ritual = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                               help_text=_("Time: a clock the casting rolls fill before the spell takes effect."))
    danger = models.ForeignKey("clocks.Clock", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                               help_text=_("Danger: a complication clock each consequence of a casting ticks."))
    notes = models.CharField(max_length=300, blank=True,
                             help_text=_("Materials, prerequisites, drawbacks, long-term effects: the table keeps them."))
    charge = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The effect a casting readied, until it helps a roll."))
    times_cast = models.PositiveIntegerField(default=0)
    cast_day = models.PositiveIntegerField(null=True, blank=True)
    cast_session = models.ForeignKey("campaign.GameSession", null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return self.name

    @property
    def rules_level(self) -> SpellLevel:
        return SpellLevel(self.level)

    @property
    def rules_charge(self) -> SpellLevel | None:
        return SpellLevel(self.charge) if self.charge else None

    @property
    def rules_limit(self) -> CastingLimit:
        return CastingLimit(self.limit)

    @property
    def rules_risk(self) -> Risk | None:
        return Risk(self.risk) if self.risk else None

    def casting_errors(self, day: int, session_id: int | None) -> list[str]:
        """Why it cannot be cast on the story's ``day`` in the session running (None: none is):
        its casting limit is used up."""
        casts = Casts(self.times_cast, self.cast_day, self.cast_session_id)
        return casting_errors(self.rules_limit, casts, day, session_id)

    def benefits(self):
        """What its readied effect may give a roll, or nothing while it is not readied."""
        return BENEFITS[self.rules_charge] if self.charge else ()
