from django.db import models


class LockingQuerySet(models.QuerySet):
    def locked(self, **lookup):
        """The one row matching ``lookup``, locked until the transaction ends, so that two people
        changing it at once are applied one after the other. Joined rows are not locked."""
        return self.select_for_update(of=("self",)).get(**lookup)
