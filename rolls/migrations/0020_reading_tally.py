"""The dice statistics' counts kept as rolls are written (rolls/tally.py), counted once here from
the rolls there are."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from rolls.tally import tally_again


def count_every_campaign(apps, schema_editor):
    tally_again(apps.get_model("rolls", "Roll"))


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0023_milestone_to_charge'),
        ('characters', '0016_charge_sheet_moved'),
        ('rolls', '0019_reading'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ReadingTally',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('hidden', models.BooleanField()),
                ('kind', models.CharField(max_length=20)),
                ('reading', models.CharField(max_length=25)),
                ('action', models.CharField(blank=True, max_length=30)),
                ('times', models.IntegerField(help_text='How many rolls.')),
                ('first', models.BigIntegerField(help_text='The smallest id of those rolls: the one the statistics read whole.')),
            ],
        ),
        migrations.AddIndex(
            model_name='roll',
            index=models.Index(condition=models.Q(('reading', '')), fields=['campaign', 'id'], name='roll_unread'),
        ),
        migrations.AddField(
            model_name='readingtally',
            name='campaign',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='campaign.campaign'),
        ),
        migrations.AddConstraint(
            model_name='readingtally',
            constraint=models.UniqueConstraint(fields=('campaign', 'hidden', 'kind', 'reading', 'action'), name='one_tally_a_reading'),
        ),
        # Undone, the table goes with its counts.
        migrations.RunPython(count_every_campaign, migrations.RunPython.noop, elidable=True),
    ]
