"""Assets ("Asset Extra"): held on the sheet, used in one roll for +1d6 or increased effect, and
spent by it; the GM gives them as a boon."""

import pytest
from django.urls import reverse

from campaign.models import Campaign
from characters.models import Asset
from rolls.models import Roll
from tests.helpers import HTMX, wizard


@pytest.fixture
def with_assets(crew):
    Campaign.objects.filter(pk=crew.campaign.pk).update(dials={"extras": ["asset"]})
    crew.campaign.refresh_from_db()
    return crew


def give(crew, name, who="gm"):
    return crew.client(who).post(reverse("character_asset", args=[crew.campaign.pk, crew.ada.pk]),
                                 {"name": name}, **HTMX)


def test_an_asset_given_as_a_boon_is_used_once_for_a_die(with_assets, dice):
    crew = with_assets
    give(crew, "The harbourmaster's seal")
    asset = Asset.objects.get()
    sheet = crew.client("player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    assert "The harbourmaster&#x27;s seal" in sheet
    dice(6, 2, 1)
    wizard(crew, asset=f"{asset.pk}:die")
    roll = Roll.objects.get()
    assert roll.dice_sources == ["rating", "rating", "asset"]
    asset.refresh_from_db()
    assert asset.spent_by == roll
    dice(6, 2, 1)
    wizard(crew, asset=f"{asset.pk}:die")
    assert "asset" not in Roll.objects.latest("pk").dice_sources  # spent: no longer there to use


def test_an_asset_for_effect_raises_the_effect(with_assets, dice):
    crew = with_assets
    give(crew, "A map of the sewers")
    dice(6, 2)
    wizard(crew, asset=f"{Asset.objects.get().pk}:effect")
    assert Roll.objects.get().effect == 3  # standard, raised to great


def test_without_an_asset_there_is_nothing_to_use(with_assets, dice):
    dice(6, 2, 1)
    wizard(with_assets, asset="999:die")
    assert Roll.objects.get().dice_sources == ["rating", "rating"]  # no free die


def test_only_the_gm_gives_and_only_with_the_extra(crew):
    assert give(crew, "A boon", who="player").status_code == 404
    response = give(crew, "A boon")
    assert "This campaign does not use assets" in response.text and not Asset.objects.exists()
