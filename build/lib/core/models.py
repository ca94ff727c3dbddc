from django.conf import settings
from django.db import models


class LockingQuerySet(models.QuerySet):
    def locked(self, **lookup):
        """The one row matching ``lookup``, locked until the transaction ends, so that two people
        changing it at once are applied one after the other. Joined rows are not locked."""
        return self.select_for_update(of=("self",)).get(**lookup)


class UsedKey(models.Model):
    """An idempotency key that did its write (core/keys.py): sent again, it does nothing again."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    used_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_use_of_a_key")]

    def __str__(self):
        return self.key
