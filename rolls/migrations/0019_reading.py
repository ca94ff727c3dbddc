"""Each roll read once for the dice statistics (rolls/reading.py), so that they count rolls in the
database rather than read every roll at every visit."""

from django.db import migrations, models

from rolls.reading import read_again


def read_every_roll(apps, schema_editor):
    read_again(apps.get_model("rolls", "Roll").objects.all())


class Migration(migrations.Migration):

    dependencies = [
        ('rolls', '0018_charge_numbers_moved'),
    ]

    operations = [
        migrations.AddField(
            model_name='roll',
            name='reading',
            field=models.CharField(blank=True, default='', editable=False, help_text='Its odds and outcome as the dice statistics count them (rolls/reading.py); empty: not read yet.', max_length=25),
        ),
        migrations.AddIndex(
            model_name='roll',
            index=models.Index(fields=['campaign', 'kind', 'reading', 'action', 'hidden', 'id'], name='roll_reading'),
        ),
        migrations.RunPython(read_every_roll, migrations.RunPython.noop, elidable=True),
    ]
