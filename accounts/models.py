from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Account(models.Model):
    """What a person keeps from one campaign to the next: the language they read the site in."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account")
    language = models.CharField(_("language"), max_length=8, blank=True, choices=settings.LANGUAGES,
                                help_text=_("Empty: the language your browser asks for."))

    def __str__(self):
        return f"{self.user}: {self.language or '-'}"
