from django.apps import AppConfig


class HooksConfig(AppConfig):
    name = "hooks"
    verbose_name = "Webhooks"

    def ready(self):
        from hooks import outbox  # noqa: F401 - its receivers put each table event in the outbox
