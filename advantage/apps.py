from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AdvantageConfig(AppConfig):
    """The "Advantage & Threat" dice system: its sheet, its checks, threats and jobs, its registration."""

    name = "advantage"
    verbose_name = gettext_lazy("Advantage & Threat")

    def ready(self):
        from advantage import own_words  # noqa: F401 - registers the words it writes (core/own_words.py)
        from advantage.models import Sheet
        from advantage.site import SITE
        from characters.sheets import keep_sheets
        from core.systems import register

        keep_sheets(SITE.system, Sheet)
        register(SITE)
