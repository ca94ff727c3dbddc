from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AbilityConfig(AppConfig):
    """The "Ability vs Difficulty" dice system: its sheet, its action rolls, its registration."""

    name = "ability"
    verbose_name = gettext_lazy("Ability vs Difficulty")

    def ready(self):
        from ability import own_words  # noqa: F401 - registers the words it writes (core/own_words.py)
        from ability.models import Sheet
        from ability.site import SITE
        from characters.sheets import keep_sheets
        from core.systems import register

        keep_sheets(SITE.system, Sheet)
        register(SITE)
