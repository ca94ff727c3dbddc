"""Milestones are Charge's ("Milestone": a talent slot for every character): made here in the state
only, on the campaign app's table (0010 gives it Charge's name)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('charge', '0008_campaign_making'),
        ('campaign', '0022_own_words_said_in_each_language'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='Milestone',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('note', models.CharField(blank=True, max_length=300, verbose_name='What the group achieved')),
                    ('awarded_at', models.DateTimeField(auto_now_add=True)),
                    ('awarded_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL,
                                                     related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                                   related_name='milestones', to='campaign.campaign')),
                    ('session', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                                  related_name='milestones', to='campaign.gamesession')),
                ],
                options={'ordering': ['-awarded_at'], 'db_table': 'campaign_milestone'},
            ),
        ]),
    ]
