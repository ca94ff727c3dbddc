"""A new project, or a complication (the GM's)."""

from django import forms
from django.utils.translation import gettext_lazy as _


class ProjectForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    kind = forms.ChoiceField(label=_("Kind"), choices=[("project", _("Long-term project")),
                                                       ("complication", _("Complication"))])
    size = forms.TypedChoiceField(label=_("Segments"), coerce=int)
    notes = forms.CharField(label=_("Notes"), required=False, max_length=2000,
                            widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, campaign, gm, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["size"].choices = [(size, size) for size in campaign.charge.rules.clock_sizes]
        if not gm:  # complications come from the GM's consequences
            self.fields["kind"].choices = self.fields["kind"].choices[:1]
