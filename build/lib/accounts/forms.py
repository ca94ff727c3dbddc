from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import verified_email


class LanguageForm(forms.Form):
    # Each language named in itself: someone who cannot read the page can still find theirs.
    language = forms.ChoiceField(label=_("Language"), required=False,
                                 choices=[("", _("As my browser asks")), *settings.LANGUAGES])


class SignupForm(UserCreationForm):
    """A username, an email address if they wish, and a password typed twice; Django's validators
    judge the password."""

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {"email": _("Optional. Only to reset a forgotten password; we send a link to check it.")}


class PasswordConfirmed(forms.Form):
    """A form that asks for the account's password: what a session left open on a shared
    computer must not be able to do alone."""

    password = forms.CharField(label=_("Your password"), strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password


class EmailForm(PasswordConfirmed):
    """A new email address, unverified until its link is opened."""

    email = forms.EmailField(label=_("Email address"), max_length=254)
    field_order = ["email", "password"]


class ResetRequestForm(PasswordResetForm):
    """Django's reset form, sending links only to addresses proved to be the account's: an address
    nobody checked may be a typo, and its owner would take the account."""

    def get_users(self, email):
        return (user for user in super().get_users(email) if verified_email(user))
