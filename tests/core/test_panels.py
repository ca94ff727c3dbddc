"""Every live panel a page lists answers, with htmx, as that panel alone, whose element has the
panel's name as its id; a name the page does not list is not found."""

import re

import pytest
from django.urls import reverse

from campaign.views.campaigns import PANELS as DASHBOARD_PANELS
from campaign.views.table import console_panels, table_panels
from charge.views.sheet import PANELS as SHEET_PANELS
from core.htmx import CAMPAIGN_CHANGED
from tests.helpers import HTMX


def pages(table):
    c = table.campaign.pk
    return [(reverse("campaign", args=[c]), DASHBOARD_PANELS),
            (reverse("table", args=[c]), table_panels(table.campaign)),
            (reverse("console", args=[c]), console_panels(table.campaign)),
            (reverse("character", args=[c, table.character.pk]), SHEET_PANELS)]


def test_each_panel_is_its_own_element_named_as_the_panel(table):
    client = table.client("gm")
    for url, panels in pages(table):
        for name in panels:
            response = client.get(url, {"panel": name}, **HTMX)
            assert response.status_code == 200, (url, name)
            assert "<html" not in response.text
            first = re.search(r"<(\w+)[^>]*>", response.text).group(0)
            assert f'id="{name}"' in first, (url, name, first)


def test_a_live_panel_listens_for_the_one_event(table):
    url = reverse("character", args=[table.campaign.pk, table.character.pk])
    response = table.client("player").get(url, {"panel": "vitals"}, **HTMX)
    assert f'hx-trigger="{CAMPAIGN_CHANGED} from:body"' in response.text


@pytest.mark.parametrize("name", ["nope", "gm_notes_card", "<script>"])
def test_a_panel_the_page_does_not_list_is_not_found(table, name):
    for url, _ in pages(table):
        assert table.client("gm").get(url, {"panel": name}, **HTMX).status_code == 404
        assert table.client("gm").get(url, {"panel": name}).status_code == 200  # the whole page


@pytest.mark.parametrize("system", ["traits", "ability", "advantage"])
def test_another_systems_console_answers_its_own_panels_and_not_charges(table, system):
    table.campaign.system = system
    table.campaign.save()
    url, client = reverse("console", args=[table.campaign.pk]), table.client("gm")
    for name in console_panels(table.campaign):
        assert client.get(url, {"panel": name}, **HTMX).status_code == 200, name
    for name in ("console-roll", "console-pending", "console-threats"):  # the first row of Charge's console
        assert client.get(url, {"panel": name}, **HTMX).status_code == 404, name


SHARED_PAGES = ("campaign/table.html", "campaign/console.html")


def test_the_table_and_the_console_name_none_of_a_systems_panels_nor_what_they_show(table):
    """A system's panels are its own templates, which the shared pages include as its site lists
    them (core/systems.py ``table_panels``, ``console_panels``): no panel of Charge's, no name its
    context gives them, in the shared templates."""
    from django.template.loader import get_template

    site = table.campaign.site
    membership = table.campaign.memberships.get(user=table.gm)
    names = {panel.name for panel in (*site.table_panels, *site.console_panels)}
    assert {"table-market", "table-hooks", "table-threats", "table-spells", "console-market", "console-magic"} <= names
    for page in SHARED_PAGES:
        source = get_template(page).template.source
        tags = " ".join(re.findall(r"{[{%].*?[}%]}", source))
        assert [name for name in names if name in source] == [], page
        assert [key for key in site.context(membership) if re.search(rf"\b{key}\b", tags)] == [], page
