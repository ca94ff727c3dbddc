from django.apps import AppConfig


class TraitsConfig(AppConfig):
    """The "Traits & Consequence" dice system: its sheet, its conflicts, its registration."""

    name = "traits"
    verbose_name = "Traits & Consequence"

    def ready(self):
        from campaign import live
        from core.systems import register
        from traits import signals  # noqa: F401 - registers the receivers
        from traits.models import Conflict, Feature, Sheet
        from traits.site import SITE

        live.follow(Sheet, Feature, campaign="character.campaign_id")
        live.follow(Conflict)
        register(SITE)
