"""Charge's rolls on their way and threats are Charge's models now (charge 0001): the state forgets them
here, the tables stay where they are."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('rolls', '0014_unstick_used_keys'),
        ('charge', '0001_from_the_shared_apps'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.DeleteModel(name='PendingRoll'),
            migrations.DeleteModel(name='Threat'),
        ]),
    ]
