from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class LanguageForm(forms.Form):
    # Each language named in itself: someone who cannot read the page can still find theirs.
    language = forms.ChoiceField(label=_("Language"), required=False,
                                 choices=[("", _("As my browser asks")), *settings.LANGUAGES])
