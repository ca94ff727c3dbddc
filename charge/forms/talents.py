"""A slot of the talent line."""

from dataclasses import replace

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import campaign_words
from core.templatetags.words import action as action_word
from gamerules.progression import Talent, TalentKind, own_kind_said, own_kinds_for, slot_choices

OWN = "own:"
"""A choice of the hack's own kind of talent is its name after this."""


class TalentForm(forms.Form):
    kind = forms.ChoiceField(label=_("Talent"))
    action = forms.ChoiceField(label=_("Action"), required=False)
    instead_of = forms.ChoiceField(label=_("Instead of"), required=False)
    situation = forms.CharField(label=_("When"), max_length=200, required=False,
                                help_text=_("The situation: “I Shoot monsters in the forest”."))

    def __init__(self, *args, slot_kind, action_names, wording, own_kinds=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.own_kinds = {kind.name: kind for kind in own_kinds_for(slot_kind, own_kinds)}
        self.fields["kind"].choices = [(k.value, k.label(wording)) for k in slot_choices(slot_kind)] + [
            (OWN + kind.name, own_kind_said(replace(kind, name=campaign_words.said(kind.name)), wording))
            for kind in self.own_kinds.values()]
        if about := [f"{campaign_words.said(kind.name)}: {kind.about}" for kind in self.own_kinds.values() if kind.about]:
            self.fields["kind"].help_text = " · ".join(about)
        actions = [("", gettext("Choose an action"))] + [(name, action_word(name)) for name in action_names]
        self.fields["action"].choices = actions
        self.fields["instead_of"].choices = actions
        if slot_kind is TalentKind.ACTION_DOT:
            del self.fields["instead_of"], self.fields["situation"]

    @staticmethod
    def initial_kind(talent) -> str:
        """The choice a written talent is: its kind, or the hack's own kind it was written as."""
        return OWN + talent.own if talent.own else talent.kind

    def talent(self) -> Talent:
        data = self.cleaned_data
        own = self.own_kinds.get(data["kind"].removeprefix(OWN)) if data["kind"].startswith(OWN) else None
        return Talent(TalentKind(own.gives if own else data["kind"]), data["action"], data.get("situation", ""),
                      data.get("instead_of", ""), own.name if own else "")
