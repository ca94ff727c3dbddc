from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChargeConfig(AppConfig):
    """Charge RPG as a dice system: how a campaign plays it, its actions, views, templates and registration."""

    name = "charge"
    verbose_name = _("Charge")

    def ready(self):
        from characters.sheets import keep_setup
        from charge.models import Setup
        from charge.site import SITE
        from core.systems import register
        from gamerules.systems import DiceSystem

        keep_setup(DiceSystem.CHARGE, Setup)
        register(SITE)
