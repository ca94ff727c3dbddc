"""A playbook, as the GM writes it."""

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from charge.models import Playbook, slot_kind
from core.templatetags.words import action as action_word
from gamerules.dials import action_typed


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
        names = self.campaign.charge.rules.action_names
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
        rules = self.campaign.charge.rules
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
