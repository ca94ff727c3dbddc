"""What Charge keeps on a character's sheet leaves the shared character table for its own (issue #40):
the table, each Charge campaign's characters' columns copied in, and their recorded versions with
them, one for each of the character's own, at the same moment (and back, undone)."""

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models

import core.own_words

FIELDS = ("playbook_id", "momentum", "stress", "taken_out", "money", "goal_dots", "scars", "compensations",
          "better_risk_next", "escalated_action", "escalated_risk", "recovered_in_id", "lost_action", "action_dots",
          "assisting_id")
VERSION = ("history_date", "history_type", "history_user_id", "history_change_reason")


def copy_in(apps, schema_editor):
    Character, Sheet = apps.get_model("characters", "Character"), apps.get_model("charge", "Sheet")
    Versions, SheetVersions = apps.get_model("characters", "HistoricalCharacter"), apps.get_model("charge", "HistoricalSheet")
    playing = Character.objects.filter(campaign__system="charge")
    Sheet.objects.bulk_create(Sheet(character_id=row.pop("id"), **row) for row in playing.values("id", *FIELDS))
    versions = Versions.objects.filter(id__in=playing.values("id")).order_by("history_id")
    SheetVersions.objects.bulk_create(SheetVersions(character_id=row.pop("id"), **row)
                                      for row in versions.values("id", *VERSION, *FIELDS))


def copy_back(apps, schema_editor):
    Character, Sheet = apps.get_model("characters", "Character"), apps.get_model("charge", "Sheet")
    for row in Sheet.objects.values("character_id", *FIELDS):
        Character.objects.filter(pk=row.pop("character_id")).update(**row)


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0022_own_words_said_in_each_language'),
        ('characters', '0015_own_words_said_in_each_language'),
        ('charge', '0005_flashbacks_priced_by_the_gm'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='HistoricalSheet',
            fields=[
                ('momentum', models.PositiveSmallIntegerField(default=2)),
                ('stress', models.PositiveSmallIntegerField(default=0)),
                ('taken_out', models.BooleanField(default=False, help_text='Out for the scene; incapacitated under Scars.')),
                ('money', models.PositiveSmallIntegerField(default=0, help_text='On the ten-point scale (Economy Extra).')),
                ('goal_dots', models.PositiveSmallIntegerField(default=0, help_text='Talent dots from finished goals, still to place (Goals Extra).')),
                ('scars', core.own_words.OwnWordsTextField(blank=True, help_text='One a line: what a full stress clock left behind (Scars Extra).', max_length=2000, verbose_name='Scars')),
                ('compensations', models.TextField(blank=True, help_text='One a line: what compensates a scar without removing it (Scars Extra, "Compensating").', max_length=2000, verbose_name='Compensations')),
                ('better_risk_next', models.BooleanField(default=False, help_text="A determination 66: the next roll's risk is lowered.")),
                ('escalated_action', models.CharField(blank=True, help_text='Escalated risk: rolls with this action are riskier.', max_length=30)),
                ('escalated_risk', models.PositiveSmallIntegerField(blank=True, help_text='The risk those rolls start at, until the session ends.', null=True)),
                ('lost_action', models.CharField(blank=True, help_text='Lost opportunity: this action did not work; use another.', max_length=30)),
                ('action_dots', models.JSONField(blank=True, default=dict, help_text='Dots from creation and GM overrides, by action.')),
                ('history_id', models.AutoField(primary_key=True, serialize=False)),
                ('history_date', models.DateTimeField(db_index=True)),
                ('history_change_reason', models.CharField(max_length=100, null=True)),
                ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                ('assisting', models.ForeignKey(blank=True, db_constraint=False, help_text='Its player offers to assist this character\'s next roll (1 momentum, "Assist").', null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='characters.character')),
                ('character', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='characters.character')),
                ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('playbook', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='charge.playbook')),
                ('recovered_in', models.ForeignKey(blank=True, db_constraint=False, help_text='The session of the last recovery: once per session.', null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='campaign.gamesession')),
            ],
            options={
                'verbose_name': 'historical sheet',
                'verbose_name_plural': 'historical sheets',
                'ordering': ('-history_date', '-history_id'),
                'get_latest_by': ('history_date', 'history_id'),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name='Sheet',
            fields=[
                ('character', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='charge', serialize=False, to='characters.character')),
                ('momentum', models.PositiveSmallIntegerField(default=2)),
                ('stress', models.PositiveSmallIntegerField(default=0)),
                ('taken_out', models.BooleanField(default=False, help_text='Out for the scene; incapacitated under Scars.')),
                ('money', models.PositiveSmallIntegerField(default=0, help_text='On the ten-point scale (Economy Extra).')),
                ('goal_dots', models.PositiveSmallIntegerField(default=0, help_text='Talent dots from finished goals, still to place (Goals Extra).')),
                ('scars', core.own_words.OwnWordsTextField(blank=True, help_text='One a line: what a full stress clock left behind (Scars Extra).', max_length=2000, verbose_name='Scars')),
                ('compensations', models.TextField(blank=True, help_text='One a line: what compensates a scar without removing it (Scars Extra, "Compensating").', max_length=2000, verbose_name='Compensations')),
                ('better_risk_next', models.BooleanField(default=False, help_text="A determination 66: the next roll's risk is lowered.")),
                ('escalated_action', models.CharField(blank=True, help_text='Escalated risk: rolls with this action are riskier.', max_length=30)),
                ('escalated_risk', models.PositiveSmallIntegerField(blank=True, help_text='The risk those rolls start at, until the session ends.', null=True)),
                ('lost_action', models.CharField(blank=True, help_text='Lost opportunity: this action did not work; use another.', max_length=30)),
                ('action_dots', models.JSONField(blank=True, default=dict, help_text='Dots from creation and GM overrides, by action.')),
                ('assisting', models.ForeignKey(blank=True, help_text='Its player offers to assist this character\'s next roll (1 momentum, "Assist").', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='offered_help', to='characters.character')),
                ('playbook', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='sheets', to='charge.playbook')),
                ('recovered_in', models.ForeignKey(blank=True, help_text='The session of the last recovery: once per session.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='campaign.gamesession')),
            ],
        ),
        migrations.RunPython(copy_in, copy_back),
    ]
