"""A resource the GM builds ("Resource Pool Rule")."""

from django import forms
from django.utils.translation import gettext_lazy as _

from charge.models import Resource


class ResourceForm(forms.ModelForm):
    class Meta:
        model = Resource
        fields = ["name", "shared", "gain", "spend", "cap", "effect", "retained", "expires"]
        labels = {"name": _("Name")}
        help_texts = {"name": _("Grit, Mana, Expedition Funds..."),
                      "cap": _("The Mana example: “Rolls are capped at 3d6”.")}
