from django import forms

from characters.models import Character, Playbook, slot_kind
from gamerules.characters import recovery_range
from gamerules.charge import Risk
from gamerules.dials import Ruleset
from gamerules.magic import BENEFITS, MOMENTUM_COST_MOST, STRESS_COST_MOST, CastingLimit, SpellLevel
from gamerules.progression import TalentKind, slot_choices
from gamerules.readings import RECOVERY_DEFAULT


class NewCharacterForm(forms.Form):
    name = forms.CharField(max_length=80)
    playbook = forms.ModelChoiceField(queryset=Playbook.objects.none(), required=False,
                                      empty_label="No playbook: start from a blank sheet")

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["playbook"].queryset = campaign.playbooks.all()
        if not campaign.playbooks.exists():
            del self.fields["playbook"]


class TextFieldForm(forms.Form):
    """One text field of the sheet, with the value the editor started from."""

    seen = forms.CharField(required=False, widget=forms.HiddenInput, max_length=20_000)

    LABELS = {"name": "Name", "concept": "Concept", "appearance": "Appearance", "condition": "Condition",
              "scars": "Scars", "compensations": "Compensations", "gm_notes": "GM notes"}
    HELP = {"scars": "One a line, each with its story: what the stress clock, or the past, left behind.",
            "compensations": "One a line: a clockwork hand, a skin graft, therapy... It lessens a scar, "
                             "it does not remove it."}

    def __init__(self, *args, field, **kwargs):
        super().__init__(*args, **kwargs)
        limit = Character._meta.get_field(field).max_length
        long = field in ("appearance", "gm_notes", "scars", "compensations")
        self.fields["value"] = forms.CharField(
            label=self.LABELS[field], required=field == "name", max_length=limit, help_text=self.HELP.get(field, ""),
            widget=forms.Textarea(attrs={"rows": 4}) if long else forms.TextInput)


class TieForm(forms.Form):
    text = forms.CharField(label="New tie: who, and how", max_length=300)
    link = forms.ChoiceField(label="Links to", required=False)

    def __init__(self, *args, character, membership, **kwargs):
        super().__init__(*args, **kwargs)
        campaign = character.campaign
        others = campaign.characters.exclude(pk=character.pk)
        forces = campaign.forces.visible_to(membership)
        self.fields["link"].choices = [("", "Nobody in particular")] + [
            (f"character-{c.pk}", c.name) for c in others] + [
            (f"force-{f.pk}", f"{f.name} (force)") for f in forces]
        self.linked = {f"character-{c.pk}": ("character", c) for c in others} | {
            f"force-{f.pk}": ("force", f) for f in forces}

    def links(self):
        kind, target = self.linked.get(self.cleaned_data["link"], (None, None))
        return {"linked_character": target if kind == "character" else None,
                "linked_force": target if kind == "force" else None}


class TalentForm(forms.Form):
    kind = forms.ChoiceField(label="Talent")
    action = forms.ChoiceField(label="Action", required=False)
    instead_of = forms.ChoiceField(label="Instead of", required=False)
    situation = forms.CharField(label="When", max_length=200, required=False,
                                help_text="The situation: \u201cI Shoot monsters in the forest\u201d.")

    def __init__(self, *args, slot_kind, action_names, wording, **kwargs):
        super().__init__(*args, **kwargs)
        kinds = slot_choices(slot_kind)
        self.fields["kind"].choices = [(k.value, k.label(wording)) for k in kinds]
        actions = [("", "Choose an action")] + [(name, name) for name in action_names]
        self.fields["action"].choices = actions
        self.fields["instead_of"].choices = actions
        if slot_kind is TalentKind.ACTION_DOT:
            del self.fields["instead_of"], self.fields["situation"]


class ProjectForm(forms.Form):
    name = forms.CharField(max_length=120)
    kind = forms.ChoiceField(choices=[("project", "Long-term project"), ("complication", "Complication")])
    size = forms.TypedChoiceField(label="Segments", coerce=int)
    notes = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, campaign, gm, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["size"].choices = [(size, size) for size in campaign.rules.clock_sizes]
        if not gm:  # complications come from the GM's consequences
            self.fields["kind"].choices = self.fields["kind"].choices[:1]


class PlaybookForm(forms.ModelForm):
    ties = forms.CharField(label="Suggested ties (one per line)", required=False,
                           widget=forms.Textarea(attrs={"rows": 3}))
    dots = forms.CharField(label="Pre-assigned action dots",
                           help_text="Three dots, e.g. \u201cShoot 2, Notice 1\u201d.")

    talent_lines = forms.CharField(
        label="Pre-filled situational talents (one per line)", required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Slot, action and situation, e.g. \u201c2: Shoot monsters in the forest\u201d. "
                  "Situational slots are 2, 4, 6, 8, 10 and 12.")

    class Meta:
        model = Playbook
        fields = ["name"]

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        if self.instance.pk:
            self.initial["ties"] = "\n".join(self.instance.suggested_ties)
            self.initial["dots"] = ", ".join(f"{a} {d}" for a, d in self.instance.action_dots.items())
            self.initial["talent_lines"] = "\n".join(
                f"{slot}: {t['action']} {t['situation']}" for slot, t in self.instance.talents.items())

    def clean_talent_lines(self):
        names = self.campaign.rules.action_names
        talents = {}
        for line in filter(None, (line.strip() for line in self.cleaned_data["talent_lines"].splitlines())):
            slot, _, rest = line.partition(":")
            action, _, situation = rest.strip().partition(" ")
            if not slot.strip().isdigit() or not 1 <= int(slot) <= 13 or action not in names or not situation:
                raise forms.ValidationError(f"\u201c{line}\u201d: write a slot, an action and a "
                                            "situation, e.g. 2: Shoot monsters in the forest.")
            if not slot_kind(int(slot)).is_situational:
                raise forms.ValidationError(f"Slot {int(slot)} gives an action dot, not a situational talent.")
            talents[str(int(slot))] = {"action": action, "situation": situation.strip()}
        return talents

    def clean_dots(self):
        rules = self.campaign.rules
        dots = {}
        for part in filter(None, (p.strip() for p in self.cleaned_data["dots"].split(","))):
            name, _, count = part.rpartition(" ")
            if name not in rules.action_names or not count.isdigit():
                raise forms.ValidationError(f"\u201c{part}\u201d: write an action and a number, "
                                            f"e.g. {rules.action_names[0]} 2.")
            dots[name] = dots.get(name, 0) + int(count)
        if sum(dots.values()) != 3:
            raise forms.ValidationError("A playbook pre-assigns 3 action dots.")
        if any(count > rules.creation_cap for count in dots.values()):
            raise forms.ValidationError(f"At creation an action has at most {rules.creation_cap} dots.")
        return dots

    def save(self, commit=True):
        self.instance.campaign = self.campaign
        self.instance.suggested_ties = [t.strip() for t in self.cleaned_data["ties"].splitlines() if t.strip()]
        self.instance.action_dots = self.cleaned_data["dots"]
        self.instance.talents = self.cleaned_data["talent_lines"]
        return super().save(commit)


class RecoveryForm(forms.Form):
    amount = forms.TypedChoiceField(label="Stress cleared", coerce=int, initial=RECOVERY_DEFAULT)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        quick = campaign.ruleset == Ruleset.QUICK_CHARGE.value
        self.fields["amount"].choices = [(n, n) for n in recovery_range(quick)]


class SpellForm(forms.Form):
    """A spell as the table designs it ("The Magic Dial", "The Cost of Magic", "The Effect(s) of
    Magic"): the costs the GM and player agree on, each optional."""

    name = forms.CharField(label="Name of the spell", max_length=80)
    actions = forms.MultipleChoiceField(label="Cast with", widget=forms.CheckboxSelectMultiple,
                                        help_text="One or more actions: a ritual may Focus, a dance Finesse.")
    level = forms.TypedChoiceField(label="Its effect", coerce=int, initial=int(SpellLevel.NORMAL),
                                   help_text="The effect a casting roll starts at; the roll's effect readies it.")
    momentum_cost = forms.TypedChoiceField(label="Momentum to cast it", coerce=int, initial=0,
                                           choices=[(n, n) for n in range(MOMENTUM_COST_MOST + 1)])
    stress_cost = forms.TypedChoiceField(label="Stress taken on casting", coerce=int, initial=0,
                                         choices=[(n, n) for n in range(STRESS_COST_MOST + 1)])
    risk = forms.TypedChoiceField(label="Starting risk", coerce=int, required=False, empty_value=None)
    limit = forms.ChoiceField(label="Casting limit", required=False, choices=[(lim.value, lim.label) for lim in CastingLimit])
    ritual = forms.TypedChoiceField(label="Time: a clock to fill", coerce=int, initial=0, required=False, empty_value=0)
    danger = forms.TypedChoiceField(label="Danger: a clock each consequence ticks", coerce=int, initial=0,
                                    required=False, empty_value=0)
    notes = forms.CharField(label="Materials, prerequisites, drawbacks", max_length=300, required=False)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, auto_id="spell_%s", **kwargs)  # ids of their own on a sheet of many forms
        rules, wording = campaign.rules, campaign.wording
        self.fields["actions"].choices = [(name, name) for name in rules.action_names]
        self.fields["risk"].label = f"Starting {wording.value}"
        self.fields["risk"].choices = [("", "As the GM says")] + [(int(r), r.label(wording)) for r in Risk]
        sizes = [(0, "None")] + [(size, f"{size} segments") for size in rules.clock_sizes]
        self.fields["ritual"].choices = self.fields["danger"].choices = sizes
        for field in self.fields.values():
            if isinstance(field.widget, forms.Select):
                field.widget.attrs["class"] = "form-select form-select-sm"
            elif isinstance(field.widget, forms.TextInput):
                field.widget.attrs["class"] = "form-control form-control-sm"
        self.fields["level"].choices = [
            (int(level), f"{level.label}: {' or '.join(b.label(wording) for b in BENEFITS[level])}")
            for level in SpellLevel if level is not SpellLevel.BEYOND_GREAT]
