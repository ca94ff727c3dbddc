"""A Traits & Consequence sheet on paper: every member prints it, as the sheet shows it to them."""

import pytest
from django.urls import reverse


@pytest.mark.parametrize("who", ["player", "other_player", "gm"])
def test_every_member_prints_the_sheet_with_its_stats_pool_and_features(traits_table, who):
    table = traits_table
    page = table.client(who).get(reverse("character_print", args=[table.campaign.pk, table.character.pk]))
    assert page.status_code == 200
    text = " ".join(page.text.split())
    for seen in ("Muscle", "Focus", "Speed", "Super-Strength", "lifting, punching", "2 successes", "Nasty Uppercut",
                 "© Horribly nearsighted", "Rapier", "Value 2", "Pool", "GL"):
        assert seen in text
    assert "<form" not in page.text  # paper: nothing to tap


def test_the_sheet_links_its_print_and_an_outsider_finds_none(traits_table):
    table = traits_table
    address = reverse("character_print", args=[table.campaign.pk, table.character.pk])
    assert f'href="{address}"' in table.client("other_player").get(table.character.get_absolute_url()).text
    assert table.client("outsider").get(address).status_code == 404
