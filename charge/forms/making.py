"""The walk through "Making a Compelling Campaign": the setting, a fact of the world, the group's
stance toward each world force, an entry of the GM's own in the force generator's tables."""

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.models import Stance
from charge.models import ForceIdea, Making, WorldFact


class SettingForm(forms.ModelForm):
    class Meta:
        model = Making
        fields = ["setting", "excites"]
        widgets = {"setting": forms.Textarea(attrs={"rows": 3}), "excites": forms.Textarea(attrs={"rows": 4})}


class FactForm(forms.ModelForm):
    class Meta:
        model = WorldFact
        fields = ["question", "answer"]
        widgets = {"answer": forms.Textarea(attrs={"rows": 2})}
        help_texts = {"question": _("If there is magic: who can do it? In space: are most planets terraformed?")}


class StanceForm(forms.Form):
    """How the group stands toward each world force: one choice a force."""

    def __init__(self, *args, forces, **kwargs):
        super().__init__(*args, **kwargs)
        self.forces = list(forces)
        for force in self.forces:
            self.fields[f"stance_{force.pk}"] = forms.ChoiceField(
                label=force.name, choices=Stance.choices, initial=force.stance)

    def stances(self) -> dict[int, str]:
        return {force.pk: self.cleaned_data[f"stance_{force.pk}"] for force in self.forces}


class ForceIdeaForm(forms.ModelForm):
    class Meta:
        model = ForceIdea
        fields = ["genre", "part", "text"]
