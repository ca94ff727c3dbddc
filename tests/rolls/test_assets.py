"""Assets ("Asset Extra"): held on the sheet, used in one roll for +1d6 or increased effect, and
spent by it; the GM gives them as a boon."""

import re

import pytest
from django.urls import reverse

from charge.landed import aftermath
from charge.models import Asset, Setup
from rolls.models import Roll
from tests.helpers import HTMX, wizard


@pytest.fixture
def with_assets(crew):
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={"extras": ["asset"]})
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
    assert aftermath(Roll.objects.get()).effect == 3  # standard, raised to great


def test_without_an_asset_there_is_nothing_to_use(with_assets, dice):
    dice(6, 2, 1)
    wizard(with_assets, asset="999:die")
    assert Roll.objects.get().dice_sources == ["rating", "rating"]  # no free die


def test_only_the_gm_gives_and_only_with_the_extra(crew):
    assert give(crew, "A boon", who="player").status_code == 404
    response = give(crew, "A boon")
    assert "This campaign does not use assets" in response.text and not Asset.objects.exists()


def loot(crew, who="player", **data):
    return crew.client(who).post(reverse("roll_loot", args=[crew.campaign.pk]), {
        "key": data.pop("key", "loot-1"), "character": crew.ada.pk, "pool": 1, **data})


def test_a_loot_roll_of_a_6_puts_one_asset_on_the_searchers_sheet(with_assets, dice):
    """"Loot Roll": roll 1d6; on a 6 you create one asset; note it on someone's sheet."""
    crew = with_assets
    dice(6)
    response = loot(crew, name="The captain's spyglass")
    roll = Roll.objects.get()
    assert (roll.kind, roll.dice, roll.choices["assets"]) == ("loot", [6], 1)
    assert [(a.name, a.source, a.character) for a in Asset.objects.all()] == [("The captain's spyglass", "loot", crew.ada)]
    page = crew.client("player").get(response.url).text
    assert "Found one asset: The captain&#x27;s spyglass, on Ada&#x27;s sheet." in page
    sheet = crew.client("player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    assert "The captain&#x27;s spyglass" in sheet and "· Loot" in sheet


@pytest.mark.parametrize("face", [1, 3, 5])
def test_a_loot_roll_of_1_to_5_finds_nothing(with_assets, dice, face):
    """"On a 1-5: nothing happens": not a bad outcome, and the page does not call it one."""
    dice(face)
    loot(with_assets, name="Anything")
    assert Roll.objects.get().choices["assets"] == 0 and not Asset.objects.exists()
    page = with_assets.client("player").get(Roll.objects.get().get_absolute_url()).text
    shown = re.search(r'data-testid="outcome">(.*?)</p>', page, re.S).group(1)
    assert shown == "Nothing" and "Bad outcome" not in page and "Partial success" not in page
    for url in (reverse("rolls", args=[with_assets.campaign.pk]), reverse("table", args=[with_assets.campaign.pk])):
        shown = with_assets.client("player").get(url).text
        assert "Nothing" in shown and "Bad outcome" not in shown and "Partial success" not in shown, url


def test_the_loot_page_says_a_66_needs_two_dice(with_assets):
    """"On a critical (66): you create two assets" cannot happen on the rule's 1d6 (reading LOOT_POOL)."""
    page = with_assets.client("player").get(reverse("roll_loot", args=[with_assets.campaign.pk])).text
    assert "two assets on a 66 need two dice" in page
    assert "two 6s find two" not in page


def test_two_sixes_on_a_place_the_gm_says_is_richer_find_two_assets(with_assets, dice):
    dice(6, 6)
    loot(with_assets, who="gm", pool=2, name="Gold")
    assert Asset.objects.filter(name="Gold").count() == 2
    dice(6, 6)
    loot(with_assets, key="loot-2", pool=6, name="More")  # a player's search is the rule's 1d6
    assert Roll.objects.get(goal="More").pool_size == 1


def test_the_loot_odds_are_exact(with_assets):
    text = with_assets.client("player").get(reverse("loot_odds", args=[with_assets.campaign.pk]), {"pool": 1}).text
    assert "Nothing:\n      <strong>83%</strong> <span class=\"text-body-secondary\">5/6</span>" in text
    assert "One asset:\n      <strong>17%</strong> <span class=\"text-body-secondary\">1/6</span>" in text
    assert "Two assets:\n      <strong>0%</strong>" in text


def test_loot_is_for_your_own_character_and_only_with_the_asset_extra(with_assets, dice):
    crew = with_assets
    dice(6)
    response = loot(crew, character=crew.bo.pk)
    assert "Select a valid choice" in response.text and not Roll.objects.exists()
    Setup.objects.filter(campaign=crew.campaign.pk).update(dials={"extras": []})
    assert loot(crew).status_code == 404 and not Asset.objects.exists()
    assert "Loot roll" not in crew.client("gm").get(reverse("console", args=[crew.campaign.pk]), **HTMX,
                                                    QUERY_STRING="panel=console-roll").text


def test_the_gm_gives_a_boon_from_the_console_in_one_tap(with_assets):
    crew = with_assets
    c = crew.campaign.pk
    assert "Give Ada a boon" in crew.client("gm").get(reverse("console", args=[c])).text
    latest = crew.client("gm").get(reverse("console", args=[c]), {"panel": "console-roll"}, **HTMX).text
    assert f'href="{reverse("roll_loot", args=[c])}">Loot roll' in latest
    crew.client("gm").post(reverse("character_asset", args=[crew.campaign.pk, crew.ada.pk]),
                           {"name": "A brilliant bluff"}, **HTMX)
    assert Asset.objects.get().name == "A brilliant bluff"
