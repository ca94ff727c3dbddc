"""An Ability vs Difficulty sheet's history lists its skills, boosts, grit and gear as they
changed, beside the character's own versions; GMs only."""

from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_gm_reads_every_skill_boost_and_grit_change(ability_table):
    table = ability_table
    url = lambda name: reverse(name, args=[table.campaign.pk, table.character.pk])  # noqa: E731
    player = table.client("player")
    player.post(url("ability_skill_die"), {"skill": table.climbing.pk, "die": 10}, **HTMX)
    player.post(url("ability_boost_remove"), {"boost": table.gloves.pk}, **HTMX)
    page = table.client("gm").get(url("character_history"))
    text = " ".join(page.text.split())
    assert page.status_code == 200
    assert "Skill: Climbing" in text and "Die: d8 → d10" in text
    assert "Boost: Grip gloves · removed" in text
    assert table.client("player").get(url("character_history")).status_code == 404
