"""The GM's milestone: what the group achieved; the count seen guards a double submit."""

from django import forms
from django.utils.translation import gettext_lazy as _


class MilestoneForm(forms.Form):
    note = forms.CharField(label=_("What the group achieved"), max_length=300, required=False)
    expected_count = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
