from django.apps import AppConfig


class ToyConfig(AppConfig):
    """A coin flip, the smallest dice system there is: it plugs in as a fifth system would, by its
    own app alone (tests/toy/test_toy_system.py installs it through ``SYSTEM_APPS``)."""

    name = "tests.toy"
    label = "toy"

    def ready(self):
        from core.systems import register
        from tests.toy.site import SITE

        register(SITE)
