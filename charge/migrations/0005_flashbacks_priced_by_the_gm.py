"""The GM prices a flashback: a roll on its way is marked a flashback by its player and priced by the
GM with its risk and effect; a flashback without an action roll is called, priced, then paid."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def marked(apps, schema_editor):
    """A roll on its way whose player chose a price before: a flashback at that price."""
    apps.get_model("charge", "PendingRoll").objects.filter(flashback_cost__gt=0).update(flashback=True)


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0020_charge_setup_leaves_campaign'),
        ('characters', '0014_charge_rows_to_charge'),
        ('charge', '0004_own_words_said_in_each_language'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='pendingroll',
            name='flashback',
            field=models.BooleanField(default=False, help_text='The player marks it a flashback; the GM prices it.'),
        ),
        migrations.AlterField(
            model_name='pendingroll',
            name='flashback_cost',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Set by the GM, with the risk and the effect.', null=True),
        ),
        migrations.RunPython(marked, migrations.RunPython.noop),
        migrations.CreateModel(
            name='FlashbackCall',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.CharField(help_text='The idempotency key of the roll that pays it.', max_length=64, unique=True)),
                ('note', models.CharField(blank=True, help_text='What the character prepared back then.', max_length=300)),
                ('cost', models.PositiveSmallIntegerField(blank=True, help_text='Set by the GM.', null=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('called_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='flashback_calls', to='campaign.campaign')),
                ('character', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='flashback_call', to='characters.character')),
            ],
            options={
                'ordering': ['created_at', 'pk'],
            },
        ),
    ]
