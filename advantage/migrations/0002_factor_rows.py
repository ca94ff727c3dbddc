"""A check's factors become rows (``Factor``), out of the JSON list they were kept in: each
{"id", "kind", "name", "dice", "by", "ref"} a row, in the list's order, "by" (a username) the user
of that name. Back, the rows become the list again, numbered 1, 2, 3... in their order."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def to_rows(apps, schema_editor):
    Check, Factor = apps.get_model("advantage", "Check"), apps.get_model("advantage", "Factor")
    users = {user.username: user for user in apps.get_model(settings.AUTH_USER_MODEL).objects.filter(
        username__in={factor["by"] for check in Check.objects.all() for factor in check.listed_factors or []})}
    for check in Check.objects.all():
        for factor in check.listed_factors or []:
            Factor.objects.create(for_check=check, kind=factor["kind"], name=factor["name"], dice=factor["dice"],
                                  suggested_by=users.get(factor["by"]), ref=factor["ref"])


def to_list(apps, schema_editor):
    Check, Factor = apps.get_model("advantage", "Check"), apps.get_model("advantage", "Factor")
    for check in Check.objects.all():
        rows = Factor.objects.filter(for_check=check).select_related("suggested_by").order_by("pk")
        check.listed_factors = [{"id": number, "kind": row.kind, "name": row.name, "dice": row.dice,
                                 "by": row.suggested_by.username if row.suggested_by else "", "ref": row.ref}
                                for number, row in enumerate(rows, start=1)]
        check.save(update_fields=["listed_factors"])


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("advantage", "0001_initial"),
    ]

    operations = [
        # Out of the way of the rows' reverse accessor, check.factors, while both are there.
        migrations.RenameField(model_name="check", old_name="factors", new_name="listed_factors"),
        migrations.CreateModel(
            name="Factor",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(choices=[
                    ("situation", "Situation"), ("environment", "Environment"), ("gear", "Gear"),
                    ("enemy-condition", "The enemy's condition"), ("condition", "Your condition"),
                    ("assistance", "Assistance"), ("wound", "Wound"), ("flaw", "Flaw")], max_length=20)),
                ("name", models.CharField(max_length=120)),
                ("dice", models.SmallIntegerField()),
                ("ref", models.PositiveIntegerField(blank=True, null=True)),
                ("for_check", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="factors",
                                                to="advantage.check")),
                ("suggested_by", models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL,
                                                   related_name="+", to=settings.AUTH_USER_MODEL)),
            ],
            options={"ordering": ["pk"]},
        ),
        migrations.RunPython(to_rows, to_list),
        migrations.RemoveField(model_name="check", name="listed_factors"),
    ]
