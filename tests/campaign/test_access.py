"""Who may open which campaign page, full-page and as an htmx partial, and what leaks."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.factories import ForceFactory, UserFactory, make_campaign
from tests.helpers import HTMX
from tests.table import SECRETS


def urls(t):
    c = t.campaign.pk
    return {
        # name: (url, who may GET it)
        "dashboard": (reverse("campaign", args=[c]), "member"),
        "events panel": (reverse("campaign", args=[c]) + "?panel=events-panel", "member"),
        "characters panel": (reverse("campaign", args=[c]) + "?panel=characters-panel", "member"),
        "live poll": (reverse("live", args=[c]) + "?v=-1", "member"),
        "forces": (reverse("forces", args=[c]), "member"),
        "force card": (reverse("force", args=[c, t.revealed_force.pk]), "member"),
        "group card": (reverse("force", args=[c, t.group.pk]), "member"),
        "group edit": (reverse("force_edit", args=[c, t.group.pk]), "member"),
        "sessions": (reverse("sessions", args=[c]), "member"),
        "session": (reverse("session", args=[c, t.session.pk]), "member"),
        "session log": (reverse("session_log", args=[c, t.session.pk]), "member"),
        "members": (reverse("members", args=[c]), "member"),
        "campaign edit": (reverse("campaign_edit", args=[c]), "gm"),
        "gm notes": (reverse("gm_notes", args=[c]), "gm"),
        "dials": (reverse("dials", args=[c]), "gm"),
        "new force": (reverse("force_create", args=[c]), "gm"),
        "hidden force card": (reverse("force", args=[c, t.hidden_force.pk]), "gm"),
        "force edit": (reverse("force_edit", args=[c, t.revealed_force.pk]), "gm"),
        "session notes": (reverse("session_notes", args=[c, t.session.pk]), "gm"),
    }


PAGE_NAMES = ["dashboard", "events panel", "characters panel", "live poll", "forces", "force card", "group card", "group edit", "sessions",
              "session", "session log", "members", "campaign edit", "gm notes", "dials",
              "new force", "hidden force card", "force edit", "session notes"]


@pytest.mark.parametrize("page", PAGE_NAMES)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["full", "htmx"])
def test_each_page_answers_each_role_as_it_should(table, page, headers):
    url, allowed = urls(table)[page]
    assert table.client("gm").get(url, **headers).status_code == 200
    player_status = table.client("player").get(url, **headers).status_code
    assert player_status == (200 if allowed == "member" else 404)
    assert table.client("outsider").get(url, **headers).status_code == 404
    anonymous = table.client("anonymous").get(url, **headers)
    assert anonymous.status_code == 302
    assert anonymous.url.startswith(reverse("login"))


def test_a_co_gm_opens_every_gm_page(table, co_gm, client):
    client.force_login(co_gm)
    for name, (url, _) in urls(table).items():
        assert client.get(url).status_code == 200, name


@pytest.mark.parametrize("page", PAGE_NAMES)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["full", "htmx"])
def test_no_gm_secret_reaches_a_player_on_any_page_or_partial(table, page, headers):
    url, _ = urls(table)[page]
    response = table.client("player").get(url, **headers)
    for secret in SECRETS:
        assert secret not in response.text, (page, secret)


def test_the_gm_sees_every_secret_on_the_dashboard_forces_and_session(table):
    gm = table.client("gm")
    text = "".join(gm.get(urls(table)[page][0]).text for page in ("dashboard", "forces", "session"))
    for secret in SECRETS:
        assert secret in text, secret


def test_an_outsider_cannot_tell_a_campaign_from_a_missing_one(table):
    outsider = table.client("outsider")
    real = outsider.get(reverse("campaign", args=[table.campaign.pk]))
    missing = outsider.get(reverse("campaign", args=[table.campaign.pk + 999]))
    assert real.status_code == missing.status_code == 404
    assert escape(table.campaign.name) not in real.text


def test_a_force_of_another_campaign_is_not_found_through_this_one(table):
    elsewhere = ForceFactory(campaign=make_campaign(UserFactory()), revealed=True)
    response = table.client("gm").get(reverse("force", args=[table.campaign.pk, elsewhere.pk]))
    assert response.status_code == 404
