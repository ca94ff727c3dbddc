"""What a sheet holds, in the order it came."""

from django.db import models


class Held(models.Model):
    """Something a sheet holds (an asset, an attachment, a goal, a spell): known by its name,
    listed in the order it came."""

    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["created_at", "pk"]

    def __str__(self):
        return self.name
