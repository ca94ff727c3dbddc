from django.apps import AppConfig


class RollsConfig(AppConfig):
    name = "rolls"
    verbose_name = "Rolls"
