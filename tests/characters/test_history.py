"""Every change to a sheet, a clock and a force is recorded: who, when, before and after; the GM
restores a sheet to an earlier version."""

from django.urls import reverse

from tests.factories import CharacterFactory, ClockFactory
from tests.helpers import HTMX, fresh, sheet_url


def test_a_change_by_hand_is_recorded_with_who_made_it(table, sheet):
    table.client("player").post(sheet_url(table, "character_momentum", sheet), {"delta": 1}, **HTMX)
    latest = sheet.charge.history.first()
    assert (latest.momentum, latest.history_user, latest.history_type) == (3, table.player, "~")
    previous = latest.prev_record
    assert previous.momentum == 2


def test_the_session_start_reset_is_recorded_on_every_sheet(table, sheet):
    from django.utils import timezone
    table.session.ended_at = timezone.now()
    table.session.save()
    Bo = CharacterFactory(campaign=table.campaign, name="Bo", momentum=5)
    table.client("gm").post(reverse("session_start", args=[table.campaign.pk]), {"number": 2})
    assert [h.momentum for h in Bo.charge.history.all()[:2]] == [2, 5]
    assert Bo.charge.history.first().history_user == table.gm


def test_clock_and_force_changes_are_recorded(table):
    clock = ClockFactory(campaign=table.campaign, name="Alert", kind="danger", size=6)
    table.client("gm").post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), {"amount": 2})
    assert [h.filled for h in clock.history.all()] == [2, 0]
    table.client("gm").post(reverse("force_reveal", args=[table.campaign.pk, table.hidden_force.pk]),
                            {"revealed": "1"})
    latest = table.hidden_force.history.first()
    assert (latest.revealed, latest.history_user) == (True, table.gm)


def test_the_gm_reads_a_sheets_history_and_players_cannot(table, sheet):
    table.client("player").post(sheet_url(table, "character_text", sheet, "condition"), {"value": "Tired", "seen": ""})
    for _ in range(2):
        table.client("player").post(sheet_url(table, "character_momentum", sheet), {"delta": -1})
    page = table.client("gm").get(sheet_url(table, "character_history", sheet))
    assert "Condition: — → Tired" in page.text
    assert "Momentum: 1 → 0" in page.text  # a zero is shown as a zero
    assert "player1" in page.text
    assert table.client("player").get(sheet_url(table, "character_history", sheet)).status_code == 404


def test_the_gm_restores_an_earlier_version_and_the_restoring_is_recorded(table, sheet):
    client = table.client("player")
    client.post(sheet_url(table, "character_text", sheet, "condition"), {"value": "Tired", "seen": ""})
    tired = sheet.history.first()
    client.post(sheet_url(table, "character_text", sheet, "condition"), {"value": "Drunk", "seen": "Tired"})
    client.post(sheet_url(table, "character_momentum", sheet), {"delta": -1})
    assert (fresh(sheet).condition, sheet.charge.momentum) == ("Drunk", 1)
    table.client("gm").post(sheet_url(table, "character_restore", sheet, tired.history_id))
    assert (fresh(sheet).condition, sheet.charge.momentum) == ("Tired", 2)
    assert sheet.history.first().history_change_reason.startswith("Restored to the version of")
    assert table.campaign.events.filter(text__contains="restored Ada's sheet", gm_only=True).exists()


def test_a_version_of_another_sheet_cannot_be_restored_onto_this_one(table, sheet):
    other = CharacterFactory(campaign=table.campaign, name="Bo", condition="Lost")
    response = table.client("gm").post(sheet_url(table, "character_restore", sheet, other.history.first().history_id),
                                       follow=True)
    assert "That version is not in this sheet's history." in response.text.replace("&#x27;", "'")
    assert fresh(sheet).condition == ""


def test_the_history_lists_ties_as_they_come_and_go_beside_the_sheets_own_versions(table, sheet):
    table.client("player").post(sheet_url(table, "character_tie", sheet), {"text": "An old friend", "link": ""})
    tie = sheet.ties.get(text="An old friend")
    table.client("player").post(sheet_url(table, "character_tie_delete", sheet, tie.pk))
    text = " ".join(table.client("gm").get(sheet_url(table, "character_history", sheet)).text.split())
    assert text.count("Tie: An old friend") == 2
    assert "Tie: An old friend · added" in text and "Tie: An old friend · removed" in text
    assert text.index("· removed") < text.index("· added")  # newest first
