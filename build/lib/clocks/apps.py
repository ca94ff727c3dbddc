from django.apps import AppConfig
from django.db.models.signals import pre_delete
from django.utils.translation import gettext_lazy as _


def _clock_deleted(sender, instance, **kwargs):
    """Lines about a clock whose segments players never saw stay the GM's once it is gone."""
    if instance.visibility != "all":
        instance.events.update(gm_only=True)


class ClocksConfig(AppConfig):
    name = "clocks"
    verbose_name = _("Clocks")

    def ready(self):
        from clocks.models import Clock

        pre_delete.connect(_clock_deleted, sender=Clock, dispatch_uid="clock-events")
