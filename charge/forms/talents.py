"""A slot of the talent line."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.templatetags.words import action as action_word
from gamerules.progression import TalentKind, slot_choices


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
