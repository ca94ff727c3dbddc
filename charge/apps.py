from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChargeConfig(AppConfig):
    """Charge RPG as a dice system: its actions, views, templates and registration."""

    name = "charge"
    verbose_name = _("Charge")

    def ready(self):
        from charge.site import SITE
        from core.systems import register

        register(SITE)
