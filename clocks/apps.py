from django.apps import AppConfig


class ClocksConfig(AppConfig):
    name = "clocks"
    verbose_name = "Clocks"

    def ready(self):
        from campaign import live
        from clocks.models import Clock, ClockChange

        live.follow(Clock)
        live.follow(ClockChange, campaign="clock.campaign_id")
