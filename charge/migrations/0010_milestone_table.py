"""The milestones' table takes Charge's name, once the campaign app's state has let it go; its
content type follows."""

from django.db import migrations


def _relabel(apps, schema_editor, source="campaign", target="charge"):
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(schema_editor.connection.alias)
    if not content_types.filter(app_label=target, model="milestone").exists():
        content_types.filter(app_label=source, model="milestone").update(app_label=target)


def _relabel_back(apps, schema_editor):
    _relabel(apps, schema_editor, source="charge", target="campaign")


class Migration(migrations.Migration):

    dependencies = [
        ('charge', '0009_milestone_from_campaign'),
        ('campaign', '0023_milestone_to_charge'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.AlterModelTable(name='milestone', table=None),
        migrations.RunPython(_relabel, _relabel_back),
    ]
