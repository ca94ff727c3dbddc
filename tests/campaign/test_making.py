"""A Charge campaign made as "Making a Compelling Campaign" makes it (issue #43): the GM's walk
through its steps, skippable and resumable, every view with htmx and without, GM-only writes keyed
against repeats, the force generator and its tables, what players see, and the export."""

import json
import random

import pytest
from django.urls import reverse
from django.utils import translation

from campaign.models import Campaign, Membership
from campaign.transfer import comparable, export_campaign, import_campaign
from charge.models import ForceIdea, Making, WorldFact
from charge.views import making as views
from gamerules.forces import TABLES, Genre, Part
from tests.factories import ForceFactory
from tests.helpers import HTMX

pytestmark = pytest.mark.django_db

SECRETS = ("SECRET-WALK-FORCE", "SECRET-WALK-NOTES", "SECRET-WALK-REVEALED-NOTES", "SECRET-IDEA",
           "SECRET-HIDDEN-FORCE", "SECRET-REVEALED-FORCE-NOTES")
GM_PAGES = ("making_setting", "making_facts", "making_forces", "making_group", "force_ideas")


def url(table, name, *args):
    return reverse(name, args=[table.campaign.pk, *args])


class Taps:
    """A GM's client that counts the taps of the walk: each button or link followed (typing
    and choosing in a list are not taps)."""

    def __init__(self, client):
        self.client, self.count = client, 0

    def get(self, *args, **kwargs):
        self.count += 1
        return self.client.get(*args, **kwargs)

    def post(self, *args, **kwargs):
        self.count += 1
        return self.client.post(*args, **kwargs)


class Last(random.Random):
    """Draws the last entry of each table: the GM's own entries come after ours."""

    def choice(self, seq):
        return seq[-1]

    def sample(self, population, k):
        return list(population)[-k:]


def test_a_new_charge_campaign_starts_its_walk_and_the_gm_walks_it_in_ten_taps(client, user, monkeypatch):
    monkeypatch.setattr(views, "chance", lambda: random.Random(43))
    client.force_login(user)
    gm = Taps(client)
    created = gm.post(reverse("campaign_create"), {"name": "Ash and Crowns", "pitch": "", "ruleset": "charge",
                                                    "risk_wording": "risk"})
    campaign = Campaign.objects.get(name="Ash and Crowns")
    assert created.url == reverse("making_setting", args=[campaign.pk])
    page = client.get(created.url).content.decode()  # following a redirect is no tap
    assert "Find a setting" in page and 'aria-current="step"' in page
    answer = gm.post(created.url, {"setting": "A fantasy kingdom where magic is outlawed",
                                   "excites": "The politics of Dune, the magic of Earthsea", "key": "s1"})
    assert answer.url == reverse("making_facts", args=[campaign.pk])
    for n, (question, said) in enumerate((("Who can do magic?", "Those born under the ninth moon."),
                                          ("Who sits on the throne?", "A usurper."))):
        gm.post(answer.url, {"question": question, "answer": said, "key": f"f{n}"}, **HTMX)
    done = gm.post(reverse("making_done", args=[campaign.pk]), {"step": "world", "key": "d1"})
    assert done.url == reverse("making_forces", args=[campaign.pk])
    suggested = gm.get(done.url + "?suggest=1").context["form"].initial
    assert suggested["name"] and suggested["goal"] and suggested["method_3"]
    fantasy = {str(entry.text) for entry in TABLES if entry.genre in (Genre.FANTASY, Genre.GENERAL)}
    assert {suggested["name"], suggested["goal"], suggested["method_1"]} <= fantasy
    gm.post(done.url, {**suggested, "kind": "organisation", "stance": "neutral", "revealed": "on", "key": "w1"})
    gm.post(done.url, {"name": "The Grey Wardens", "kind": "organisation", "goal": "Keep magic sealed.",
                       "method_1": "Hunt the born.", "method_2": "Burn the books.", "stance": "neutral", "key": "w2"})
    gm.post(reverse("making_done", args=[campaign.pk]), {"step": "forces", "key": "d2"})
    wardens = campaign.forces.get(name="The Grey Wardens")
    first = campaign.forces.get(name=suggested["name"])
    finished = gm.post(reverse("making_group", args=[campaign.pk]), {
        "group-name": "The Ninth Moon's Children", "group-goal": "Make magic free again.",
        "group-method_1": "Smuggle the born out.", "group-method_2": "Expose the Wardens.",
        f"stance_{wardens.pk}": "opposed", f"stance_{first.pk}": "aligned", "key": "g1"})
    assert finished.url == reverse("making", args=[campaign.pk])
    making = Making.objects.get(campaign=campaign)
    assert making.done == ["setting", "world", "forces", "group"]
    assert WorldFact.objects.filter(campaign=campaign).count() == 2
    assert campaign.forces.get(pk=wardens.pk).stance == "opposed" and campaign.forces.get(pk=first.pk).stance == "aligned"
    group = campaign.forces.get(is_player_group=True)
    assert group.name == "The Ninth Moon's Children" and group.methods == ["Smuggle the born out.", "Expose the Wardens."]
    # create 1, setting 1, two facts 2, done 1, suggest 1, two forces 2, done 1, the group 1
    assert gm.count == 10
    overview = client.get(finished.url).content.decode()
    assert "Every step is done" in overview and "Who can do magic?" in overview


def test_a_skipped_step_stays_open_and_the_walk_comes_back_to_it(table):
    gm = table.client("gm")
    page = gm.get(url(table, "making_setting")).content.decode()
    assert url(table, "making_facts") in page  # "Skip for now" leads to the next step, writing nothing
    gm.post(url(table, "making_done"), {"step": "forces", "key": "d"})
    assert Making.objects.get(campaign=table.campaign).done == ["forces"]
    dashboard = gm.get(url(table, "campaign")).content.decode()
    assert "1 of 4 steps done" in dashboard and url(table, "making_setting") in dashboard  # "Continue" resumes
    overview = gm.get(url(table, "making")).content.decode()
    assert f'href="{url(table, "making_setting")}"' in overview and "Continue: Find a setting" in overview
    gm.post(url(table, "making_done"), {"step": "forces", "done": "0", "key": "d2"})
    assert Making.objects.get(campaign=table.campaign).done == []


def test_every_step_is_edited_again_later(table):
    gm = table.client("gm")
    gm.post(url(table, "making_setting"), {"setting": "The docks", "excites": "", "key": "a"})
    gm.post(url(table, "making_setting"), {"setting": "The docks at night", "excites": "Noir", "key": "b"})
    making = Making.objects.get(campaign=table.campaign)
    assert (making.setting, making.excites, making.done) == ("The docks at night", "Noir", ["setting"])
    gm.post(url(table, "making_facts"), {"question": "Who runs the port?", "answer": "Nobody", "key": "c"})
    fact = WorldFact.objects.get(campaign=table.campaign)
    form = gm.get(url(table, "making_fact", fact.pk), **HTMX).content.decode()
    assert "Who runs the port?" in form and "<html" not in form  # the fact's form in place
    assert "Who runs the port?" in gm.get(url(table, "making_fact", fact.pk)).content.decode()  # its own page
    answer = gm.post(url(table, "making_fact", fact.pk), {"question": "Who runs the port?", "answer": "The guild",
                                                          "key": "d"}, **HTMX)
    assert 'id="facts"' in answer.content.decode() and "The guild" in answer.content.decode()
    assert answer.headers.get("HX-Trigger")  # the page's other panels hear of it
    gm.post(url(table, "making_fact", fact.pk), {"remove": "1", "key": "e"})
    assert not WorldFact.objects.filter(campaign=table.campaign).exists()


def test_an_empty_question_is_refused_with_a_message_with_htmx_and_without(table):
    gm = table.client("gm")
    answer = gm.post(url(table, "making_facts"), {"question": "", "answer": "x", "key": "a"}, **HTMX)
    assert "alert-danger" in answer.content.decode()
    plain = gm.post(url(table, "making_facts"), {"question": "", "answer": "x", "key": "b"}, follow=True)
    assert "alert-danger" in plain.content.decode() or "Write the question" in plain.content.decode()
    assert not WorldFact.objects.filter(campaign=table.campaign).exists()


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_fact_sent_twice_with_its_key_is_written_once(table, headers):
    gm = table.client("gm")
    for _ in range(2):
        gm.post(url(table, "making_facts"), {"question": "Is the sea alive?", "answer": "Yes", "key": "same"}, **headers)
    assert WorldFact.objects.filter(campaign=table.campaign).count() == 1
    gm.post(url(table, "making_facts"), {"question": "Is the sky?", "answer": "No", "key": "other"}, **headers)
    assert WorldFact.objects.filter(campaign=table.campaign).count() == 2


def test_the_gms_own_entries_feed_the_generator(table, monkeypatch):
    gm = table.client("gm")
    answer = gm.post(url(table, "force_ideas"), {"genre": "general", "part": "force", "text": "The Salt Widows",
                                                 "key": "a"}, **HTMX)
    assert "The Salt Widows" in answer.content.decode() and "<html" not in answer.content.decode()
    gm.post(url(table, "force_ideas"), {"genre": "general", "part": "method", "text": "Marry into the guilds",
                                        "key": "b"})
    monkeypatch.setattr(views, "chance", Last)
    form = gm.get(url(table, "making_forces") + "?suggest=1").context["form"]
    assert form.initial["name"] == "The Salt Widows" and "Marry into the guilds" in form.initial.values()
    page = gm.get(url(table, "making_forces") + "?suggest=1").content.decode()
    assert 'value="The Salt Widows"' in page  # editable before it is saved: nothing saved yet
    assert not table.campaign.forces.filter(name="The Salt Widows").exists()
    idea = ForceIdea.objects.get(campaign=table.campaign, part="force")
    gm.post(url(table, "force_idea_remove", idea.pk), {"key": "c"})
    assert not ForceIdea.objects.filter(pk=idea.pk).exists()


def test_a_suggested_name_is_kept_in_english_and_read_in_each_language(table, monkeypatch):
    """The generator's force names are the site's own words (charge/own_words.py)."""
    monkeypatch.setattr(views, "chance", lambda: random.Random(5))
    gm = table.client("gm")
    gm.cookies["django_language"] = "fr"
    initial = gm.get(url(table, "making_forces") + "?suggest=1").context["form"].initial
    with translation.override("fr"):
        english = next(entry.text for entry in TABLES if entry.part is Part.FORCE and str(entry.text) == initial["name"])
    assert initial["name"] != str.__str__(english)  # offered in French
    gm.post(url(table, "making_forces"), {**initial, "kind": "organisation", "stance": "neutral", "key": "k"})
    stored = table.campaign.forces.filter(name=english).values_list("name", flat=True)
    assert list(stored) == [english]  # kept as its English
    gm.cookies["django_language"] = "sv"
    with translation.override("sv"):
        assert str(english) in gm.get(url(table, "making")).content.decode()  # and read in Swedish


def _plant(table):
    """Secrets planted through the walk's own pages: a hidden force, GM notes on a revealed one,
    an entry of the GM's tables."""
    gm = table.client("gm")
    gm.post(url(table, "making_setting"), {"setting": "Harbour of Salt", "excites": "Smugglers", "key": "p1"})
    gm.post(url(table, "making_facts"), {"question": "Who rules the harbour?", "answer": "The tide", "key": "p2"})
    base = {"kind": "organisation", "goal": "Own the tide", "method_1": "Bribe", "method_2": "Drown", "stance": "opposed"}
    gm.post(url(table, "making_forces"), {**base, "name": "SECRET-WALK-FORCE", "gm_notes": "SECRET-WALK-NOTES", "key": "p3"})
    gm.post(url(table, "making_forces"), {**base, "name": "The Tidewatch", "revealed": "on",
                                          "gm_notes": "SECRET-WALK-REVEALED-NOTES", "key": "p4"})
    gm.post(url(table, "force_ideas"), {"genre": "horror", "part": "goal", "text": "SECRET-IDEA", "key": "p5"})
    assert table.campaign.forces.filter(name="SECRET-WALK-FORCE").exists()
    return gm


@pytest.mark.parametrize("who", ["player", "other_player"])
def test_players_read_the_setting_the_facts_and_the_revealed_forces_and_no_secret(table, who):
    _plant(table)
    player = table.client(who)
    member = Membership.objects.get(campaign=table.campaign, user=getattr(table, who))
    answers = {}
    for name in ("making", "campaign", "forces", "table"):
        for headers in ({}, HTMX):
            answers[f"{name} {bool(headers)}"] = player.get(url(table, name), **headers)
    answers["export"] = player.get(url(table, "campaign_export"))
    answers["panels"] = player.get(url(table, "campaign") + "?panels=characters-panel,rolls-panel,events-panel", **HTMX)
    for name, answer in answers.items():
        assert answer.status_code == 200, name
        text = answer.content.decode()
        for secret in SECRETS:
            assert secret not in text, (name, secret)
    overview = answers["making False"].content.decode()
    assert "Harbour of Salt" in overview and "Who rules the harbour?" in overview and "The Tidewatch" in overview
    assert url(table, "making_setting") not in overview  # no GM controls
    assert "Harbour of Salt" in answers["campaign False"].content.decode()  # the dashboard's card
    assert "SECRET-IDEA" not in json.dumps(export_campaign(table.campaign, member))
    for name in GM_PAGES:
        assert player.get(url(table, name)).status_code == 404
        assert player.post(url(table, name), {"key": "x"}).status_code == 404
    assert player.post(url(table, "making_done"), {"step": "world"}).status_code == 404


def test_an_outsider_finds_no_page_of_the_walk(table):
    outsider = table.client("outsider")
    for name in ("making", *GM_PAGES):
        assert outsider.get(url(table, name)).status_code == 404
    assert outsider.post(url(table, "making_done"), {"step": "world"}).status_code == 404


def test_the_gm_sees_the_secrets_where_they_belong(table):
    gm = _plant(table)
    overview = gm.get(url(table, "making")).content.decode()
    assert "SECRET-WALK-FORCE" in overview and "SECRET-WALK-NOTES" not in overview  # notes on the force's card only
    assert "SECRET-IDEA" in gm.get(url(table, "force_ideas")).content.decode()


def test_the_walk_travels_in_the_export_and_comes_back_on_import(table):
    _plant(table)
    gm = Membership.objects.get(campaign=table.campaign, user=table.gm)
    first = export_campaign(table.campaign)
    assert first["making"][0]["setting"] == "Harbour of Salt"
    assert [f["question"] for f in first["world_facts"]] == ["Who rules the harbour?"]
    assert [i["text"] for i in first["force_ideas"]] == ["SECRET-IDEA"]
    copy = import_campaign(json.loads(json.dumps(first)), gm.user)
    assert Making.objects.get(campaign=copy).done == ["setting"]
    assert comparable(export_campaign(copy)) == comparable(first)


def test_a_campaign_of_another_system_has_no_walk(table):
    Campaign.objects.filter(pk=table.campaign.pk).update(system="traits")
    assert table.client("gm").get(url(table, "making")).status_code == 404


def test_a_world_force_of_the_chapter_needs_two_methods(table):
    table.client("gm").post(url(table, "making_forces"), {"name": "Lonely", "kind": "person", "goal": "x",
                                                          "method_1": "One", "stance": "neutral", "key": "k"})
    assert not table.campaign.forces.filter(name="Lonely").exists()


def test_a_fourth_world_force_is_allowed_but_the_chapter_number_is_said(table):
    for n in range(2):
        ForceFactory(campaign=table.campaign, name=f"More {n}")
    page = table.client("gm").get(url(table, "making_forces")).content.decode()
    assert "The chapter suggests 1-3 world forces" in page
