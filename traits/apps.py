from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class TraitsConfig(AppConfig):
    """The "Traits & Consequence" dice system: its sheet, its conflicts, its registration."""

    name = "traits"
    verbose_name = gettext_lazy("Traits & Consequence")

    def ready(self):
        from characters.sheets import keep_sheets
        from core.systems import register
        from traits.models import Sheet
        from traits.site import SITE

        keep_sheets(SITE.system, Sheet)
        register(SITE)
