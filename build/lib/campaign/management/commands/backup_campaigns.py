import json
from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils import timezone

from campaign.models import Campaign
from campaign.transfer import export_campaign


class Command(BaseCommand):
    help = "Write every campaign, whole, as a JSON export into a dated folder (for backups)."

    def add_arguments(self, parser):
        parser.add_argument("--dir", default="backups", help="where the dated folder goes")

    def handle(self, *args, dir, **options):
        folder = Path(dir) / timezone.now().strftime("%Y-%m-%dT%H%M%S")
        folder.mkdir(parents=True, exist_ok=True)
        for campaign in Campaign.objects.order_by("pk"):
            path = folder / f"campaign-{campaign.pk}.json"
            path.write_text(json.dumps(export_campaign(campaign)))
            self.stdout.write(f"{path}  {campaign.name}")
        self.stdout.write(self.style.SUCCESS(f"Backed up {Campaign.objects.count()} campaigns to {folder}"))
