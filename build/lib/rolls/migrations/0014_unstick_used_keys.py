"""A step sent again with the key of a roll already made used to start a roll with that key,
which then only ever led back to the old roll: such rolls on their way get a key of their own."""

import secrets

from django.db import migrations


def unstick(apps, schema_editor):
    rolls = apps.get_model("rolls", "Roll").objects
    for label, own_roll in (("rolls.PendingRoll", False), ("traits.Conflict", True), ("ability.Action", False),
                            ("advantage.Check", True)):
        for started in apps.get_model(label).objects.filter(key__in=rolls.values("idempotency_key")):
            if own_roll and started.roll_id == rolls.get(idempotency_key=started.key).pk:
                continue  # the roll it made itself carries its key
            started.key = secrets.token_urlsafe(24)
            started.save(update_fields=["key"])


class Migration(migrations.Migration):

    dependencies = [
        ("rolls", "0013_check_rolls"),
        ("traits", "0001_initial"),
        ("ability", "0002_skill_restrict"),
        ("advantage", "0001_initial"),
    ]

    operations = [migrations.RunPython(unstick, migrations.RunPython.noop)]
