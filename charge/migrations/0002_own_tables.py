"""Charge's tables take Charge's names (charge_tie, charge_historicaltie, ...), once the shared apps'
state has let them go; their content types follow, so that permissions and history stay attached."""

from django.db import migrations

MOVED = {
    "campaign": ["hookdraw", "partydetail", "resource", "resourcepool", "worldtable"],
    "characters": ["asset", "attachment", "goal", "historicaltalent", "historicaltie", "playbook", "spell", "talent",
                   "tie"],
    "rolls": ["pendingroll", "threat"],
}


def _relabel(apps, schema_editor, backwards=False):
    """Each moved model's content type says its new app. One already made for it there (a database
    that ran ``migrate`` half way) is kept, and the old one left as it was."""
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(schema_editor.connection.alias)
    for app, names in MOVED.items():
        source, target = ("charge", app) if backwards else (app, "charge")
        taken = content_types.filter(app_label=target, model__in=names).values_list("model", flat=True)
        content_types.filter(app_label=source, model__in=names).exclude(model__in=list(taken)).update(app_label=target)


def _relabel_back(apps, schema_editor):
    _relabel(apps, schema_editor, backwards=True)


class Migration(migrations.Migration):

    dependencies = [
        ('charge', '0001_from_the_shared_apps'),
        ('campaign', '0018_charge_rows_to_charge'),
        ('characters', '0014_charge_rows_to_charge'),
        ('rolls', '0015_charge_rows_to_charge'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        *(migrations.AlterModelTable(name=name, table=None) for names in MOVED.values() for name in names),
        migrations.RunPython(_relabel, _relabel_back),
    ]
