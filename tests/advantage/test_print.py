"""An Advantage & Threat sheet on paper: every member prints it, as the sheet shows it to them."""

import pytest
from django.urls import reverse


@pytest.mark.parametrize("who", ["player", "other_player", "gm"])
def test_every_member_prints_the_sheet_with_its_skills_points_and_kit(advantage_table, who):
    table = advantage_table
    page = table.client(who).get(reverse("character_print", args=[table.campaign.pk, table.character.pk]))
    assert page.status_code == 200
    text = " ".join(page.text.split())
    for seen in ("Subterfuge", "2 PLUS", "Disguise, Sneak", "Free my brother", "Chameleon cloak",
                 "Active camouflage +1 PLUS", "Bulky +1 MINUS", "Reckless", "Exhausted", "Cracked rib (level 2)",
                 "Action Points"):
        assert seen in text
    assert "Security drone" not in text  # the GM's threat is no part of a sheet
    assert "<form" not in page.text


def test_the_sheet_links_its_print_and_an_outsider_finds_none(advantage_table):
    table = advantage_table
    address = reverse("character_print", args=[table.campaign.pk, table.character.pk])
    assert f'href="{address}"' in table.client("other_player").get(table.character.get_absolute_url()).text
    assert table.client("outsider").get(address).status_code == 404
