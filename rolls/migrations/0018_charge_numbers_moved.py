"""Charge's numbers leave the shared roll's columns, now in its typed result (charge 0007)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("rolls", "0017_own_words_said_in_each_language"),
        ("charge", "0007_roll_numbers_in_result"),
    ]

    operations = [
        migrations.RemoveField(model_name="roll", name="risk"),
        migrations.RemoveField(model_name="roll", name="effect"),
        migrations.RemoveField(model_name="roll", name="consequence_rating"),
        migrations.RemoveField(model_name="roll", name="momentum"),
        migrations.AlterField(
            model_name="roll", name="result",
            field=models.JSONField(blank=True, default=dict, help_text="What the roll landed with and changed after, in its dice system's own typed result."),
        ),
    ]
