"""Personal access tokens: what a program shows to read, through the API, what its person may see."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AccessTokenQuerySet(models.QuerySet):
    def working(self):
        return self.filter(revoked_at__isnull=True)


class AccessToken(models.Model):
    """A token its person named, to read through the API what they may see. Only a digest of it
    is kept: the token itself is shown once, as it is made, and never again, in no page, export
    or log. Revoked, it is kept (named, unusable) so the account page can say when."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="access_tokens")
    name = models.CharField(_("Name"), max_length=80)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    objects = AccessTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.user}: {self.name}"
