"""An Ability vs Difficulty sheet on paper: every member prints it, as the sheet shows it to them."""

import pytest
from django.urls import reverse


@pytest.mark.parametrize("who", ["player", "other_player", "gm"])
def test_every_member_prints_the_sheet_with_its_skills_boosts_grit_and_gear(ability_table, who):
    table = ability_table
    page = table.client(who).get(reverse("character_print", args=[table.campaign.pk, table.character.pk]))
    assert page.status_code == 200
    text = " ".join(page.text.split())
    for seen in ("Climbing", "Skilled d8", "Rope and pitons · d6", "applies to climbing",
                 "Constraints: an anchor point", "Grip gloves · d4", "Grit points"):
        assert seen in text
    assert "Athletics" not in text  # Bruno's, not Ada's
    assert "<form" not in page.text


def test_the_sheet_links_its_print_and_an_outsider_finds_none(ability_table):
    table = ability_table
    address = reverse("character_print", args=[table.campaign.pk, table.character.pk])
    assert f'href="{address}"' in table.client("other_player").get(table.character.get_absolute_url()).text
    assert table.client("outsider").get(address).status_code == 404


def test_a_boost_whose_benefit_is_words_prints_its_words_and_no_die(ability_table):
    from ability.models import Boost
    table = ability_table
    Boost.objects.create(character=table.character, name="Old map", die=None, benefit="Knows the hidden stair")
    text = " ".join(table.client("player").get(reverse("character_print", args=[table.campaign.pk, table.character.pk])).text.split())
    assert "Knows the hidden stair" in text and "dNone" not in text
