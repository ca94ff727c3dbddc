"""How a campaign plays Charge leaves the shared campaign table for its own (issue #40): the table,
and the four columns copied in for every Charge campaign (and back, undone)."""

import django.db.models.deletion
from django.db import migrations, models

COLUMNS = ("ruleset", "risk_wording", "dials", "market_filled")


def copy_in(apps, schema_editor):
    Campaign, Setup = apps.get_model("campaign", "Campaign"), apps.get_model("charge", "Setup")
    Setup.objects.bulk_create(Setup(campaign_id=row["id"], **{name: row[name] for name in COLUMNS})
                              for row in Campaign.objects.filter(system="charge").values("id", *COLUMNS))


def copy_back(apps, schema_editor):
    Campaign, Setup = apps.get_model("campaign", "Campaign"), apps.get_model("charge", "Setup")
    for row in Setup.objects.values("campaign_id", *COLUMNS):
        Campaign.objects.filter(pk=row.pop("campaign_id")).update(**row)


class Migration(migrations.Migration):

    dependencies = [
        ("campaign", "0019_system_from_the_registry"),
        ("charge", "0002_own_tables"),
    ]

    operations = [
        migrations.CreateModel(
            name="Setup",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("ruleset", models.CharField(choices=[("charge", "Charge"), ("quick_charge", "Quick Charge")], default="charge", help_text="Charge only. Quick Charge: 6 actions, 4 dots, effect and consequence read from the dice.", max_length=20, verbose_name="Charge variant")),
                ("risk_wording", models.CharField(choices=[("risk", "Charge 1.1: risk low / moderate / high"), ("position", "Classic: position controlled / risky / desperate")], default="risk", max_length=10, verbose_name="Wording of risk")),
                ("dials", models.JSONField(blank=True, default=dict)),
                ("market_filled", models.PositiveSmallIntegerField(default=0, help_text="The market clock's segments, 0-4 (Economy Extra).")),
                ("campaign", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name="charge", to="campaign.campaign")),
            ],
        ),
        migrations.RunPython(copy_in, copy_back),
    ]
