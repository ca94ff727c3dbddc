"""Charge's rows move into its own app, where they are: its models are made in the state only, on
the shared apps' tables (0002 gives the tables Charge's names)."""

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('campaign', '0017_campaign_life'),
        ('characters', '0013_spells'),
        ('clocks', '0009_clock_change_phrase'),
        ('rolls', '0014_unstick_used_keys'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='Asset',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=80)),
                    ('source', models.CharField(choices=[('loot', 'Loot'), ('boon', "The GM's boon")], default='boon', max_length=10)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('character', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='assets', to='characters.character')),
                    ('spent_by', models.ForeignKey(blank=True, help_text='The roll that used it up.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='rolls.roll')),
                ],
                options={
                    'db_table': 'characters_asset',
                    'ordering': ['created_at', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='Attachment',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=120)),
                    ('broken', models.BooleanField(default=False)),
                    ('wear', models.PositiveSmallIntegerField(default=0, help_text='Its condition clock, filled by use and damage ("Attachment Condition").')),
                    ('wear_size', models.PositiveSmallIntegerField(default=4)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('character', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='attachments', to='characters.character')),
                    ('repair', models.ForeignKey(blank=True, help_text='The project that repairs or reacquires it.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='clocks.clock')),
                ],
                options={
                    'db_table': 'characters_attachment',
                    'ordering': ['created_at', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='Goal',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=200)),
                    ('difficulty', models.CharField(choices=[('easy', 'Easy'), ('medium', 'Medium'), ('hard', 'Hard')], default='medium', max_length=10)),
                    ('size', models.PositiveSmallIntegerField(default=8)),
                    ('filled', models.PositiveSmallIntegerField(default=0)),
                    ('due', models.PositiveSmallIntegerField(default=0, help_text='Progress the GM granted, still to roll ("Dial: Rolling to Advance").')),
                    ('ended', models.CharField(blank=True, choices=[('', 'Under way'), ('done', 'Complete'), ('lost', 'Lost')], default='', max_length=10)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('character', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='goals', to='characters.character')),
                ],
                options={
                    'db_table': 'characters_goal',
                    'ordering': ['created_at', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='HistoricalTalent',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('slot', models.PositiveSmallIntegerField()),
                    ('kind', models.CharField(choices=[('dot', '+1 action dot'), ('die', '+1d6 when ___'), ('effect', '+1 effect when ___'), ('risk', '-1 risk when ___'), ('swap', 'Use [action] instead of [action] when ___'), ('liberty', '[New narrative liberty] when ___')], max_length=10)),
                    ('action', models.CharField(blank=True, max_length=30)),
                    ('instead_of', models.CharField(blank=True, max_length=30)),
                    ('situation', models.CharField(blank=True, max_length=200)),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('character', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='characters.character')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'verbose_name': 'historical talent',
                    'verbose_name_plural': 'historical talents',
                    'db_table': 'characters_historicaltalent',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ),
            migrations.CreateModel(
                name='HistoricalTie',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('text', models.CharField(max_length=300)),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('character', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='characters.character')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('linked_character', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='characters.character')),
                    ('linked_force', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='campaign.worldforce')),
                ],
                options={
                    'verbose_name': 'historical tie',
                    'verbose_name_plural': 'historical ties',
                    'db_table': 'characters_historicaltie',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ),
            migrations.CreateModel(
                name='HookDraw',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('cards', models.JSONField(default=list, help_text='The 3 cards, e.g. “Q♥”.')),
                    ('titles', models.JSONField(default=list, help_text="The three tables' titles when drawn.")),
                    ('prompts', models.JSONField(default=list, help_text='The prompt each card drew.')),
                    ('revealed', models.BooleanField(default=False)),
                    ('start_pending', models.BooleanField(default=False, help_text="The mission roll's start waits for the mission's first roll.")),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hook_draws', to='campaign.campaign')),
                    ('drawn_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('mission_roll', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='rolls.roll')),
                ],
                options={
                    'db_table': 'campaign_hookdraw',
                    'ordering': ['-pk'],
                },
            ),
            migrations.CreateModel(
                name='PartyDetail',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('concept', models.CharField(choices=[('assets', 'Assets'), ('allies', 'Allies'), ('adversaries', 'Adversaries'), ('authority', 'Authority')], max_length=12)),
                    ('key', models.BooleanField(default=False, help_text='The key concept itself, not a supporting detail.')),
                    ('text', models.CharField(max_length=200)),
                    ('disposition', models.SmallIntegerField(default=0, help_text="A supporting detail's; for a key concept, the one it was last written for.")),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='party_details', to='campaign.campaign')),
                    ('clock', models.ForeignKey(blank=True, help_text='Its own progress or danger clock ("More Clocks").', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='clocks.clock')),
                ],
                options={
                    'db_table': 'campaign_partydetail',
                    'ordering': ['concept', '-key', 'created_at', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='Playbook',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=80)),
                    ('suggested_ties', models.JSONField(blank=True, default=list)),
                    ('action_dots', models.JSONField(blank=True, default=dict)),
                    ('talents', models.JSONField(blank=True, default=dict, help_text='Slot number → {action, situation} for situational slots.')),
                    ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='playbooks', to='campaign.campaign')),
                ],
                options={
                    'db_table': 'characters_playbook',
                    'ordering': ['name'],
                },
            ),
            migrations.CreateModel(
                name='Resource',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=60)),
                    ('shared', models.BooleanField(default=True, help_text='One pool for the party; otherwise one on each sheet.', verbose_name='Shared by the party')),
                    ('gain', models.CharField(choices=[('by_hand', 'By hand, as the fiction says'), ('recap_roll', "The recap's roll before a planned scenario (each 4-6 marks 1)")], default='recap_roll', max_length=12, verbose_name='How it is gained')),
                    ('spend', models.CharField(choices=[('die', '+1d6 per point on an action roll'), ('described', 'An effect described below')], default='die', max_length=12, verbose_name='What spending does')),
                    ('cap', models.PositiveSmallIntegerField(default=3, verbose_name='Most points on one roll')),
                    ('effect', models.CharField(blank=True, max_length=200, verbose_name='What spending one does')),
                    ('retained', models.BooleanField(default=False, verbose_name='Retain spent points on a 5-6')),
                    ('expires', models.BooleanField(default=False, verbose_name='Expires after the planned scenario')),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='resources', to='campaign.campaign')),
                ],
                options={
                    'db_table': 'campaign_resource',
                    'ordering': ['created_at', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='ResourcePool',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('points', models.PositiveSmallIntegerField(default=0)),
                    ('character', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='resource_pools', to='characters.character')),
                    ('resource', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pools', to='charge.resource')),
                ],
                options={
                    'db_table': 'campaign_resourcepool',
                    'ordering': ['resource_id', 'character_id'],
                },
            ),
            migrations.CreateModel(
                name='Spell',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=80)),
                    ('actions', models.JSONField(default=list, help_text='The actions that cast it ("The Magic Dial").')),
                    ('level', models.PositiveSmallIntegerField(choices=[(1, 'Limited'), (2, 'Normal'), (3, 'Great')], default=2, help_text='Its effect: the effect the GM starts a casting roll at.')),
                    ('momentum_cost', models.PositiveSmallIntegerField(default=0)),
                    ('stress_cost', models.PositiveSmallIntegerField(default=0, help_text='A drawback: stress taken on casting.')),
                    ('risk', models.PositiveSmallIntegerField(blank=True, help_text='Risk: the risk a casting roll starts at.', null=True)),
                    ('limit', models.CharField(blank=True, choices=[('', 'No limit'), ('day', 'Once per day'), ('session', 'Once per session'), ('campaign', 'Once in the whole campaign')], default='', max_length=10)),
                    ('notes', models.CharField(blank=True, help_text='Materials, prerequisites, drawbacks, long-term effects: the table keeps them.', max_length=300)),
                    ('charge', models.PositiveSmallIntegerField(blank=True, help_text='The effect a casting readied, until it helps a roll.', null=True)),
                    ('times_cast', models.PositiveIntegerField(default=0)),
                    ('cast_day', models.PositiveIntegerField(blank=True, null=True)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('cast_session', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='campaign.gamesession')),
                    ('character', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='spells', to='characters.character')),
                    ('danger', models.ForeignKey(blank=True, help_text='Danger: a complication clock each consequence of a casting ticks.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='clocks.clock')),
                    ('ritual', models.ForeignKey(blank=True, help_text='Time: a clock the casting rolls fill before the spell takes effect.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='clocks.clock')),
                ],
                options={
                    'db_table': 'characters_spell',
                    'ordering': ['created_at', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='PendingRoll',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('key', models.CharField(help_text="The roll's idempotency key.", max_length=64, unique=True)),
                    ('action', models.CharField(max_length=30)),
                    ('goal', models.CharField(blank=True, max_length=300)),
                    ('setup', models.BooleanField(default=False)),
                    ('flashback_cost', models.PositiveSmallIntegerField(default=0)),
                    ('risk', models.PositiveSmallIntegerField(blank=True, help_text='Set by the GM.', null=True)),
                    ('effect', models.PositiveSmallIntegerField(blank=True, help_text='Set by the GM.', null=True)),
                    ('called', models.BooleanField(default=False, help_text='The GM called for this roll.')),
                    ('asked', models.JSONField(blank=True, default=list, help_text='Characters whose players are asked to assist.')),
                    ('threats', models.JSONField(blank=True, default=list, help_text='The threats the GM says apply to this roll (Threat Level Extra).')),
                    ('party_details', models.JSONField(blank=True, default=list, help_text='The party details the GM says bear on this roll (Party Extra).')),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pending_rolls', to='campaign.campaign')),
                    ('character', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='pending_roll', to='characters.character')),
                    ('project', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='clocks.clock')),
                    ('started_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('spell', models.ForeignKey(blank=True, help_text='The spell this roll casts (Magic Extra).', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='charge.spell')),
                ],
                options={
                    'db_table': 'rolls_pendingroll',
                    'ordering': ['created_at', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='Threat',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('source', models.CharField(max_length=120)),
                    ('rating', models.PositiveSmallIntegerField(default=1)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='threats', to='campaign.campaign')),
                    ('character', models.ForeignKey(blank=True, help_text='Empty: on the whole scene.', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='threats', to='characters.character')),
                ],
                options={
                    'db_table': 'rolls_threat',
                    'ordering': ['created_at', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='Tie',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('text', models.CharField(max_length=300)),
                    ('character', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ties', to='characters.character')),
                    ('linked_character', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='characters.character')),
                    ('linked_force', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='ties', to='campaign.worldforce')),
                ],
                options={
                    'db_table': 'characters_tie',
                    'ordering': ['pk'],
                },
            ),
            migrations.CreateModel(
                name='Talent',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('slot', models.PositiveSmallIntegerField()),
                    ('kind', models.CharField(choices=[('dot', '+1 action dot'), ('die', '+1d6 when ___'), ('effect', '+1 effect when ___'), ('risk', '-1 risk when ___'), ('swap', 'Use [action] instead of [action] when ___'), ('liberty', '[New narrative liberty] when ___')], max_length=10)),
                    ('action', models.CharField(blank=True, max_length=30)),
                    ('instead_of', models.CharField(blank=True, max_length=30)),
                    ('situation', models.CharField(blank=True, max_length=200)),
                    ('character', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='talents', to='characters.character')),
                ],
                options={
                    'db_table': 'characters_talent',
                    'ordering': ['slot'],
                    'constraints': [models.UniqueConstraint(fields=('character', 'slot'), name='one_talent_a_slot')],
                },
            ),
            migrations.CreateModel(
                name='WorldTable',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('place', models.PositiveSmallIntegerField(choices=[(0, '1st card'), (1, '2nd card'), (2, '3rd card: the mission')])),
                    ('title', models.CharField(blank=True, max_length=80)),
                    ('prompts', models.JSONField(blank=True, default=list, help_text='13 prompts, Ace to King.')),
                    ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='world_tables', to='campaign.campaign')),
                ],
                options={
                    'db_table': 'campaign_worldtable',
                    'ordering': ['place'],
                    'constraints': [models.UniqueConstraint(fields=('campaign', 'place'), name='one_table_a_place')],
                },
            ),
        ]),
    ]
