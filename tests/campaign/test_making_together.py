"""The walk through "Making a Compelling Campaign" with the players, live ("This exercise should
be done as a group, though some steps could be done solely by the GM"): the GM chooses it, the
players' overview follows each step as a live panel, and they fire off their own questions about
the world ("fire off questions around the table"), which the GM answers on the facts step."""

import pytest
from django.urls import reverse

from charge.models import Making, WorldFact
from tests.campaign.test_making import SECRETS, _plant, url
from tests.helpers import HTMX

pytestmark = pytest.mark.django_db

LIVE = "?panel=making-live"


def together(table, on=True, key="t1"):
    return table.client("gm").post(url(table, "making_together"), {"together": "1" if on else "0", "key": key})


def ask(table, who, question, key="a1", htmx=False):
    return table.client(who).post(url(table, "making_ask"), {"question": question, "key": key}, **(HTMX if htmx else {}))


def test_walked_with_the_players_they_follow_live_and_ask_and_the_gm_answers(table):
    gm = table.client("gm")
    assert "Walk it with the players" in gm.get(url(table, "making")).text
    assert "Your question about the world" not in table.client("player").get(url(table, "making")).text
    assert together(table).status_code == 302
    assert Making.objects.get(campaign=table.campaign).together
    page = table.client("player").get(url(table, "making")).text
    assert "Your question about the world" in page and 'id="making-live"' in page and "campaignChanged" in page
    # The player's question, with htmx: the live panel comes back with it, named by its asker.
    answered = ask(table, "player", "Who can do magic?", htmx=True)
    assert answered.status_code == 200 and "Who can do magic?" in answered.text and "asked by player1" in answered.text
    assert answered.headers.get("HX-Trigger")  # the other screens are told the campaign changed
    fact = WorldFact.objects.get(campaign=table.campaign)
    assert (fact.question, fact.answer, fact.asked_by) == ("Who can do magic?", "", table.player)
    # Everyone's live panel shows it; the GM answers it on the facts step, as any fact.
    assert "Who can do magic?" in table.client("other_player").get(url(table, "making") + LIVE, **HTMX).text
    gm.post(url(table, "making_fact", fact.pk), {"question": fact.question, "answer": "The born", "key": "g1"})
    assert "The born" in table.client("player").get(url(table, "making") + LIVE, **HTMX).text
    # Without htmx: the question is asked, and the overview comes back.
    plain = ask(table, "other_player", "Is there a sea?", key="a2")
    assert plain.status_code == 302 and WorldFact.objects.filter(question="Is there a sea?").exists()


def test_walked_alone_a_player_cannot_ask_and_nothing_is_written(table):
    response = ask(table, "player", "Who rules?", htmx=True)
    assert "The GM makes the campaign alone for now" in response.text
    together(table)
    together(table, on=False, key="t2")
    ask(table, "player", "Who rules?", key="a2")
    assert not WorldFact.objects.exists()


def test_a_question_asked_twice_by_one_tap_is_written_once_and_an_empty_one_is_refused(table):
    together(table)
    for _ in range(2):
        ask(table, "player", "Who rules the harbour?")
    assert WorldFact.objects.count() == 1
    refused = ask(table, "player", "   ", key="a2", htmx=True)
    assert "Write the question." in refused.text and WorldFact.objects.count() == 1


def test_only_the_gm_chooses_and_outsiders_find_nothing(table):
    assert table.client("player").post(url(table, "making_together"), {"together": "1", "key": "x"}).status_code == 404
    assert not Making.objects.filter(campaign=table.campaign, together=True).exists()
    together(table)
    assert ask(table, "outsider", "Who am I?").status_code == 404
    assert table.client("outsider").get(url(table, "making") + LIVE, **HTMX).status_code == 404
    assert not WorldFact.objects.exists()


@pytest.mark.parametrize("who", ["player", "other_player"])
def test_the_live_panel_shows_a_player_no_secret(table, who):
    _plant(table)
    together(table)
    client = table.client(who)
    answers = [client.get(url(table, "making") + LIVE, **HTMX), client.get(url(table, "making")),
               ask(table, who, "What lies under the harbour?", htmx=True)]
    for response in answers:
        assert response.status_code == 200
        for secret in SECRETS:
            assert secret not in response.text, secret
    assert "The Tidewatch" in answers[0].text  # the revealed force, without its notes


def test_the_gm_sees_who_asked_on_the_facts_step(table):
    together(table)
    ask(table, "player", "Who can do magic?")
    page = table.client("gm").get(reverse("making_facts", args=[table.campaign.pk])).text
    assert "Who can do magic?" in page and "asked by player1" in page and "No answer yet." in page


def test_the_gms_facts_step_takes_the_players_questions_live(table):
    together(table)
    gm = table.client("gm")
    page = gm.get(url(table, "making_facts")).text
    assert 'id="fact-list"' in page and "campaignChanged" in page
    ask(table, "player", "Who can do magic?")
    live = gm.get(url(table, "making_facts") + "?panel=fact-list", **HTMX).text
    assert "Who can do magic?" in live and 'id="fact-list"' in live  # the panel, ready to be asked again


def test_the_players_notice_follows_the_gms_choice_live(table):
    notice = "The GM walks the campaign's making with the group"
    together(table)
    assert notice in table.client("player").get(url(table, "making") + LIVE, **HTMX).text
    together(table, on=False, key="t2")
    live = table.client("player").get(url(table, "making") + LIVE, **HTMX).text
    assert notice not in live and "Your question about the world" not in live
