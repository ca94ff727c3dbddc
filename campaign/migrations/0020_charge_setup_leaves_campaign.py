"""Charge's columns leave the shared campaign table, once charge's 0002 has copied them (issue #40)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("campaign", "0019_system_from_the_registry"),
        ("charge", "0003_setup"),
    ]

    operations = [
        migrations.RemoveField(model_name="campaign", name="dials"),
        migrations.RemoveField(model_name="campaign", name="market_filled"),
        migrations.RemoveField(model_name="campaign", name="risk_wording"),
        migrations.RemoveField(model_name="campaign", name="ruleset"),
    ]
