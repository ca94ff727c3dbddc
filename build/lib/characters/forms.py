from django import forms
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from characters.models import Character, Playbook, slot_kind
from core.templatetags.words import action as action_word
from gamerules.characters import recovery_range
from gamerules.charge import Risk, RiskWording
from gamerules.dials import Ruleset, action_typed
from gamerules.magic import BENEFITS, MOMENTUM_COST_MOST, STRESS_COST_MOST, CastingLimit, SpellLevel
from gamerules.progression import TalentKind, slot_choices
from gamerules.readings import RECOVERY_DEFAULT


class NewCharacterForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    playbook = forms.ModelChoiceField(queryset=Playbook.objects.none(), required=False, label=_("Playbook"),
                                      empty_label=_("No playbook: start from a blank sheet"))

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["playbook"].queryset = campaign.playbooks.all()
        if not campaign.playbooks.exists():
            del self.fields["playbook"]


class TextFieldForm(forms.Form):
    """One text field of the sheet, with the value the editor started from."""

    seen = forms.CharField(required=False, widget=forms.HiddenInput, max_length=20_000)

    LABELS = {"name": _("Name"), "concept": _("Concept"), "appearance": _("Appearance"), "condition": _("Condition"),
              "scars": _("Scars"), "compensations": _("Compensations"), "gm_notes": _("GM notes")}
    HELP = {"scars": _("One a line, each with its story: what the stress clock, or the past, left behind."),
            "compensations": _("One a line: a clockwork hand, a skin graft, therapy... It lessens a scar, "
                               "it does not remove it.")}

    def __init__(self, *args, field, **kwargs):
        super().__init__(*args, **kwargs)
        limit = Character._meta.get_field(field).max_length
        long = field in ("appearance", "gm_notes", "scars", "compensations")
        self.fields["value"] = forms.CharField(
            label=self.LABELS[field], required=field == "name", max_length=limit, help_text=self.HELP.get(field, ""),
            widget=forms.Textarea(attrs={"rows": 4}) if long else forms.TextInput)


class TieForm(forms.Form):
    text = forms.CharField(label=_("New tie: who, and how"), max_length=300)
    link = forms.ChoiceField(label=_("Links to"), required=False)

    def __init__(self, *args, character, membership, **kwargs):
        super().__init__(*args, **kwargs)
        campaign = character.campaign
        others = campaign.characters.exclude(pk=character.pk)
        forces = campaign.forces.visible_to(membership)
        self.fields["link"].choices = [("", gettext("Nobody in particular"))] + [
            (f"character-{c.pk}", c.name) for c in others] + [
            (f"force-{f.pk}", gettext("%(name)s (force)") % {"name": f.name}) for f in forces]
        self.linked = {f"character-{c.pk}": ("character", c) for c in others} | {
            f"force-{f.pk}": ("force", f) for f in forces}

    def links(self):
        kind, target = self.linked.get(self.cleaned_data["link"], (None, None))
        return {"linked_character": target if kind == "character" else None,
                "linked_force": target if kind == "force" else None}


class TalentForm(forms.Form):
    kind = forms.ChoiceField(label=_("Talent"))
    action = forms.ChoiceField(label=_("Action"), required=False)
    instead_of = forms.ChoiceField(label=_("Instead of"), required=False)
    situation = forms.CharField(label=_("When"), max_length=200, required=False,
                                help_text=_("The situation: “I Shoot monsters in the forest”."))

    def __init__(self, *args, slot_kind, action_names, wording, **kwargs):
        super().__init__(*args, **kwargs)
        kinds = slot_choices(slot_kind)
        self.fields["kind"].choices = [(k.value, k.label(wording)) for k in kinds]
        actions = [("", gettext("Choose an action"))] + [(name, action_word(name)) for name in action_names]
        self.fields["action"].choices = actions
        self.fields["instead_of"].choices = actions
        if slot_kind is TalentKind.ACTION_DOT:
            del self.fields["instead_of"], self.fields["situation"]


class ProjectForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    kind = forms.ChoiceField(label=_("Kind"), choices=[("project", _("Long-term project")),
                                                       ("complication", _("Complication"))])
    size = forms.TypedChoiceField(label=_("Segments"), coerce=int)
    notes = forms.CharField(label=_("Notes"), required=False, max_length=2000,
                            widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, campaign, gm, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["size"].choices = [(size, size) for size in campaign.rules.clock_sizes]
        if not gm:  # complications come from the GM's consequences
            self.fields["kind"].choices = self.fields["kind"].choices[:1]


class PlaybookForm(forms.ModelForm):
    ties = forms.CharField(label=_("Suggested ties (one per line)"), required=False,
                           widget=forms.Textarea(attrs={"rows": 3}))
    dots = forms.CharField(label=_("Pre-assigned action dots"),
                           help_text=_("Three dots, e.g. “Shoot 2, Notice 1”."))

    talent_lines = forms.CharField(
        label=_("Pre-filled situational talents (one per line)"), required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Slot, action and situation, e.g. “2: Shoot monsters in the forest”. "
                    "Situational slots are 2, 4, 6, 8, 10 and 12."))

    class Meta:
        model = Playbook
        fields = ["name"]
        labels = {"name": _("Name")}

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        if self.instance.pk:
            self.initial["ties"] = "\n".join(self.instance.suggested_ties)
            self.initial["dots"] = ", ".join(f"{action_word(a)} {d}" for a, d in self.instance.action_dots.items())
            self.initial["talent_lines"] = "\n".join(
                f"{slot}: {action_word(t['action'])} {t['situation']}" for slot, t in self.instance.talents.items())

    def clean_talent_lines(self):
        names = self.campaign.rules.action_names
        talents = {}
        for line in filter(None, (line.strip() for line in self.cleaned_data["talent_lines"].splitlines())):
            slot, _colon, rest = line.partition(":")
            action, _space, situation = rest.strip().partition(" ")
            action = action_typed(action)
            if not slot.strip().isdigit() or not 1 <= int(slot) <= 13 or action not in names or not situation:
                raise forms.ValidationError(gettext(
                    "“%(line)s”: write a slot, an action and a situation, "
                    "e.g. 2: Shoot monsters in the forest.") % {"line": line})
            if not slot_kind(int(slot)).is_situational:
                raise forms.ValidationError(gettext(
                    "Slot %(slot)s gives an action dot, not a situational talent.") % {"slot": int(slot)})
            talents[str(int(slot))] = {"action": action, "situation": situation.strip()}
        return talents

    def clean_dots(self):
        rules = self.campaign.rules
        dots = {}
        for part in filter(None, (p.strip() for p in self.cleaned_data["dots"].split(","))):
            name, _space, count = part.rpartition(" ")
            name = action_typed(name)
            if name not in rules.action_names or not count.isdigit():
                raise forms.ValidationError(gettext(
                    "“%(part)s”: write an action and a number, e.g. %(action)s 2.")
                    % {"part": part, "action": action_word(rules.action_names[0])})
            dots[name] = dots.get(name, 0) + int(count)
        if sum(dots.values()) != 3:
            raise forms.ValidationError(gettext("A playbook pre-assigns 3 action dots."))
        if any(count > rules.creation_cap for count in dots.values()):
            raise forms.ValidationError(ngettext(
                "At creation an action has at most %(cap)s dot.", "At creation an action has at most %(cap)s dots.",
                rules.creation_cap) % {"cap": rules.creation_cap})
        return dots

    def save(self, commit=True):
        self.instance.campaign = self.campaign
        self.instance.suggested_ties = [t.strip() for t in self.cleaned_data["ties"].splitlines() if t.strip()]
        self.instance.action_dots = self.cleaned_data["dots"]
        self.instance.talents = self.cleaned_data["talent_lines"]
        return super().save(commit)


class RecoveryForm(forms.Form):
    amount = forms.TypedChoiceField(label=_("Stress cleared"), coerce=int, initial=RECOVERY_DEFAULT)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        quick = campaign.ruleset == Ruleset.QUICK_CHARGE.value
        self.fields["amount"].choices = [(n, n) for n in recovery_range(quick)]


class SpellForm(forms.Form):
    """A spell as the table designs it ("The Magic Dial", "The Cost of Magic", "The Effect(s) of
    Magic"): the costs the GM and player agree on, each optional."""

    name = forms.CharField(label=_("Name of the spell"), max_length=80)
    actions = forms.MultipleChoiceField(label=_("Cast with"), widget=forms.CheckboxSelectMultiple,
                                        help_text=_("One or more actions: a ritual may Focus, a dance Finesse."))
    level = forms.TypedChoiceField(label=_("Its effect"), coerce=int, initial=int(SpellLevel.NORMAL),
                                   help_text=_("The effect a casting roll starts at; the roll's effect readies it."))
    momentum_cost = forms.TypedChoiceField(label=_("Momentum to cast it"), coerce=int, initial=0,
                                           choices=[(n, n) for n in range(MOMENTUM_COST_MOST + 1)])
    stress_cost = forms.TypedChoiceField(label=_("Stress taken on casting"), coerce=int, initial=0,
                                         choices=[(n, n) for n in range(STRESS_COST_MOST + 1)])
    risk = forms.TypedChoiceField(label=_("Starting risk"), coerce=int, required=False, empty_value=None)
    limit = forms.ChoiceField(label=_("Casting limit"), required=False,
                              choices=[(lim.value, lim.label) for lim in CastingLimit])
    ritual = forms.TypedChoiceField(label=_("Time: a clock to fill"), coerce=int, initial=0, required=False,
                                    empty_value=0)
    danger = forms.TypedChoiceField(label=_("Danger: a clock each consequence ticks"), coerce=int, initial=0,
                                    required=False, empty_value=0)
    notes = forms.CharField(label=_("Materials, prerequisites, drawbacks"), max_length=300, required=False)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, auto_id="spell_%s", **kwargs)  # ids of their own on a sheet of many forms
        rules, wording = campaign.rules, campaign.wording
        self.fields["actions"].choices = [(name, action_word(name)) for name in rules.action_names]
        self.fields["risk"].label = (gettext("Starting position") if wording is RiskWording.POSITION
                                     else gettext("Starting risk"))
        self.fields["risk"].choices = [("", gettext("As the GM says"))] + [(int(r), r.label(wording)) for r in Risk]
        sizes = [(0, pgettext("no clock", "None"))] + [
            (size, ngettext("%(size)s segment", "%(size)s segments", size) % {"size": size})
            for size in rules.clock_sizes]
        self.fields["ritual"].choices = self.fields["danger"].choices = sizes
        for field in self.fields.values():
            if isinstance(field.widget, forms.Select):
                field.widget.attrs["class"] = "form-select form-select-sm"
            elif isinstance(field.widget, forms.TextInput):
                field.widget.attrs["class"] = "form-control form-control-sm"
        or_word = pgettext("between alternatives", "or")
        alternatives = f" {or_word} "
        self.fields["level"].choices = [
            (int(level), gettext("%(level)s: %(benefits)s") % {
                "level": level.label, "benefits": alternatives.join(str(b.label(wording)) for b in BENEFITS[level])})
            for level in SpellLevel if level is not SpellLevel.BEYOND_GREAT]
