"""A new tie, and what it links to."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


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
