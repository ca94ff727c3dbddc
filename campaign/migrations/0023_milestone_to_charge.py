"""Milestones are Charge's model now (charge 0009): the state forgets it here, the table stays."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0022_own_words_said_in_each_language'),
        ('charge', '0009_milestone_from_campaign'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name='Milestone')]),
    ]
