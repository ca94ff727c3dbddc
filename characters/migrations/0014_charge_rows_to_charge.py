"""Charge's playbooks, ties, talents and sheet Extras are Charge's models now (charge 0001): a sheet's
playbook points there, the state forgets them here, the tables stay where they are. After rolls 0015:
a roll on its way pointed at a spell."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('characters', '0013_spells'),
        ('charge', '0001_from_the_shared_apps'),
        ('rolls', '0015_charge_rows_to_charge'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(model_name='historicalcharacter', name='playbook', field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='charge.playbook')),
            migrations.AlterField(model_name='character', name='playbook', field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='characters', to='charge.playbook')),
            migrations.DeleteModel(name='Asset'),
            migrations.DeleteModel(name='Attachment'),
            migrations.DeleteModel(name='Goal'),
            migrations.DeleteModel(name='HistoricalTalent'),
            migrations.DeleteModel(name='HistoricalTie'),
            migrations.DeleteModel(name='Spell'),
            migrations.DeleteModel(name='Talent'),
            migrations.DeleteModel(name='Tie'),
            migrations.DeleteModel(name='Playbook'),
        ]),
    ]
