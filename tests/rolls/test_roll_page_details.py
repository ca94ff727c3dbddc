"""Small things at the table: the consequence falls on the roller unless the GM says otherwise,
Protect is offered only with someone to protect with, the icon is found."""

import re

from django.test import Client
from django.urls import reverse

from rolls.models import Roll
from tests.helpers import wizard


def test_a_consequence_is_offered_on_the_roller_first(crew, dice):
    crew.client("other_player").post(reverse("character_assist", args=[crew.campaign.pk, crew.bo.pk]),
                                     {"roller": crew.ada.pk})
    dice(4, 2, 1)
    wizard(crew, helpers=[crew.bo.pk])
    page = crew.client("gm").get(reverse("roll", args=[crew.campaign.pk, Roll.objects.get().pk])).text
    options = re.findall(r'<option value="(\d+)">([^<]+)</option>', page[page.index('name="target"'):])
    assert options[0] == (str(crew.ada.pk), "Ada") and options[1][1] == "Bo (assisted)"


def test_protect_is_offered_only_with_a_character_to_protect_with(crew, dice):
    dice(4, 2)
    wizard(crew)
    roll = Roll.objects.get()
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    url = reverse("roll", args=[crew.campaign.pk, roll.pk])
    assert "Protect: take it instead" not in crew.client("player").get(url).text  # only Ada is hers
    assert "Protect: take it instead" in crew.client("other_player").get(url).text  # Bo can step in


def test_the_browser_finds_the_icon(db):
    response = Client().get("/favicon.ico")
    assert response.status_code == 301 and response.url.endswith("favicon.svg")


def test_an_action_on_the_sheet_starts_its_roll_and_the_wizard_shows_ratings(crew):
    sheet = crew.client("player").get(reverse("character", args=[crew.campaign.pk, crew.ada.pk])).text
    start = reverse("roll_new", args=[crew.campaign.pk]) + f"?character={crew.ada.pk}&amp;action=Sneak"
    assert f'href="{start}"' in sheet
    step1 = crew.client("player").get(start.replace("&amp;", "&")).text
    assert '<option value="Sneak" selected>Sneak (2)</option>' in step1


def test_the_console_shows_the_latest_roll_with_its_controls(crew, dice):
    from tests.helpers import HTMX
    dice(4, 2)
    wizard(crew)
    roll = Roll.objects.get()
    console = reverse("console", args=[crew.campaign.pk])
    panel = crew.client("gm").get(console, {"panel": "console-roll"}, **HTMX).text
    assert 'id="console-roll"' in panel and "Inflict the consequence" in panel
    # Asked with the console's other live panels when the campaign changes: the same controls.
    together = crew.client("gm").get(console, {"panels": "console-session,console-roll"}, **HTMX).text
    assert together.count("Inflict the consequence") == panel.count("Inflict the consequence")
    assert f'action="{reverse("roll_consequence", args=[crew.campaign.pk, roll.pk])}"' in panel
    page = crew.client("gm").get(console).text
    assert "Inflict the consequence" not in page  # loaded after the page, to keep it quick
    assert f'href="{roll.get_absolute_url()}"' in page  # the latest roll and the log link to their pages
