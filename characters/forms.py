"""The forms every dice system's sheet shares: a new character, and one text field of its sheet."""

from django import forms
from django.utils.translation import gettext_lazy as _

from characters.models import Character


class NewCharacterForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    playbook = forms.ModelChoiceField(queryset=None, required=False, label=_("Playbook"),
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

    def __init__(self, *args, field, model=Character, **kwargs):
        """``model``: where the text is kept (``Character.text_holder``)."""
        super().__init__(*args, **kwargs)
        limit = model._meta.get_field(field).max_length
        long = field in ("appearance", "gm_notes", "scars", "compensations")
        self.fields["value"] = forms.CharField(
            label=self.LABELS[field], required=field == "name", max_length=limit, help_text=self.HELP.get(field, ""),
            widget=forms.Textarea(attrs={"rows": 4}) if long else forms.TextInput)
