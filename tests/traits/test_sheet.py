"""The Traits & Consequence sheet through its pages: every role, full page and htmx panels, each
edit and its refusals; and the campaign's choice of system."""

import pytest
from django.urls import reverse

from campaign.models import Campaign
from rolls.models import Roll
from tests.factories import CharacterFactory
from traits.models import Feature, Sheet

HTMX = {"HTTP_HX_REQUEST": "true"}
PANELS = ("traits-stats", "traits-features", "traits-pool")


def url(table, name):
    return reverse(name, args=[table.campaign.pk, table.character.pk])


@pytest.mark.parametrize("who", ["player", "other_player", "gm"])
def test_every_member_reads_the_sheet_full_page_and_panel_by_panel(traits_table, who):
    table = traits_table
    page = table.client(who).get(table.character.get_absolute_url())
    assert page.status_code == 200
    assert "Super-Strength" in page.text and "Rapier" in page.text and "Horribly nearsighted" in page.text
    assert ("Save the Stats" in page.text) is (who != "other_player")  # the owner and the GM edit it
    assert ("Correct the pool or GL" in page.text) is (who == "gm")
    for panel in PANELS:
        part = table.client(who).get(table.character.get_absolute_url(), {"panel": panel}, **HTMX)
        assert part.status_code == 200 and "<html" not in part.text and f'id="{panel}"' in part.text


def test_an_outsider_finds_no_sheet(traits_table):
    table = traits_table
    assert table.client("outsider").get(table.character.get_absolute_url()).status_code == 404


def test_the_player_sets_ratings_and_current_values(traits_table):
    table = traits_table
    client = table.client("player")
    response = client.post(url(table, "traits_stats"), {"rating-0": 4, "current-0": 3}, **HTMX)
    assert response.status_code == 200 and 'value="4"' in response.text
    assert Sheet.objects.get(character=table.character).stats["Muscle"] == {"rating": 4, "current": 3}
    assert table.campaign.events.filter(text="Ada's Stats: Muscle 3/4.").exists()
    response = client.post(url(table, "traits_stats"), {"rating-0": 2, "current-0": 3}, **HTMX)
    assert "a current value from 0 to the rating" in response.text
    assert Sheet.objects.get(character=table.character).stats["Muscle"] == {"rating": 4, "current": 3}
    assert table.client("other_player").post(url(table, "traits_stats"), {"rating-0": 1}).status_code == 404


def test_powers_traits_and_items_are_added_and_struck_out(traits_table):
    table = traits_table
    client = table.client("player")
    client.post(url(table, "traits_feature_add"), {"kind": "power", "name": "Flight", "value": 2,
                                                   "applies_to": "chases", "tagged": "on"})
    flight = Feature.objects.get(name="Flight")
    assert (flight.kind, flight.value, flight.applies_to, flight.tagged) == ("power", 2, "chases", True)
    response = client.post(url(table, "traits_feature_add"), {"kind": "item", "name": "Cursed ring", "value": 1,
                                                              "tagged": "on"}, **HTMX)
    assert "Only Traits and Powers carry the Consequence tag." in response.text
    response = client.post(url(table, "traits_feature_add"), {"kind": "spell", "name": "Fireball"}, **HTMX)
    assert "Choose Power, Trait or Item." in response.text
    assert not Feature.objects.filter(name__in=("Cursed ring", "Fireball")).exists()
    client.post(url(table, "traits_feature_remove"), {"feature": flight.pk})
    assert not Feature.objects.filter(name="Flight").exists()


def test_the_gm_sets_the_campaigns_stats_and_corrects_the_pool(traits_table):
    table = traits_table
    gm = table.client("gm")
    gm.post(url(table, "traits_stat_list"), {"stats": "Might\nWits\n\nHeart\nWits\n" + "L" * 40})
    table.campaign.refresh_from_db()
    assert table.campaign.system_options["stats"] == ["Might", "Wits", "Heart", "L" * 30]
    page = table.client("player").get(table.character.get_absolute_url())
    assert "Might" in page.text and "Perception" not in page.text
    gm.post(url(table, "traits_pool"), {"consequence": 2, "gl": 6})
    sheet = Sheet.objects.get(character=table.character)
    assert (sheet.consequence, sheet.gl) == (2, 6)
    assert table.campaign.events.filter(text="Ada's Consequence pool set to 2, GL 6.").exists()
    response = gm.post(url(table, "traits_pool"), {"consequence": 6, "gl": 6}, **HTMX)
    assert "the pool stays below it" in response.text
    assert table.client("player").post(url(table, "traits_pool"), {"consequence": 0, "gl": 9}).status_code == 404


def test_a_campaign_chooses_its_system_when_it_is_created(client, user):
    client.force_login(user)
    form = client.get(reverse("campaign_create")).text
    assert "Traits &amp; Consequence" in form and "It can change only while the campaign has no rolls" in form
    client.post(reverse("campaign_create"), {"name": "Capes", "system": "traits", "ruleset": "charge",
                                             "risk_wording": "risk"})
    campaign = Campaign.objects.get(name="Capes")
    assert campaign.system == "traits"
    page = client.get(campaign.get_absolute_url()).text
    assert "Traits &amp; Consequence · you are a GM" in page and "Playbooks" not in page and "Dials" not in page
    # Offered only the systems registered.
    client.post(reverse("campaign_create"), {"name": "Dice", "system": "dice-of-doom", "ruleset": "charge",
                                             "risk_wording": "risk"})
    assert not Campaign.objects.filter(name="Dice").exists()


def test_the_system_changes_only_while_the_campaign_has_no_rolls(table):
    gm, edit = table.client("gm"), reverse("campaign_edit", args=[table.campaign.pk])
    data = {"name": table.campaign.name, "pitch": "", "system": "traits", "ruleset": "charge", "risk_wording": "risk"}
    gm.post(edit, data)
    table.campaign.refresh_from_db()
    assert table.campaign.system == "traits" and Sheet.objects.filter(character=table.character).exists()
    Roll.objects.create(campaign=table.campaign, kind="conflict", idempotency_key="one", dice=[4])
    assert "its dice system stays as it is" in gm.get(edit).text
    gm.post(edit, {**data, "system": "charge"})
    table.campaign.refresh_from_db()
    assert table.campaign.system == "traits"
    # The form's check holds even for a form made before the first roll.
    from campaign.forms import CampaignForm
    Roll.objects.all().delete()
    form = CampaignForm({**data, "system": "charge"}, instance=table.campaign)
    Roll.objects.create(campaign=table.campaign, kind="conflict", idempotency_key="two", dice=[4])
    assert not form.is_valid() and "can change only while the campaign has no rolls" in str(form.errors)


def test_a_new_character_of_a_traits_campaign_is_ready_to_play_with_its_sheet(traits_table):
    table = traits_table
    table.client("other_player").post(reverse("character_create", args=[table.campaign.pk]), {"name": "Bo"})
    bo = table.campaign.characters.get(name="Bo")
    assert bo.created and Sheet.objects.get(character=bo).gl == 5
    assert CharacterFactory(campaign=table.campaign, name="Cy").traits_sheet.consequence == 0
