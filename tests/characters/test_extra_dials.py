"""The optional dials of the Scars Extra, through the views: "Compensating" and "Starting the
game with scars"."""

from characters.models import Character
from charge.models import Attachment, Goal, Setup
from tests.helpers import fresh, sheet_url, update_character


def dialled(table, extras, *dials):
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": extras, "extra_dials": list(dials)})
    table.campaign.refresh_from_db()
    return table


def edit(table, character, field, value, who="player"):
    return table.client(who).post(sheet_url(table, "character_text", character, field),
                                  {"value": value, "seen": getattr(character.text_holder(field), field)})


def test_compensating_notes_what_lessens_a_scar_and_keeps_the_scar(table):
    ada = table.character
    update_character(ada.pk, created=True, scars="Missing left hand")
    dialled(table, ["scars"])
    assert table.client("player").get(sheet_url(table, "character_text", ada, "compensations")).status_code == 404
    assert "Compensations" not in table.client("player").get(ada.get_absolute_url()).text
    dialled(table, ["scars"], "scars_compensating")
    edit(table, fresh(ada), "compensations", "A clockwork hand from the guild")
    ada = fresh(ada)
    assert (ada.charge.scars, ada.charge.compensations) == ("Missing left hand", "A clockwork hand from the guild")
    sheet = table.client("other_player").get(ada.get_absolute_url()).text
    assert "Compensations" in sheet and "A clockwork hand from the guild" in sheet
    assert edit(table, ada, "compensations", "Stolen", who="other_player").status_code == 404


def test_a_new_character_starts_with_scars_only_with_the_dial(table):
    """"If you want your character to start out with scars there needs to be a story"."""
    ada = table.character
    assert not ada.created
    dialled(table, ["scars"])
    assert edit(table, ada, "scars", "A burn from the mill fire").status_code == 404
    assert fresh(ada).charge.scars == ""
    dialled(table, ["scars"], "scars_at_start")
    page = table.client("player").get(sheet_url(table, "character_text", ada, "scars")).text
    assert "each with its story" in page
    edit(table, ada, "scars", "A burn from the mill fire: I carried my brother out")
    assert fresh(ada).charge.scars == "A burn from the mill fire: I carried my brother out"


def test_after_creation_the_player_writes_the_scar_the_stress_clock_left(table):
    ada = table.character
    Character.objects.filter(pk=ada.pk).update(created=True)
    dialled(table, ["scars"])
    edit(table, fresh(ada), "scars", "A deep scar across the abdomen")
    assert fresh(ada).charge.scars == "A deep scar across the abdomen"


def test_the_printed_sheet_carries_the_extras(table):
    ada = table.character
    update_character(ada.pk, created=True, scars="Missing left hand", compensations="A clockwork hand")
    Goal.objects.create(character=ada, name="Learn the old tongue", filled=3)
    Attachment.objects.create(character=ada, name="Old Bertha, my rifle", wear=4)
    dialled(table, ["scars", "goals", "attachment"], "scars_compensating", "attachment_condition")
    page = table.client("other_player").get(sheet_url(table, "character_print", ada)).text
    for text in ("Missing left hand", "A clockwork hand", "Learn the old tongue (medium)", "3/8",
                 "Old Bertha, my rifle (unusable)", "condition 4/4"):
        assert text in page, text
