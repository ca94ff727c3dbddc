from django.apps import AppConfig


class RollsConfig(AppConfig):
    name = "rolls"
    verbose_name = "Rolls"

    def ready(self):
        from campaign import live
        from rolls.models import PendingRoll, Roll, Threat

        live.follow(Roll, PendingRoll, Threat)
