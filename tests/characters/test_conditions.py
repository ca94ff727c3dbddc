"""Hacking conditions at the table ("What to Hack" → "Hacking Conditions"), through the pages: the GM
applies an opportunity to recover ("Changing Recovery"), marks a deterioration, taps "it worsens"
and "cared for" ("Introducing Deterioration"), as owner, other player, GM and outsider, with and
without htmx; the dials form and the hack file carry them, and the penalty moves the wizard's pool
and odds ("Introducing Penalties")."""

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from campaign.models import Campaign, Event
from charge.models import Setup, Sheet
from rolls.models import Roll
from tests.campaign.test_campaigns import dials_post
from tests.helpers import (
    HTMX,
    SPREAD,
    fresh,
    on_its_way,
    sheet_url,
    update_character,
    wizard,
    words,
)

pytestmark = pytest.mark.django_db

MEDIC = {"name": "The group's medic", "segments": 1, "often": "session"}
DOCTOR = {"name": "A doctor", "segments": 2, "often": "each_time"}
POISON = {"name": "Poison", "trigger": "a scene ends and the poison is untreated", "segments": 1}


@pytest.fixture
def hacked(table):
    """Ada (stress 3 of 4) in a campaign with a medic, a doctor and poison."""
    Setup.objects.filter(campaign=table.campaign).update(dials={
        "recovery_opportunities": [MEDIC, DOCTOR], "deteriorations": [POISON]})
    update_character(table.character.pk, stress=3, action_dots=dict(SPREAD), created=True)
    return table


def post(table, who, name, data, headers=None, key="k1"):
    return table.client(who).post(sheet_url(table, name, table.character), {**data, "key": key}, **(headers or {}))


def stress(table) -> int:
    return Sheet.objects.get(pk=table.character.pk).stress


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_gm_applies_an_opportunity_and_once_per_session_holds(hacked, headers):
    response = post(hacked, "gm", "character_opportunity", {"opportunity": "The group's medic"}, headers)
    assert response.status_code == (200 if headers else 302)
    assert stress(hacked) == 2
    assert Event.objects.filter(campaign=hacked.campaign, text__startswith="Ada recovers with The group's medic: "
                                                                       "stress 3→2").exists()
    again = post(hacked, "gm", "character_opportunity", {"opportunity": "The group's medic"}, headers, key="k2")
    assert stress(hacked) == 2  # once per session per character
    if headers:
        assert "helps each character once per session" in words(again)
    post(hacked, "gm", "character_opportunity", {"opportunity": "A doctor"}, headers, key="k3")
    post(hacked, "gm", "character_opportunity", {"opportunity": "A doctor"}, headers, key="k4")
    assert stress(hacked) == 0  # each time, never below 0: 2 → 0, then nothing to clear


def test_the_same_key_applies_an_opportunity_once(hacked):
    post(hacked, "gm", "character_opportunity", {"opportunity": "A doctor"}, key="same")
    post(hacked, "gm", "character_opportunity", {"opportunity": "A doctor"}, key="same")
    assert stress(hacked) == 1


def test_a_new_session_offers_the_medic_again(hacked):
    post(hacked, "gm", "character_opportunity", {"opportunity": "The group's medic"})
    hacked.campaign.sessions.update(ended_at=timezone.now())
    hacked.campaign.sessions.create(number=2)
    post(hacked, "gm", "character_opportunity", {"opportunity": "The group's medic"}, key="k2")
    assert stress(hacked) == 1


@pytest.mark.parametrize("who", ["player", "other_player", "outsider"])
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_only_the_gm_recovers_or_marks(hacked, who, headers):
    assert post(hacked, who, "character_opportunity", {"opportunity": "A doctor"}, headers).status_code == 404
    assert post(hacked, who, "character_deterioration", {"deterioration": "Poison", "step": "mark"},
                headers).status_code == 404
    sheet = Sheet.objects.get(pk=hacked.character.pk)
    assert (sheet.stress, sheet.deteriorating) == (3, [])


def test_an_opportunity_not_in_the_hack_is_refused(hacked):
    response = post(hacked, "gm", "character_opportunity", {"opportunity": "A potion"}, HTMX)
    assert "not in this campaign's hack" in words(response) and stress(hacked) == 3


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_poison_marked_worsens_through_the_stress_clock_and_is_cared_for(hacked, headers):
    mark = post(hacked, "gm", "character_deterioration", {"deterioration": "Poison", "step": "mark"}, headers)
    assert mark.status_code == (200 if headers else 302)
    assert Sheet.objects.get(pk=hacked.character.pk).deteriorating == ["Poison"]
    post(hacked, "gm", "character_deterioration", {"deterioration": "Poison", "step": "worsen"}, headers, key="k2")
    sheet = Sheet.objects.get(pk=hacked.character.pk)
    assert (sheet.stress, sheet.taken_out) == (0, True)  # 3 + 1 fills the 4-segment clock: taken out, cleared
    assert Event.objects.filter(campaign=hacked.campaign, text="Ada's Poison worsens.").exists()
    post(hacked, "gm", "character_deterioration", {"deterioration": "Poison", "step": "worsen"}, headers, key="k3")
    assert stress(hacked) == 1
    post(hacked, "gm", "character_deterioration", {"deterioration": "Poison", "step": "cared"}, headers, key="k4")
    assert Sheet.objects.get(pk=hacked.character.pk).deteriorating == []
    post(hacked, "gm", "character_deterioration", {"deterioration": "Poison", "step": "worsen"}, headers, key="k5")
    assert stress(hacked) == 1  # cared for: it no longer worsens


def test_what_each_viewer_sees_and_the_controls_only_the_gm_gets(hacked):
    update_character(hacked.character.pk, deteriorating=["Poison"])
    url = hacked.character.get_absolute_url()
    for who in ("player", "other_player"):
        page = words(hacked.client(who).get(url))
        assert "Poison · when a scene ends and the poison is untreated: 1 stress" in page
        assert "It worsens" not in page and "Recover with" not in page and "Suffers from it" not in page
    gm = words(hacked.client("gm").get(url))
    assert "It worsens" in gm and "Cared for" in gm and "Recover with A doctor (−2 stress)" in gm
    assert "Suffers from it" not in gm  # poison is the only kind, and Ada has it already
    assert hacked.client("outsider").get(url).status_code == 404
    table = words(hacked.client("player").get(reverse("table", args=[hacked.campaign.pk])))
    assert "Suffers from: Poison" in table


def test_with_no_stress_no_opportunity_is_offered(hacked):
    update_character(hacked.character.pk, stress=0)
    assert "Recover with" not in words(hacked.client("gm").get(hacked.character.get_absolute_url()))


def test_the_sheet_without_a_hack_shows_nothing_new(table):
    page = words(table.client("gm").get(table.character.get_absolute_url()))
    assert "Recover with" not in page and "Suffers from" not in page and "one die fewer" not in page


def test_the_dials_form_writes_them_and_a_dropped_kind_is_said_before_it_ends(hacked):
    gm = hacked.client("gm")
    url = reverse("dials", args=[hacked.campaign.pk])
    page = gm.get(url)
    assert page.context["form"]["deteriorations"].value() == "Poison | 1 | a scene ends and the poison is untreated"
    gm.post(url, dials_post(recovery_opportunities="A doctor | 2 | each\nThe medic | 1 | session",
                            deteriorations="Poison | 1 | a scene ends and the poison is untreated\nA wound | 2 | you push",
                            stress_penalty_at=3))
    rules = Setup.objects.get(campaign=hacked.campaign).rules
    assert [(o.name, o.segments, o.often.value) for o in rules.recovery_opportunities] == [
        ("A doctor", 2, "each_time"), ("The medic", 1, "session")]
    assert [(d.name, d.segments) for d in rules.deteriorations] == [("Poison", 1), ("A wound", 2)]
    assert rules.stress_penalty_at == 3
    wrong = gm.post(url, dials_post(recovery_opportunities="A doctor | two | each"))
    assert "Write each as: name | 1-4 | session or each." in words(wrong)
    update_character(hacked.character.pk, deteriorating=["Poison"])
    preview = gm.post(url, dials_post(deteriorations="A wound | 2 | you push"))
    assert "Ada no longer suffers from Poison: the hack drops it." in words(preview)
    assert Sheet.objects.get(pk=hacked.character.pk).deteriorating == ["Poison"]  # a preview writes nothing
    gm.post(reverse("hack_apply", args=[hacked.campaign.pk]), {"document": preview.context["document"],
                                                               "seen": preview.context["seen"], "key": "a"})
    assert Sheet.objects.get(pk=hacked.character.pk).deteriorating == []
    assert [d.name for d in Setup.objects.get(campaign=hacked.campaign).rules.deteriorations] == ["A wound"]


def test_the_hack_file_refuses_a_wrong_type_naming_the_field_and_saves_nothing(hacked):
    gm = hacked.client("gm")
    document = json.loads(gm.get(reverse("hack_export", args=[hacked.campaign.pk])).content)
    assert document["recovery_opportunities"] == [MEDIC, DOCTOR] and document["deteriorations"] == [POISON]
    before = Setup.objects.get(campaign=hacked.campaign).dials
    from django.core.files.uploadedfile import SimpleUploadedFile
    for field, value, said in (("stress_penalty_at", "3", "stress_penalty_at: the wrong type"),
                               ("deteriorations", [{**POISON, "segments": 9}], "deteriorations: A deterioration ticks 1"),
                               ("recovery_opportunities", [{**MEDIC, "luck": True}], "recovery_opportunities[0].luck")):
        upload = SimpleUploadedFile("h.json", json.dumps({**document, field: value}).encode(), "application/json")
        page = gm.post(reverse("hack_preview", args=[hacked.campaign.pk]), {"file": upload})
        assert said in words(page), field
    assert Setup.objects.get(campaign=hacked.campaign).dials == before


def test_the_preset_a_medic_and_poison_applies(table):
    gm = table.client("gm")
    page = gm.post(reverse("hack_preview", args=[table.campaign.pk]), {"preset": "medic-and-poison"})
    assert "New: Poison ticks 1 stress when a scene ends and the poison is untreated." in words(page)
    gm.post(reverse("hack_apply", args=[table.campaign.pk]), {"document": page.context["document"],
                                                              "seen": page.context["seen"], "key": "m"})
    rules = Setup.objects.get(campaign=table.campaign).rules
    assert [o.name for o in rules.recovery_opportunities] == ["The group's medic"]
    assert [d.name for d in rules.deteriorations] == ["Poison"]


def test_the_penalty_takes_a_die_in_the_wizard_the_odds_and_the_roll(hacked, dice):
    Setup.objects.filter(campaign=hacked.campaign).update(dials={"stress_penalty_at": 3})
    update_character(hacked.character.pk, momentum=2)
    sheet = words(hacked.client("player").get(hacked.character.get_absolute_url()))
    assert "Stress at 3 or more: action rolls roll one die fewer (this campaign's penalty)." in sheet
    step3 = hacked.client("player").get(on_its_way(hacked).get_absolute_url())
    assert "One die fewer: stress at 3 or more" in words(step3) and "Roll 1d6" in words(step3)
    assert step3.context["plan"].pool_size == 1  # Sneak 2, one die fewer: the odds shown are one die's
    dice(6)
    wizard(hacked)
    roll = Roll.objects.get()
    assert (roll.pool_size, roll.dice) == (1, [6])


def test_below_the_penalty_the_pool_is_whole(hacked, dice):
    Setup.objects.filter(campaign=hacked.campaign).update(dials={"stress_penalty_at": 4})
    update_character(hacked.character.pk, momentum=2)
    dice(6, 1)
    wizard(hacked)
    assert Roll.objects.get().pool_size == 2
    assert "one die fewer" not in words(hacked.client("player").get(fresh(hacked.character).get_absolute_url()))


def test_the_dashboard_offers_the_opportunities_beside_recovery(hacked):
    """Where recovery is offered today (the GM's dashboard, an ended session's page), the opportunities too."""
    url = hacked.campaign.get_absolute_url()
    assert "Recover with A doctor (−2 stress)" in words(hacked.client("gm").get(url))
    assert "Recover with" not in words(hacked.client("player").get(url))


def test_what_a_character_suffers_from_and_the_medic_used_travel_with_the_campaign(hacked):
    from campaign.transfer import export_campaign, import_campaign

    post(hacked, "gm", "character_deterioration", {"deterioration": "Poison", "step": "mark"})
    post(hacked, "gm", "character_opportunity", {"opportunity": "The group's medic"}, key="k2")
    copy = import_campaign(export_campaign(Campaign.objects.get(pk=hacked.campaign.pk)), hacked.gm)
    sheet = Sheet.objects.get(character__campaign=copy, character__name="Ada")
    assert (sheet.deteriorating, sheet.recovered_with, sheet.stress) == (["Poison"], {"The group's medic": 1}, 2)
    assert [d.name for d in copy.charge.rules.deteriorations] == ["Poison"]
