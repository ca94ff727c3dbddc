import os

from django.core.management.base import BaseCommand

from campaign.demo import load_demo


class Command(BaseCommand):
    help = "Load the demo campaign and its users (safe to run again: it changes nothing twice)."

    def handle(self, *args, **options):
        logins = load_demo()
        port = os.environ.get("PORT", "8000")
        self.stdout.write(self.style.SUCCESS(f"Demo logins (http://127.0.0.1:{port}):"))
        for line in logins:
            self.stdout.write(f"  {line}")
