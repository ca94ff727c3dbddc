"""Charge's Extras (party, world, resources) are Charge's models now (charge 0001): the state forgets
them here, the tables stay where they are."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0017_campaign_life'),
        ('charge', '0001_from_the_shared_apps'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.DeleteModel(name='HookDraw'),
            migrations.DeleteModel(name='PartyDetail'),
            migrations.DeleteModel(name='ResourcePool'),
            migrations.DeleteModel(name='Resource'),
            migrations.DeleteModel(name='WorldTable'),
        ]),
    ]
