from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = _("Shared basics")

    def ready(self):
        from django.utils.translation import gettext, ngettext, pgettext

        from gamerules import words

        words.install(gettext, ngettext, pgettext)  # the rules' phrases, in the reader's language
