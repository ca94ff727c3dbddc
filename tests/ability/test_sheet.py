"""The Ability vs Difficulty sheet through its pages: skill sets and specializations rated by die
("Ability": Novice d4 ... Master d12, reading 1), boosts, gear and grit points; each change as the
owner, the other player, the GM and an outsider, full page and htmx panel."""

from django.urls import reverse

from ability.models import Action, Boost, Sheet, Skill
from campaign.models import Campaign

HTMX = {"HTTP_HX_REQUEST": "true"}


def post(table, who, name, data, htmx=False, character=None):
    character = character or table.character
    return table.client(who).post(reverse(name, args=[table.campaign.pk, character.pk]), data, **(HTMX if htmx else {}))


def test_a_campaign_created_on_this_system_gives_each_character_its_sheet(client, user):
    client.force_login(user)
    assert "Ability vs Difficulty" in client.get(reverse("campaign_create")).text
    client.post(reverse("campaign_create"), {"name": "Spires", "system": "ability", "ruleset": "charge", "risk_wording": "risk"})
    campaign = Campaign.objects.get(name="Spires")
    client.post(reverse("character_create", args=[campaign.pk]), {"name": "Maren"})
    maren = campaign.characters.get()
    assert Sheet.objects.get(character=maren).grit == 0
    page = client.get(maren.get_absolute_url()).text
    assert "Skill sets and specializations" in page and "every roll is unskilled, a Novice d4 at disadvantage" in page


def test_skills_are_rated_by_die_and_written_by_the_owner_or_the_gm(ability_table):
    table = ability_table
    response = post(table, "player", "ability_skill_add", {"name": "Free soloing", "die": 12, "specialization": "on"}, htmx=True)
    assert response.status_code == 200 and "<html" not in response.text and "Master (d12)" in response.text
    skill = Skill.objects.get(name="Free soloing")
    assert skill.die == 12 and skill.specialization and skill.rating == "Master d12"
    post(table, "gm", "ability_skill_die", {"skill": skill.pk, "die": 10})
    skill.refresh_from_db()
    assert skill.die == 10
    for who in ("other_player", "outsider"):
        assert post(table, who, "ability_skill_add", {"name": "Stolen", "die": 6}).status_code == 404
        assert post(table, who, "ability_skill_remove", {"skill": skill.pk}).status_code == 404
    assert not Skill.objects.filter(name="Stolen").exists()
    page = table.client("other_player").get(table.character.get_absolute_url())
    assert "Expert d10" in page.text and "Strike out Free soloing" not in page.text
    post(table, "player", "ability_skill_remove", {"skill": skill.pk})
    assert not Skill.objects.filter(pk=skill.pk).exists()


def test_a_die_outside_the_ratings_or_a_second_skill_of_a_name_is_refused(ability_table):
    table = ability_table
    response = post(table, "player", "ability_skill_add", {"name": "Juggling", "die": 7}, htmx=True)
    assert "Choose a die: d4, d6, d8, d10 or d12." in response.text
    response = post(table, "player", "ability_skill_add", {"name": "climbing", "die": 6}, htmx=True)
    assert "Ada already has climbing." in response.text
    response = post(table, "player", "ability_boost_add", {"name": "", "die": 6}, htmx=True)
    assert "Name the boost." in response.text
    assert Skill.objects.filter(character=table.character).count() == 1 and Boost.objects.count() == 2


def test_a_skill_or_boost_in_an_action_on_its_way_stays(ability_table):
    table = ability_table
    Action.objects.create(campaign=table.campaign, character=table.character, key="k", intent="Climb", skill=table.climbing)
    response = post(table, "player", "ability_skill_remove", {"skill": table.climbing.pk}, htmx=True)
    assert "Not while an action roll is on its way" in response.text
    post(table, "player", "ability_boost_remove", {"boost": table.rope.pk})
    assert Skill.objects.filter(pk=table.climbing.pk).exists() and Boost.objects.filter(pk=table.rope.pk).exists()


def test_boosts_gear_and_grit(ability_table):
    table = ability_table
    post(table, "player", "ability_boost_add", {"name": "Lucky coin", "die": 4, "applies_to": "anything",
                                                "constraints": "once a scene"})
    boost = Boost.objects.get(name="Lucky coin")
    assert (boost.die, boost.applies_to, boost.constraints) == (4, "anything", "once a scene")
    post(table, "player", "ability_gear", {"gear": "Rope, chalk, a lantern"})
    assert Sheet.objects.get(character=table.character).gear == "Rope, chalk, a lantern"
    # Grit is earned and spent at the table; only the GM corrects it.
    assert post(table, "player", "ability_grit", {"grit": 9}).status_code == 404
    response = post(table, "gm", "ability_grit", {"grit": -1}, htmx=True)
    assert "Grit points: a whole number from 0 to 99." in response.text
    post(table, "gm", "ability_grit", {"grit": 2})
    assert Sheet.objects.get(character=table.character).grit == 2
    for who in ("player", "other_player", "gm"):
        full = table.client(who).get(table.character.get_absolute_url())
        assert full.status_code == 200 and 'data-testid="grit">2<' in full.text
        for panel in ("ability-skills", "ability-boosts", "ability-grit"):
            response = table.client(who).get(table.character.get_absolute_url(), {"panel": panel}, **HTMX)
            assert response.status_code == 200 and "<html" not in response.text
    assert table.client("outsider").get(table.character.get_absolute_url()).status_code == 404
