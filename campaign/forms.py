from django.contrib.auth.forms import UserCreationForm


class SignupForm(UserCreationForm):
    """A username and a password typed twice; Django's validators judge the password."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)
