"""An Advantage & Threat sheet's history lists its skills, flaws, gear, conditions, wounds and
points as they changed, beside the character's own versions; GMs only."""

from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_gm_reads_every_skill_and_kit_change(advantage_table):
    table = advantage_table
    url = lambda name: reverse(name, args=[table.campaign.pk, table.character.pk])  # noqa: E731
    player = table.client("player")
    player.post(url("advantage_rank"), {"skill": table.skill.pk, "rank": 3}, **HTMX)
    player.post(url("advantage_entry_add"), {"kind": "flaw", "name": "Cowardly"}, **HTMX)
    player.post(url("advantage_drive"), {"drive": "Find my sister"}, **HTMX)
    page = table.client("gm").get(url("character_history"))
    text = " ".join(page.text.split())
    assert page.status_code == 200
    assert "Skill: Subterfuge" in text and "Rank: 2 → 3" in text
    assert "Flaw: Cowardly · added" in text
    assert "as first recorded" in text and "Drive: Find my sister" in text  # made before any record
    assert table.client("other_player").get(url("character_history")).status_code == 404
