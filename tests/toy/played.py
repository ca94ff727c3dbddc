"""The coin flip played end to end as a fifth dice system, installed as any would be: its app
named in ``SYSTEM_APPS`` and nothing else (test_toy_system.py runs this file so). Every page
here is shared code asking the registry; a shared module that names the systems it knows
fails here."""

import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from campaign.models import Campaign
from core.systems import playable
from tests.factories import UserFactory, join
from tests.helpers import ScriptedDice

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(client, monkeypatch):
    """A GM makes a coin-flip campaign through the form, a player makes a character and flips."""
    gm, player, outsider = (UserFactory(username=name) for name in ("flipmaster", "flipper", "stranger"))
    client.force_login(gm)
    assert "toy" in client.get(reverse("campaign_create")).text
    response = client.post(reverse("campaign_create"), {"name": "Heads Up", "system": "toy"})
    campaign = Campaign.objects.get(name="Heads Up")
    assert response.status_code == 302 and campaign.system == "toy"
    join(campaign, player)
    client.force_login(player)
    client.post(reverse("character_create", args=[campaign.pk]), {"name": "Penny"})
    character = campaign.characters.get()
    assert character.created  # a coin flip has no creation steps
    assert "0 flips so far" in client.get(character.get_absolute_url()).text
    page = client.get(reverse("toy_flip", args=[campaign.pk])).text
    key = page.split('name="key" value="')[1].split('"')[0]
    monkeypatch.setattr("rolls.actions.SYSTEM_RANDOM", ScriptedDice([2]))
    response = client.post(reverse("toy_flip", args=[campaign.pk]), {"character": character.pk, "call": "heads",
                                                                     "key": key})
    roll = campaign.rolls.get()
    assert response.url == roll.get_absolute_url()
    return campaign, gm, outsider, roll


def test_it_is_offered_after_the_built_in_systems():
    assert [system.value for system in playable()] == ["charge", "traits", "ability", "advantage", "toy"]


def test_a_flip_reads_in_its_words_on_every_shared_page(played, client):
    campaign, gm, _, roll = played
    assert (roll.kind, roll.outcome, roll.get_kind_display(), roll.get_outcome_display()) == (
        "flip", "tails", "Coin flip", "Tails")
    pages = {name: client.get(reverse(name, args=[campaign.pk])) for name in ("rolls", "roll_stats", "table")}
    pages["roll"] = client.get(roll.get_absolute_url())
    assert "1 flips so far" in client.get(roll.character.get_absolute_url()).text
    client.force_login(gm)
    pages["console"] = client.get(reverse("console", args=[campaign.pk]))
    pages["dashboard"] = client.get(reverse("campaign", args=[campaign.pk]))
    for name, page in pages.items():
        assert page.status_code == 200, name
        assert "Coin flip" in page.text, name  # the system's name, in the header of every campaign page
    for name in ("rolls", "roll", "table", "console"):
        assert "Tails" in pages[name].text, name
    assert 'data-testid="toy-outcome"' in pages["rolls"].text and 'data-testid="toy-console"' in pages["console"].text
    assert "Heads" in pages["roll"].text  # the call, as its kind reads an action
    assert "heads" in pages["roll_stats"].text  # counted as the action rolled


def test_its_pages_are_its_own(played, client):
    campaign, gm, outsider, roll = played
    flip = reverse("toy_flip", args=[campaign.pk])
    client.force_login(outsider)
    assert client.get(flip).status_code == 404 and client.get(roll.get_absolute_url()).status_code == 404
    client.force_login(gm)
    charge = Campaign.objects.create(name="Charged", system="charge")
    join(charge, gm, "gm")
    assert client.get(reverse("toy_flip", args=[charge.pk])).status_code == 404
    assert client.get(reverse("roll_new", args=[campaign.pk])).status_code == 404


def test_it_travels_in_an_export_and_comes_back_the_same(played, client):
    campaign, gm, _, _ = played
    client.force_login(gm)
    document = client.get(reverse("campaign_export", args=[campaign.pk])).json()
    upload = SimpleUploadedFile("heads-up.json", json.dumps(document).encode(), "application/json")
    copy = client.post(reverse("campaign_import"), {"file": upload}).url
    imported = Campaign.objects.exclude(pk=campaign.pk).get()
    assert copy == imported.get_absolute_url() and imported.system == "toy"
    again = client.get(reverse("campaign_export", args=[imported.pk])).json()
    assert [roll["kind"] for roll in again["rolls"]] == ["flip"]
    for key in document:
        if key not in ("campaign", "exported_at", "memberships"):
            assert again[key] == document[key], key


def test_the_demo_loads_with_it(client):
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo", stdout=StringIO())
    flipped = Campaign.objects.get(system="toy")
    assert flipped.rolls.get().kind == "flip" and Campaign.objects.count() == len(playable())
    client.force_login(flipped.memberships.get(role="gm").user)
    assert client.get(reverse("table", args=[flipped.pk])).status_code == 200
