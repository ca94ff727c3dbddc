"""The action roll wizard's form: each step's fields, and the request or start it makes."""

from django import forms
from django.utils.functional import cached_property
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from charge import landed
from charge.actions.action_roll import ActionRollRequest, either
from charge.actions.on_its_way import RollStart
from charge.kinds import RollKind
from charge.models import ResourcePool, Spell
from charge.wording import risk_noun
from core.templatetags.words import action as action_word
from gamerules.action_roll import AssetBenefit, PushBenefit, flashback_costs
from gamerules.charge import Effect, Risk
from gamerules.dials import Extra
from gamerules.magic import SpellBenefit
from rolls.models import Roll

STEPS = {
    1: ("key", "character", "action", "goal", "spell", "setup", "flashback", "project"),
    2: ("risk", "effect", "flashback_cost", "threats", "party_details"),
    3: ("pushes", "helpers", "tension", "talents", "asset", "setup_from", "last_standing",
        "cap_lifted", "threat", "party_benefit", "burn", "disposition", "spell_help"),
}
LAST_STEP = 3


def with_momentum(character) -> str:
    """"Ash (3 momentum)": a character to choose, with the momentum they have."""
    return ngettext("%(name)s (%(momentum)s momentum)", "%(name)s (%(momentum)s momentum)",
                    character.charge.momentum) % {"name": character.name, "momentum": character.charge.momentum}


def flashback_prices(most: int) -> list[tuple[int, str]]:
    """The prices a GM sets a flashback at, each with what it is for ("Flashbacks")."""
    return [(cost, ngettext("%(cost)s momentum: %(text)s", "%(cost)s momentum: %(text)s", cost) % {
        "cost": cost, "text": text}) for cost, text in flashback_costs(most).items()]


def _level(label: str, meaning: str) -> str:
    """A risk or an effect level to choose, with what it means."""
    return gettext("%(level)s: %(meaning)s") % {"level": label, "meaning": meaning}


def _party_detail(detail) -> str:
    """A line of the party sheet to choose: its concept, whether it is the key one, its text."""
    if detail.key:
        return gettext("%(concept)s (key concept): %(text)s") % {"concept": detail.rules_concept.label, "text": detail.text}
    return gettext("%(concept)s: %(text)s") % {"concept": detail.rules_concept.label, "text": detail.text}


class ActionRollForm(forms.Form):
    """The action roll wizard's choices. Each step shows its own fields; the goal and action, and
    the GM's risk and effect, come from the roll on its way (PendingRoll)."""

    # The roll on its way's own key, which the roll is made with: app.js never renews it.
    key = forms.CharField(widget=forms.HiddenInput(attrs={"data-fixed": ""}), max_length=64)
    character = forms.TypedChoiceField(label=_("Character"), coerce=int)
    action = forms.ChoiceField(label=_("Action"))
    goal = forms.CharField(label=_("Goal"), max_length=300, required=False,
                           help_text=_("What the character wants, in a few words."))
    spell = forms.TypedChoiceField(label=_("Cast a spell"), required=False, coerce=int, empty_value=None,
                                   help_text=_("Roll one of the actions that cast it; its effect readies the spell."))
    # Free text under a list: a spell used up a moment ago is refused in words, not as a bad choice.
    spell_help = forms.RegexField(label=_("A readied spell helps this roll"), required=False, widget=forms.Select,
                                  regex=rf"^\d+:({'|'.join(b.value for b in SpellBenefit)})$",
                                  error_messages={"invalid": _("Choose a readied spell and what it gives.")},
                                  help_text=_("Its effect is used up by this roll."))
    setup = forms.BooleanField(label=_("A setup action: it helps a teammate who follows through"),
                               required=False)
    flashback = forms.BooleanField(label=_("A flashback: it happened back then"), required=False,
                                   help_text=_("The GM sets its price in momentum with the risk and the effect."))
    project = forms.TypedChoiceField(label=_("Work on a long-term project"), required=False, coerce=int,
                                     empty_value=None,
                                     help_text=_("Once per session; the roll's effect ticks the project."))
    risk = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, initial=int(Risk.MODERATE))
    effect = forms.TypedChoiceField(label=_("Effect"), coerce=int, widget=forms.RadioSelect, initial=int(Effect.STANDARD))
    flashback_cost = forms.TypedChoiceField(label=_("The flashback's price"), coerce=int, widget=forms.RadioSelect,
                                            required=False, empty_value=None)
    threats = forms.TypedMultipleChoiceField(
        label=_("Threats that apply to this roll"), required=False, coerce=int, widget=forms.CheckboxSelectMultiple,
        help_text=_("Their ratings are rolled as threat dice; each cancels an action die."))
    threat = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)
    party_details = forms.TypedMultipleChoiceField(
        label=_("Party details that bear on this roll"), required=False, coerce=int, widget=forms.CheckboxSelectMultiple,
        help_text=_("Positive: −1 consequence rating, or +1 effect; negative: +1 consequence rating. Conflicting ones cancel."))
    party_benefit = forms.ChoiceField(
        label=_("A positive party detail bears on it"), required=False, widget=forms.RadioSelect, initial="rating",
        choices=[("rating", _("−1 consequence rating (a better position)")), ("effect", _("+1 effect instead"))])
    burn = forms.TypedChoiceField(label=_("Burn the party's progress as momentum"), required=False, coerce=int,
                                  empty_value=0, help_text=_("One segment pays one momentum of this roll's costs."))
    disposition = forms.IntegerField(widget=forms.HiddenInput, required=False)
    pushes = forms.TypedMultipleChoiceField(
        label=_("Push yourself (2 momentum each)"), required=False, coerce=PushBenefit,
        widget=forms.CheckboxSelectMultiple, choices=[(p.value, p.label) for p in PushBenefit])
    helpers = forms.TypedMultipleChoiceField(
        label=_("Assist (the helper consumes 1 momentum)"), required=False, coerce=int,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Another player's character is listed once its player taps “Assist” for you."))
    tension = forms.CharField(label=_("Add tension: the consequence the GM offers"), max_length=300,
                              required=False, help_text=_("Accepting it adds +1d6."))
    talents = forms.TypedMultipleChoiceField(label=_("Talents whose situation applies"), required=False,
                                             coerce=int, widget=forms.CheckboxSelectMultiple)
    asset = forms.ChoiceField(label=_("Use an asset (it is spent)"), required=False)
    setup_from = forms.TypedChoiceField(label=_("Follow a teammate's setup"), required=False,
                                        coerce=int, empty_value=None)
    last_standing = forms.BooleanField(label=_("The last one standing: pushes cost 1"), required=False)
    cap_lifted = forms.BooleanField(label=_("Lift the cap of two bonus dice (GM)"), required=False)

    def __init__(self, *args, membership, step=1, asked=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.membership, self.step = membership, step
        campaign = membership.campaign
        self.rules, self.wording = campaign.charge.rules, campaign.charge.wording
        self.mine = list(campaign.characters.editable_by(membership).order_by("name").select_related("charge").prefetch_related("talents"))
        self.fields["character"].choices = [(c.pk, c.name) for c in self.mine]
        self.fields["action"].choices = [(name, action_word(name)) for name in self.rules.action_names]
        self.fields["flashback_cost"].choices = flashback_prices(self.rules.flashback_most)
        self.fields["risk"].choices = [(int(r), _level(r.label(self.wording), r.meaning(self.wording)))
                                       for r in Risk]
        self.fields["effect"].choices = [(int(e), _level(e.label, e.meaning)) for e in reversed(Effect)]
        self.fields["risk"].label = risk_noun(self.wording)
        self.character = self._chosen_character()
        if self.character:  # each action with the chosen character's rating
            ratings = self.character.charge.ratings()
            self.fields["action"].choices = [(name, f"{action_word(name)} ({ratings.get(name, 0)})")
                                             for name in self.rules.action_names]
        # Looked up only when shown (step 1) or chosen: the later steps stay as quick as before.
        self.fields["project"].choices = lambda: [("", gettext("No"))] + [(c.pk, c.name) for c in self.projects]
        if step == 1 and not self.projects and not self.is_bound:  # shown only with a project; checked always
            del self.fields["project"]
        # The other characters, loaded once: helpers, and whom to ask for help.
        self.others = list(campaign.characters.select_related("charge").exclude(pk=self.character.pk if self.character else None))
        self.fields["helpers"].choices = [(c.pk, with_momentum(c)) for c in self.others
                                          if self.character and c.charge.may_assist(self.character, membership)]
        if asked and self.is_bound and self.character:
            self._join_the_agreed(asked)
        # Bonuses, and the talents that roll another action's dots in place of this one.
        chosen_action = self.data.get("action") or self.initial.get("action") or ""
        talents = [t for t in (self.character.talents.all() if self.character else [])
                   if t.kind in ("die", "effect", "risk") or (t.kind == "swap" and t.instead_of == chosen_action)]
        self.fields["talents"].choices = [(t.pk, t.as_rule().describe(self.wording, action_word)) for t in talents]
        if self.rules.talent_cost:  # the campaign's hack prices each talent invoked
            self.fields["talents"].help_text = ngettext("Each costs %(n)s momentum.", "Each costs %(n)s momentum.",
                                                        self.rules.talent_cost) % {"n": self.rules.talent_cost}
        setups = Roll.objects.filter(campaign=campaign, kind=RollKind.SETUP,
                                     session__ended_at__isnull=True).select_related("character")
        self.fields["setup_from"].choices = [("", gettext("No setup"))] + [
            (r.pk, gettext("%(name)s: %(benefit)s") % {"name": r.character.name if r.character else gettext("A teammate"),
                                                       "benefit": landed.aftermath(r).setup_benefit.describe(self.wording)})
            for r in setups if landed.aftermath(r).setup_benefit
            and not (self.character and r.character_id == self.character.pk)]
        held = (list(self.character.assets.filter(spent_by__isnull=True))
                if self.character and self.rules.has(Extra.ASSET) else [])
        self.fields["asset"].choices = [("", gettext("No asset"))] + [
            (f"{asset.pk}:{benefit.value}", gettext("%(asset)s: %(benefit)s") % {"asset": asset.name, "benefit": label})
            for asset in held
            for benefit, label in ((AssetBenefit.DIE, gettext("+1d6")), (AssetBenefit.EFFECT, gettext("+1 effect")))]
        if not held:
            del self.fields["asset"]
        if not self.rules.has(Extra.SOLO):
            del self.fields["last_standing"]
        if not membership.is_gm:
            del self.fields["cap_lifted"]
        self._party_fields(campaign, membership)
        self._resource_fields(campaign)
        self._spell_fields(campaign)
        facing = (list(campaign.threats.facing(self.character.pk)) if self.character and membership.is_gm
                  and self.rules.has(Extra.THREAT_LEVEL) else [])
        self.fields["threats"].choices = [(t.pk, gettext("%(threat)s on %(target)s") % {"threat": t, "target": t.target})
                                          for t in facing]
        if not facing:
            del self.fields["threats"]

    def _resource_fields(self, campaign):
        """A choice for each resource the roller may spend for dice: the party's pool of a shared
        one, their own of a personal one (Resource Pool Extra)."""
        self.spendable = []
        if not (self.character and self.rules.has(Extra.RESOURCE_POOL)):
            return
        pools = {(p.resource_id, p.character_id): p.points
                 for p in ResourcePool.objects.filter(resource__campaign=campaign, points__gt=0)}
        for resource in campaign.resources.filter(spend="die"):
            held = pools.get((resource.pk, None if resource.shared else self.character.pk), 0)
            if held:
                name = f"resource-{resource.pk}"
                self.fields[name] = forms.TypedChoiceField(
                    label=gettext("Spend %(resource)s (+1d6 each, %(held)s held)") % {"resource": resource.name, "held": held},
                    required=False, coerce=int, empty_value=0,
                    choices=[(n, n) for n in range(min(held, resource.cap) + 1)])
                self.spendable.append(resource.pk)

    def _spell_fields(self, campaign):
        """The Magic extra's: the roller's spells to cast, and the readied spells that may help."""
        magic = self.rules.has(Extra.MAGIC) and self.character is not None
        spells = list(self.character.spells.all()) if magic else []
        self.fields["spell"].choices = [("", gettext("No spell"))] + [
            (spell.pk, gettext("%(spell)s (with %(actions)s)") % {"spell": spell.name, "actions": either(map(action_word, spell.actions))})
            for spell in spells]
        if not spells:
            del self.fields["spell"]
        readied = (Spell.objects.filter(character__campaign=campaign, charge__isnull=False).select_related("character")
                   if magic else [])
        self.fields["spell_help"].widget.choices = [("", gettext("No spell"))] + [
            (f"{spell.pk}:{benefit.value}",
             gettext("%(spell)s (%(character)s, %(level)s): %(benefit)s") % {
                 "spell": spell.name, "character": spell.character.name,
                 "level": str(spell.rules_charge.label).lower(), "benefit": benefit.label(self.wording)})
            for spell in readied for benefit in spell.benefits()]
        if not magic:
            del self.fields["spell_help"]

    @property
    def spells_readied(self) -> bool:
        return "spell_help" in self.fields and len(self.fields["spell_help"].widget.choices) > 1

    @property
    def resource_fields(self):
        return [self[f"resource-{pk}"] for pk in self.spendable]

    def _party_fields(self, campaign, membership):
        """The Party extra's: the details the GM says bear on the roll, and the progress to burn."""
        party = self.rules.has(Extra.PARTY)
        details = list(campaign.party_details.all()) if party and membership.is_gm else []
        self.fields["party_details"].choices = [(d.pk, _party_detail(d)) for d in details]
        if not details:
            del self.fields["party_details"]
        self.progress = campaign.clocks.filter(party=True, kind="progress", archived=False).first() if party else None
        filled = self.progress.filled if self.progress else 0
        self.fields["burn"].choices = [
            (n, ngettext("%(count)s segment", "%(count)s segments", n) % {"count": n} if n else gettext("None"))
            for n in range(filled + 1)]
        if not filled:
            del self.fields["burn"]

    @cached_property
    def projects(self) -> list:
        """The chosen character's long-term projects that this member may tick."""
        if self.character is None:
            return []
        return [clock for clock in self.character.clocks.filter(kind="project", archived=False)
                if clock.tickable_by(self.membership)]

    def _join_the_agreed(self, asked):
        """A helper the roller asked, who has agreed since, joins the roll unless the page the
        choices came from already showed them (and the roller left them unticked): whatever page
        the choices came from, one drawn before the ask or while waiting, the agreement counts.
        Read from the characters the choices are made of: an agreement between two reads would
        show the helper unticked, and once shown they would stay so."""
        shown, ticked = set(self.data.getlist("helpers_shown")), self.data.getlist("helpers")
        joining = [str(c.pk) for c in self.others if c.pk in asked and c.charge.assisting_id == self.character.pk
                   and str(c.pk) not in shown | set(ticked)]
        if joining:
            self.data = self.data.copy()
            self.data.setlist("helpers", [*ticked, *joining])

    def _chosen_character(self):
        chosen = str(self.data.get("character") or self.initial.get("character") or "")
        if not chosen:
            return self.mine[0] if self.mine else None
        return next((c for c in self.mine if str(c.pk) == chosen), None)

    @property
    def current_fields(self):
        return [self[name] for name in STEPS[self.step] if name in self.fields]

    def validate_up_to(self, step) -> bool:
        """Validate only the fields the player has reached."""
        later = {name for s, names in STEPS.items() if s > step for name in names}
        for name in later & set(self.fields):
            self.fields[name].required = False
        return self.is_valid()

    def to_start(self) -> RollStart:
        data = self.cleaned_data
        return RollStart(character_id=data["character"], action=data["action"], goal=data.get("goal", ""),
                         setup=bool(data.get("setup")), flashback=bool(data.get("flashback")),
                         project_id=data.get("project"), spell_id=data.get("spell"))

    def to_request(self) -> ActionRollRequest:
        data = self.cleaned_data
        return ActionRollRequest(
            character_id=data["character"], action=data["action"], goal=data.get("goal", ""),
            risk=Risk(data.get("risk") or Risk.MODERATE),
            effect=Effect(data["effect"] if data.get("effect") is not None else Effect.STANDARD),
            pushes=tuple(data.get("pushes") or ()), helper_ids=tuple(data.get("helpers") or ()),
            tension=data.get("tension", ""), talent_ids=tuple(data.get("talents") or ()),
            asset=AssetBenefit(data["asset"].partition(":")[2]) if data.get("asset") else None,
            asset_id=int(data["asset"].partition(":")[0]) if data.get("asset") else None,
            setup_from=data.get("setup_from"), last_standing=bool(data.get("last_standing")),
            cap_lifted=bool(data.get("cap_lifted")),
            flashback_cost=data.get("flashback_cost") or 0, is_setup=bool(data.get("setup")),
            project_id=data.get("project"), threat=data.get("threat") or 0,
            disposition_for_effect=data.get("party_benefit") == "effect", burned_progress=data.get("burn") or 0,
            disposition=data.get("disposition") or 0,
            resources=tuple((pk, data.get(f"resource-{pk}") or 0) for pk in self.spendable),
            spell_id=int(data["spell_help"].partition(":")[0]) if data.get("spell_help") else None,
            spell_benefit=SpellBenefit(data["spell_help"].partition(":")[2]) if data.get("spell_help") else None)
