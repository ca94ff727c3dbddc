"""What a Charge roll landed with (its risk, its effect, its consequence rating, the momentum it
moved) leaves the shared roll's columns for Charge's typed result, ``Aftermath`` (issue #40): each
roll's values copied into its ``result``, where they are not empty (and back, undone). rolls 0018
drops the columns."""

from django.db import migrations

NUMBERS = ("risk", "effect", "consequence_rating", "momentum")


def _held(name, value) -> bool:
    return value is not None if name in ("risk", "effect") else bool(value)


def copy_in(apps, schema_editor):
    Roll = apps.get_model("rolls", "Roll")
    moved = []
    for roll in Roll.objects.only("id", "result", *NUMBERS).iterator(chunk_size=2000):
        numbers = {name: getattr(roll, name) for name in NUMBERS if _held(name, getattr(roll, name))}
        if numbers:
            roll.result = {**numbers, **(roll.result or {})}
            moved.append(roll)
    Roll.objects.bulk_update(moved, ["result"], batch_size=1000)


def copy_back(apps, schema_editor):
    Roll = apps.get_model("rolls", "Roll")
    moved = []
    for roll in Roll.objects.only("id", "result", *NUMBERS).iterator(chunk_size=2000):
        result = dict(roll.result or {})
        if any(name in result for name in NUMBERS):
            roll.risk, roll.effect = result.pop("risk", None), result.pop("effect", None)
            roll.consequence_rating, roll.momentum = result.pop("consequence_rating", 0), result.pop("momentum", {})
            roll.result = result
            moved.append(roll)
    Roll.objects.bulk_update(moved, ["result", *NUMBERS], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("charge", "0006_sheet"),
        ("rolls", "0017_own_words_said_in_each_language"),
    ]

    operations = [migrations.RunPython(copy_in, copy_back)]
