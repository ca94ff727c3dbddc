from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChargeConfig(AppConfig):
    """Charge RPG as a dice system: how a campaign plays it, its actions, views, templates and registration."""

    name = "charge"
    verbose_name = _("Charge")

    def ready(self):
        from characters.sheets import keep_setup, keep_sheets
        from charge import own_words  # noqa: F401 - registers the words Charge writes (core/own_words.py)
        from charge.actions.spells import ready_by_its_ritual, unready_with_its_ritual
        from charge.actions.talents import gained_by_project, lost_with_its_project
        from charge.models import Setup, Sheet
        from charge.site import SITE
        from clocks.signals import filled, unfilled
        from core.systems import register

        keep_setup(SITE.system, Setup)
        keep_sheets(SITE.system, Sheet)
        register(SITE)
        filled.connect(ready_by_its_ritual, dispatch_uid="charge-rituals")
        filled.connect(gained_by_project, dispatch_uid="charge-project-talent-dots")
        unfilled.connect(lost_with_its_project, dispatch_uid="charge-project-talent-dots-undone")
        unfilled.connect(unready_with_its_ritual, dispatch_uid="charge-rituals-undone")
