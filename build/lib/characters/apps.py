from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CharactersConfig(AppConfig):
    name = "characters"
    verbose_name = _("Characters")

    def ready(self):
        from characters.site import SITE
        from core.systems import register

        register(SITE)
