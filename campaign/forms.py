from datetime import timedelta

from django import forms
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaign.actions import set_setup
from campaign.models import Campaign, GameSession, Invitation, WorldForce
from core.systems import playable, registered, setup_name


class CampaignForm(forms.ModelForm):
    # Not said: the campaign keeps its system (the first registered when new).
    system = forms.ChoiceField(label=_("Dice system"), required=False, help_text=_(
        "How the dice are read, and what a character sheet holds. It can change only while the campaign has no rolls."))

    class Meta:
        model = Campaign
        fields = ["name", "pitch", "system", "table_language"]
        widgets = {"pitch": forms.Textarea(attrs={"rows": 4})}
        labels = {"name": _("Name")}
        help_texts = {
            "pitch": _("What the campaign is about and where it happens. Every member reads this."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Only the systems the site plays end to end are offered (core/systems.py).
        self.fields["system"].choices = [(system.value, system.label) for system in playable()]
        # How the campaign plays each system (its ``setup``), whichever is chosen: left as it is when not said.
        self.setups = {site.system.value: site.setup for site in registered() if site.setup}
        for setup in self.setups.values():
            played = getattr(self.instance, setup_name(setup), None)
            for name in setup.form_fields:
                self.fields[name] = setup._meta.get_field(name).formfield(required=False)
                self.initial.setdefault(name, getattr(played, name, self.fields[name].initial))
        self.order_fields(["name", "pitch", "system", *(name for setup in self.setups.values()
                                                         for name in setup.form_fields)])
        self.fields["table_language"].choices = [("", gettext("Each viewer's own")), *settings.LANGUAGES]
        campaign = self.instance
        if campaign.pk and campaign.rolls.exists():
            self.fields["system"].disabled = True
            self.fields["system"].help_text = gettext("This campaign has rolled: its dice system stays as it is.")

    def clean_system(self):
        campaign = self.instance
        system = self.cleaned_data["system"] or campaign.system
        if campaign.pk and system != campaign.system and campaign.rolls.exists():
            raise forms.ValidationError(gettext("The dice system can change only while the campaign has no rolls; "
                                                "this one has rolled already."))
        return system

    def setup_said(self) -> dict:
        """What the form says of how the campaign plays its chosen system: the fields said."""
        setup = self.setups.get(self.cleaned_data["system"])
        return {name: self.cleaned_data[name] for name in setup.form_fields if self.cleaned_data[name]} if setup else {}

    def campaign_fields(self) -> dict:
        return {name: self.cleaned_data[name] for name in self._meta.fields}

    @transaction.atomic
    def save(self, commit=True):
        campaign = super().save(commit)
        set_setup(campaign, self.setup_said())
        return campaign


class GmNotesForm(forms.ModelForm):
    class Meta:
        model = Campaign
        fields = ["gm_notes"]
        widgets = {"gm_notes": forms.Textarea(attrs={"rows": 6})}


class ForceForm(forms.ModelForm):
    method_1 = forms.CharField(label=_("Method 1"), max_length=300)
    method_2 = forms.CharField(label=_("Method 2"), max_length=300)
    method_3 = forms.CharField(label=_("Method 3 (optional)"), max_length=300, required=False)

    class Meta:
        model = WorldForce
        fields = ["name", "kind", "goal", "stance", "revealed", "gm_notes"]
        labels = {"name": _("Name"), "goal": _("Goal")}
        widgets = {"goal": forms.Textarea(attrs={"rows": 2}),
                   "gm_notes": forms.Textarea(attrs={"rows": 3})}
        help_texts = {"goal": _("What the force wants to accomplish."),
                      "revealed": _("Players see a force only once it is revealed.")}

    def __init__(self, *args, player_group=False, gm=True, **kwargs):
        super().__init__(*args, **kwargs)
        for index, method in enumerate(self.instance.methods[:3], start=1):
            self.initial.setdefault(f"method_{index}", method)
        if player_group:  # the group's own force: no stance towards itself, always shown
            del self.fields["kind"], self.fields["stance"], self.fields["revealed"]
        if not gm:
            del self.fields["gm_notes"]
        self.order_fields(["name", "kind", "goal", "method_1", "method_2", "method_3"])

    def save(self, commit=True):
        self.instance.methods = [self.cleaned_data[f"method_{i}"].strip() for i in (1, 2, 3)
                                 if self.cleaned_data.get(f"method_{i}", "").strip()]
        return super().save(commit)


class InvitationForm(forms.ModelForm):
    # Bounds on the fields themselves: the browser and the server say the same.
    max_uses = forms.IntegerField(label=_("People who may join"), min_value=1, max_value=50, initial=5)
    days = forms.IntegerField(label=_("Valid for (days)"), min_value=1, max_value=90, initial=7)

    class Meta:
        model = Invitation
        fields = ["max_uses"]

    def save(self, commit=True):
        self.instance.expires_at = timezone.now() + timedelta(days=self.cleaned_data["days"])
        return super().save(commit)


class SessionLogForm(forms.ModelForm):
    class Meta:
        model = GameSession
        fields = ["log"]
        widgets = {"log": forms.Textarea(attrs={"rows": 8})}


class SessionSummaryForm(forms.ModelForm):
    class Meta:
        model = GameSession
        fields = ["summary"]
        widgets = {"summary": forms.Textarea(attrs={"rows": 6})}


class SessionNotesForm(forms.ModelForm):
    class Meta:
        model = GameSession
        fields = ["gm_notes"]
        widgets = {"gm_notes": forms.Textarea(attrs={"rows": 5})}


def inline_form_context(form, form_id, form_url, form_title, cancel_url, gm_only=False) -> dict:
    """What campaign/inline_edit.html#inline_form needs: click a card, edit, save, in place."""
    return {"form": form, "form_id": form_id, "form_url": form_url, "form_title": form_title,
            "cancel_url": cancel_url, "gm_only": gm_only}
