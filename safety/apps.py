from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SafetyConfig(AppConfig):
    name = "safety"
    verbose_name = _("Safety at the table")

    def ready(self):
        from campaign import live
        from safety.models import Agreement, Boundary, XCard

        live.follow(Boundary, XCard, Agreement)
