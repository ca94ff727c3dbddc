from django.apps import AppConfig


class ClocksConfig(AppConfig):
    name = "clocks"
    verbose_name = "Clocks"
