from django.core.management.base import BaseCommand

from campaign.demo import load_demo


class Command(BaseCommand):
    help = "Load the demo campaign and its users (safe to run again: it changes nothing twice)."

    def handle(self, *args, **options):
        logins = load_demo()
        self.stdout.write(self.style.SUCCESS("Demo logins (http://127.0.0.1:8000):"))
        for line in logins:
            self.stdout.write(f"  {line}")
