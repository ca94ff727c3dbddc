"""Stress cleared in downtime."""

from django import forms
from django.utils.translation import gettext_lazy as _

from gamerules.characters import recovery_range
from gamerules.readings import RECOVERY_DEFAULT


class RecoveryForm(forms.Form):
    amount = forms.TypedChoiceField(label=_("Stress cleared"), coerce=int, initial=RECOVERY_DEFAULT)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        quick = campaign.charge.quick
        self.fields["amount"].choices = [(n, n) for n in recovery_range(quick)]
