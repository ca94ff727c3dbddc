from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Account(models.Model):
    """What a person keeps from one campaign to the next: the language they read the site in, and
    which email address they proved is theirs."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account")
    language = models.CharField(_("language"), max_length=8, blank=True, choices=settings.LANGUAGES,
                                help_text=_("Empty: the language your browser asks for."))
    # The address that was verified, not a flag: an email changed anywhere (here, the admin) is
    # unverified at once, with nothing to forget to reset.
    verified_email = models.EmailField(_("verified email"), blank=True)

    def __str__(self):
        return f"{self.user}: {self.language or '-'}"


def verified_email(user) -> str:
    """The user's email address if they proved it is theirs, else ""."""
    if not user.email:
        return ""
    verified = Account.objects.filter(user=user).values_list("verified_email", flat=True).first() or ""
    return user.email if verified.lower() == user.email.lower() else ""
