"""A hack's own character details ("Changing the Details": "If your setting heavily focuses on which
god the PCs worship, than add a `God` detail"): a short text each on every Charge sheet, written by
its player or the GM, read by every member, printed, and carried by the campaign's export."""

import json

import pytest
from django.urls import reverse

from campaign.models import Campaign
from campaign.transfer import export_campaign, import_campaign
from charge.models import Setup, Sheet
from tests.helpers import HTMX, fresh, words

pytestmark = pytest.mark.django_db


@pytest.fixture
def godly(table):
    Setup.objects.filter(campaign=table.campaign).update(dials={"details": ["God", "Patron"]})
    table.campaign = Campaign.objects.get(pk=table.campaign.pk)
    return table


def details_url(table):
    return reverse("character_details", args=[table.campaign.pk, table.character.pk])


def write(table, who, key="k1", htmx=False, **texts):
    data = {"key": key, **{f"detail-{name}": text for name, text in texts.items()}}
    return table.client(who).post(details_url(table), data, **(HTMX if htmx else {}))


def test_without_details_of_its_own_the_sheet_shows_no_such_card(table):
    page = table.client("player").get(table.character.get_absolute_url()).text
    assert 'id="more_details"' not in page


@pytest.mark.parametrize("who", ["player", "gm"])
def test_the_player_or_the_gm_writes_them_and_every_member_reads_them(godly, who):
    assert write(godly, who, God="The Drowned One", Patron="Lady Vey").status_code == 302
    assert fresh(godly.character.charge).details == {"God": "The Drowned One", "Patron": "Lady Vey"}
    for reader in ("player", "other_player", "gm"):
        page = words(godly.client(reader).get(godly.character.get_absolute_url()))
        assert "God The Drowned One" in page and "Patron Lady Vey" in page
    printed = words(godly.client("other_player").get(reverse("character_print", args=[godly.campaign.pk,
                                                                                       godly.character.pk])))
    assert "God The Drowned One" in printed


def test_only_its_player_and_the_gm_may_write_or_open_the_form(godly):
    for who in ("other_player", "outsider"):
        assert write(godly, who, God="Mine now").status_code == 404
        assert godly.client(who).get(details_url(godly)).status_code == 404
    assert fresh(godly.character.charge).details == {}
    sheet = godly.client("other_player").get(godly.character.get_absolute_url()).text
    assert details_url(godly) not in sheet  # no edit link for a reader
    assert details_url(godly) in godly.client("player").get(godly.character.get_absolute_url()).text


def test_the_form_opens_in_the_panel_with_htmx_and_on_the_sheet_without(godly):
    write(godly, "player", God="The Drowned One")
    panel = godly.client("player").get(details_url(godly), **HTMX)
    assert panel.status_code == 200 and 'name="detail-God"' in panel.text and 'value="The Drowned One"' in panel.text
    assert "<html" not in panel.text
    page = godly.client("player").get(details_url(godly))
    assert "<html" in page.text and 'name="detail-Patron"' in page.text


def test_an_htmx_write_answers_the_panel_and_a_repeat_writes_once(godly):
    answer = write(godly, "player", htmx=True, God="The Drowned One")
    assert answer.status_code == 200 and "The Drowned One" in answer.text and "<html" not in answer.text
    assert answer.headers.get("HX-Trigger")  # the page's other panels refresh
    write(godly, "player", God="Changed meanwhile", key="k2")
    again = write(godly, "player", htmx=True, God="The Drowned One")  # the first tap's key, sent again
    assert again.status_code == 200
    assert fresh(godly.character.charge).details["God"] == "Changed meanwhile"


def test_a_detail_the_hack_does_not_have_is_not_written_and_a_long_text_is_refused(godly):
    write(godly, "player", God="Ok", Ruler="Not a detail of this hack")
    assert fresh(godly.character.charge).details == {"God": "Ok"}
    refused = write(godly, "player", htmx=True, key="k2", God="x" * 201)
    assert "A detail is at most 200 characters." in refused.text
    assert fresh(godly.character.charge).details == {"God": "Ok"}


def test_the_chapters_details_are_said_in_the_readers_language(table):
    Setup.objects.filter(campaign=table.campaign).update(dials={"details": ["God", "Role in the group"]})
    client = table.client("player")
    client.cookies["django_language"] = "fr"
    page = client.get(table.character.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Dieu" in page and "Rôle dans le groupe" in page


def test_the_campaign_export_carries_the_details_and_an_import_keeps_them(godly):
    write(godly, "player", God="The Drowned One", Patron="Lady Vey")
    first = export_campaign(godly.campaign)
    copy = import_campaign(json.loads(json.dumps(first)), godly.gm)
    sheet = Sheet.objects.get(character__campaign=copy)
    assert sheet.details == {"God": "The Drowned One", "Patron": "Lady Vey"}
    assert copy.charge.rules.details == ("God", "Patron")
    second = export_campaign(copy)
    assert [c["details"] for c in second["characters"]] == [c["details"] for c in first["characters"]]
