"""A check's factors, once a JSON list, become rows (advantage 0002): each factor a row in the
list's order, who suggested it the user of that username; and back, the list numbered anew."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import CharacterFactory, UserFactory, gm_of_new_campaign

BEFORE = [("advantage", "0001_initial")]
AFTER = [("advantage", "0002_factor_rows")]
LISTED = [
    {"id": 1, "kind": "situation", "name": "Time to prepare", "dice": 1, "by": "gm", "ref": None},
    {"id": 3, "kind": "wound", "name": "Cracked rib", "dice": -2, "by": "gm", "ref": 12},
    {"id": 4, "kind": "assistance", "name": "Simple help", "dice": 1, "by": "gone", "ref": None},
]


def _migrated(targets):
    """The models as they stand once migrated to ``targets``."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_json_factors_move_into_rows_and_back():
    gm = gm_of_new_campaign("gm")
    ada = CharacterFactory(campaign=gm.campaign, owner=UserFactory(username="ada"), name="Ada")
    try:
        before = _migrated(BEFORE)
        check = before.get_model("advantage", "Check").objects.create(
            campaign_id=gm.campaign_id, character_id=ada.pk, key="k", intent="Slip past", factors=LISTED)
        after = _migrated(AFTER)
        rows = after.get_model("advantage", "Factor").objects.filter(for_check_id=check.pk).order_by("pk")
        assert [(row.kind, row.name, row.dice, row.suggested_by_id, row.ref) for row in rows] == [
            ("situation", "Time to prepare", 1, gm.user_id, None),
            ("wound", "Cracked rib", -2, gm.user_id, 12),
            ("assistance", "Simple help", 1, None, None)]  # nobody of that name here: nobody's
        assert not hasattr(after.get_model("advantage", "Check").objects.get(pk=check.pk), "listed_factors")
        back = _migrated(BEFORE).get_model("advantage", "Check").objects.get(pk=check.pk)
        assert back.factors == [{**LISTED[0], "id": 1}, {**LISTED[1], "id": 2}, {**LISTED[2], "id": 3, "by": ""}]
    finally:
        _migrated(MigrationExecutor(connection).loader.graph.leaf_nodes())
