"""Safety at the table: lines and veils, the X-card and the session-zero checklist, for every role,
full-page and as htmx partials; and anonymity kept everywhere a response or a row could break it."""

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.models import Event, Membership
from campaign.transfer import comparable, export_campaign, import_campaign
from safety.models import SESSION_ZERO, Agreement, Boundary, XCard
from tests.factories import UserFactory, join
from tests.helpers import HTMX

pytestmark = pytest.mark.django_db


def url(table, name):
    return reverse(name, args=[table.campaign.pk])


@pytest.fixture
def tapper(table):
    """A player with a name of their own, who owns nothing and wrote nothing: any page that shows
    the name after a tap got it from the tap."""
    user = UserFactory(username="quiet-wren-7", first_name="Wrenna", last_name="Tapsworth",
                       email="wrenna@example.org")
    join(table.campaign, user)
    client = table.client("gm")
    client.force_login(user)
    return user, client


def tell_tales(user):
    return (user.username, user.first_name, user.last_name, user.email)


def shown(response) -> str:
    """What a response tells: an export's members aside (every member is listed there)."""
    if response["Content-Type"].startswith("application/json"):
        return json.dumps({key: value for key, value in response.json().items() if key != "memberships"})
    return response.content.decode()


@pytest.mark.parametrize("who", ["gm", "player", "other_player"])
def test_every_member_opens_the_safety_page_and_its_panels(table, who):
    client = table.client(who)
    page = client.get(url(table, "safety"))
    assert page.status_code == 200
    assert "Lines and veils" in page.text and "Tap the X-card" in page.text and "Session zero" in page.text
    for panel in ("safety-x-card", "safety-boundaries", "session-zero"):
        response = client.get(url(table, "safety") + f"?panel={panel}", **HTMX)
        assert response.status_code == 200 and f'id="{panel}"' in response.text
        assert "<html" not in response.text
    answer = client.get(url(table, "safety") + "?panels=safety-x-card,session-zero", **HTMX)
    assert 'data-panel="safety-x-card"' in answer.text and 'data-panel="session-zero"' in answer.text
    assert client.get(url(table, "safety") + "?panel=nope", **HTMX).status_code == 404


def test_an_outsider_finds_no_safety_page(table):
    outsider = table.client("outsider")
    assert outsider.get(url(table, "safety")).status_code == 404
    for name in ("boundary_add", "boundary_remove", "x_card", "x_card_dismiss", "session_zero"):
        assert outsider.post(url(table, name), {"kind": "line", "text": "Spiders"}).status_code == 404
    assert not Boundary.objects.exists() and not XCard.objects.exists()


def test_the_safety_tab_is_on_every_campaign_page(table):
    page = table.client("player").get(url(table, "campaign")).text
    assert f'href="{url(table, "safety")}"' in page
    assert f'action="{url(table, "x_card")}"' in page  # the X-card, one tap away


# Lines and veils

def test_a_player_adds_a_line_with_their_name(table):
    response = table.client("player").post(url(table, "boundary_add"), {"kind": "line", "text": "Harm to children"})
    assert response.status_code == 302 and response.url == url(table, "safety")
    line = Boundary.objects.get()
    assert (line.kind, line.text, line.author) == ("line", "Harm to children", table.player)
    page = table.client("other_player").get(url(table, "safety")).text
    assert "Harm to children" in page and "player1" in page


def test_an_anonymous_veil_keeps_no_author_anywhere(table, tapper):
    user, client = tapper
    response = client.post(url(table, "boundary_add"), {"kind": "veil", "text": "Torture", "anonymous": "on"}, **HTMX)
    assert response.status_code == 200 and 'id="boundary-form"' in response.text
    assert "campaignChanged" in response.headers["HX-Trigger"]
    veil = Boundary.objects.get()
    assert veil.author_id is None and veil.kind == "veil"
    assert not Event.objects.filter(actor=user).exists()
    for who in ("gm", "player", "other_player"):
        other = table.client(who)
        texts = [shown(other.get(url(table, "safety"))),
                 shown(other.get(url(table, "safety") + "?panel=safety-boundaries", **HTMX)),
                 shown(other.get(url(table, "campaign"))), shown(other.get(url(table, "campaign_export")))]
        assert "Torture" in texts[0] and "anonymous" in texts[0]
        for text in texts:
            for tale in tell_tales(user):
                assert tale not in text, (who, tale)


def test_the_author_or_the_gm_takes_a_line_off_and_nobody_else(table):
    table.client("player").post(url(table, "boundary_add"), {"kind": "line", "text": "Spiders"})
    line = Boundary.objects.get()
    refused = table.client("other_player").post(url(table, "boundary_remove"), {"boundary": line.pk}, **HTMX)
    assert refused.status_code == 200 and "Only its author or the GM" in refused.text
    assert Boundary.objects.exists()
    page = table.client("other_player").get(url(table, "safety")).text
    assert "Take Spiders off" not in page
    assert "Take Spiders off" in table.client("player").get(url(table, "safety")).text
    table.client("player").post(url(table, "boundary_remove"), {"boundary": line.pk})
    assert not Boundary.objects.exists()
    table.client("player").post(url(table, "boundary_add"), {"kind": "line", "text": "Rats", "anonymous": "on"})
    rats = Boundary.objects.get()
    assert "Only its author" in table.client("player").post(url(table, "boundary_remove"), {"boundary": rats.pk},
                                                             **HTMX).text
    response = table.client("gm").post(url(table, "boundary_remove"), {"boundary": rats.pk}, **HTMX)
    assert 'id="safety-boundaries"' in response.text and not Boundary.objects.exists()


@pytest.mark.parametrize(("posted", "said"), [
    ({"kind": "line", "text": "   "}, "Write what the line or veil is about."),
    ({"kind": "wall", "text": "Spiders"}, "Choose a line"),
    ({"text": "Spiders"}, "Choose a line"),
    ({"kind": "line", "text": "\x00"}, "Write what the line or veil is about."),
])
def test_a_bad_line_is_refused_with_a_reason_and_nothing_saved(table, posted, said):
    for headers in ({}, HTMX):
        response = table.client("player").post(url(table, "boundary_add"), posted, **headers, follow=not headers)
        assert response.status_code == 200 and said in response.text
    assert not Boundary.objects.exists()


def test_a_line_over_its_limit_is_refused_and_a_double_submit_adds_one(table):
    player = table.client("player")
    refused = player.post(url(table, "boundary_add"), {"kind": "line", "text": "x" * 201}, **HTMX)
    assert "at most 200 characters: nothing was added" in refused.text and not Boundary.objects.exists()
    for _ in range(2):
        player.post(url(table, "boundary_add"), {"kind": "line", "text": "x" * 200})
    assert list(Boundary.objects.values_list("text", flat=True)) == ["x" * 200]
    refused = player.post(url(table, "boundary_add"), {"kind": "line", "text": "X" * 200}, **HTMX)
    assert "is already there" in refused.text and 'value="' + "X" * 200 in refused.text  # what was typed stays


def test_removing_what_is_gone_or_nothing_is_refused(table):
    for posted in ({}, {"boundary": "abc"}, {"boundary": 99999}):
        response = table.client("gm").post(url(table, "boundary_remove"), posted, follow=True)
        assert response.status_code == 200 and "no longer there" in response.text


# The X-card

def test_a_tap_shows_the_x_card_on_the_table_and_the_console_and_names_nobody(table, tapper):
    user, client = tapper
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url(table, "x_card"), {"next": url(table, "campaign")},
                               HTTP_HX_TARGET="x-card-button", **HTMX)
    assert response.status_code == 200 and "The table screen shows the X-card" in response.text
    written = {re.match(r'(?:INSERT INTO|UPDATE|DELETE FROM) "?(\w+)', q["sql"]).group(1)
               for q in queries.captured_queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")}
    assert written <= {"safety_xcard", "campaign_event", "campaign_campaign"}, written
    card = XCard.objects.get()
    assert card.dismissed_at is None and card.dismissed_by is None
    assert not any(f.related_model and f.related_model.__name__ == "User" and f.name != "dismissed_by"
                   for f in XCard._meta.fields)  # the row cannot name who tapped
    line = Event.objects.filter(text__contains="X-card").get()
    assert line.actor is None
    for tale in tell_tales(user):
        assert tale not in line.text
    for who in ("gm", "player", "other_player"):
        other = table.client(who)
        responses = [other.get(url(table, "table")), other.get(url(table, "table") + "?panel=x-card", **HTMX),
                     other.get(url(table, "table") + "?panels=x-card,table-rolls", **HTMX),
                     other.get(url(table, "safety")), other.get(url(table, "safety") + "?panel=safety-x-card", **HTMX),
                     other.get(url(table, "campaign")), other.get(url(table, "campaign") + "?panel=events-panel", **HTMX),
                     other.get(url(table, "campaign_export"))]
        if who == "gm":
            responses += [other.get(url(table, "console")), other.get(url(table, "console") + "?panel=x-card", **HTMX)]
        assert "someone tapped it. Pause" in responses[0].text and "someone tapped it. Pause" in responses[1].text
        for response in responses:
            assert response.status_code == 200
            for tale in tell_tales(user):
                assert tale not in shown(response), (who, response.request["PATH_INFO"], tale)
    console = table.client("gm").get(url(table, "console")).text
    assert "The scene has changed: dismiss" in console
    assert "The scene has changed: dismiss" not in table.client("gm").get(url(table, "table")).text


def test_double_taps_and_two_players_show_one_x_card(table):
    for who in ("player", "player", "other_player", "gm"):
        table.client(who).post(url(table, "x_card"), **HTMX)
    assert XCard.objects.count() == 1
    assert Event.objects.filter(text__contains="tapped the X-card").count() == 1


def test_a_tap_without_htmx_says_so_and_goes_back(table):
    sheet = reverse("character", args=[table.campaign.pk, table.character.pk])
    response = table.client("player").post(url(table, "x_card"), {"next": sheet}, follow=True)
    assert response.redirect_chain[-1][0] == sheet
    assert "Nobody is told who tapped it." in response.text
    away = table.client("player").post(url(table, "x_card"), {"next": "https://evil.example/"})
    assert away.url == url(table, "safety")


def test_the_gm_dismisses_the_x_card_and_players_cannot(table):
    table.client("player").post(url(table, "x_card"))
    assert table.client("player").post(url(table, "x_card_dismiss")).status_code == 404
    assert XCard.objects.showing().exists()
    response = table.client("gm").post(url(table, "x_card_dismiss"), {"next": url(table, "console")})
    assert response.url == url(table, "console")
    card = XCard.objects.get()
    assert card.dismissed_at is not None and card.dismissed_by == table.gm
    assert "someone tapped" not in table.client("player").get(url(table, "table")).text
    again = table.client("gm").post(url(table, "x_card_dismiss"), follow=True)
    assert "already dismissed" in again.text
    panel = table.client("gm").post(url(table, "x_card_dismiss"), **HTMX)
    assert "already dismissed" in panel.text and 'id="safety-x-card"' in panel.text
    table.client("other_player").post(url(table, "x_card"))
    assert XCard.objects.count() == 2 and XCard.objects.showing().count() == 1  # the history is kept


def test_the_safety_page_tap_answers_its_own_panel(table):
    response = table.client("player").post(url(table, "x_card"), HTTP_HX_TARGET="safety-x-card", **HTMX)
    assert 'id="safety-x-card"' in response.text and "The X-card is showing" in response.text
    assert "The scene has changed: dismiss" not in response.text  # the GM's button
    gm = table.client("gm").get(url(table, "safety") + "?panel=safety-x-card", **HTMX).text
    assert "The scene has changed: dismiss" in gm


# The session-zero checklist

def test_the_gm_ticks_the_session_zero_checklist_and_players_see_it(table):
    gm = table.client("gm")
    response = gm.post(url(table, "session_zero"), {"item": "x_card", "agreed": "1"}, **HTMX)
    assert response.status_code == 200 and 'id="session-zero"' in response.text
    gm.post(url(table, "session_zero"), {"item": "x_card", "agreed": "1"})  # a double submit
    assert list(Agreement.objects.values_list("item", "agreed_by")) == [("x_card", table.gm.pk)]
    page = table.client("player").get(url(table, "safety")).text
    assert "ticked by gamemaster" in page and 'name="item"' not in page
    assert table.client("player").post(url(table, "session_zero"), {"item": "tone", "agreed": "1"}).status_code == 404
    gm.post(url(table, "session_zero"), {"item": "x_card", "agreed": "0"})
    assert not Agreement.objects.exists()
    refused = gm.post(url(table, "session_zero"), {"item": "snacks", "agreed": "1"}, follow=True)
    assert "not an item of the session-zero checklist" in refused.text and not Agreement.objects.exists()
    assert len(SESSION_ZERO) == table.client("gm").get(url(table, "safety")).text.count('name="item"')


# Export and import, render once

def test_safety_travels_in_an_export_and_anonymous_stays_anonymous(table, tapper):
    user, client = tapper
    client.post(url(table, "boundary_add"), {"kind": "veil", "text": "Torture", "anonymous": "on"})
    table.client("player").post(url(table, "boundary_add"), {"kind": "line", "text": "Spiders"})
    client.post(url(table, "x_card"))
    table.client("gm").post(url(table, "x_card_dismiss"))
    table.client("gm").post(url(table, "session_zero"), {"item": "tone", "agreed": "1"})
    document = export_campaign(table.campaign)
    assert [(b["kind"], b["author_id"]) for b in document["boundaries"]] == [("veil", None), ("line", "player1")]
    assert document["x_cards"][0]["dismissed_by_id"] == "gamemaster"
    assert document["session_zero"][0]["item"] == "tone"
    text = json.dumps(document)
    told = json.dumps({key: value for key, value in document.items() if key != "memberships"})
    for tale in tell_tales(user):
        assert tale not in told
    copy = import_campaign(json.loads(text), table.gm)
    assert copy.boundaries.get(kind="veil").author_id is None
    assert comparable(export_campaign(copy)) == comparable(document)
    player = Membership.objects.get(campaign=table.campaign, user=table.other_player)
    assert len(export_campaign(table.campaign, player)["boundaries"]) == 2


def test_each_member_has_their_own_rendering_of_the_safety_page(table):
    """Remove buttons are per author: one cached rendering for two players would show one the
    other's."""
    table.client("player").post(url(table, "boundary_add"), {"kind": "line", "text": "Spiders"})
    mine = table.client("player").get(url(table, "safety") + "?panel=safety-boundaries", **HTMX).text
    theirs = table.client("other_player").get(url(table, "safety") + "?panel=safety-boundaries", **HTMX).text
    assert "Take Spiders off" in mine and "Take Spiders off" not in theirs
