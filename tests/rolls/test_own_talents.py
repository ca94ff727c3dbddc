"""Kinds of talent a hack invents ("Hacking Talents" → "Changing the Tree": "You could also create
brand new types of talent that would make players more invested in your game"). The GM names a
kind, says what it gives (one of the rulebook's bonuses, or only a story) and what it is; a talent
of the kind fills a slot as the talent it gives would, and plays as it on a roll."""

import json
from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

from campaign.transfer import comparable, export_campaign, import_campaign
from charge.models import Talent
from gamerules.own_talents import OwnKind, own_kinds_errors
from gamerules.progression import Talent as RulesTalent
from gamerules.progression import TalentKind, own_kinds_for
from rolls.models import Roll
from tests.campaign.test_campaigns import dials_post
from tests.campaign.test_hacks import (
    confirm,
    exported,
    preview,
    refused_everywhere,
    said_on,
    upload,
)
from tests.characters.test_sheet import award, talent
from tests.helpers import HTMX, fresh, on_its_way, sheet_url, wizard

GEAR = OwnKind("Signature gear", "die", "an item only you carry")
OATH = OwnKind("Oath", "liberty", "a promise the story holds you to")
EYE = OwnKind("Trained eye", "effect")
LINES = "Signature gear | die | an item only you carry\nOath | story | a promise the story holds you to\nTrained eye | effect"


def set_kinds(crew, lines=LINES):
    return crew.client("gm").post(reverse("dials", args=[crew.campaign.pk]), dials_post(own_talents=lines))


def test_a_kind_gives_a_bonus_the_rules_play_or_only_a_story():
    assert own_kinds_errors((GEAR, OATH, EYE)) == []
    assert own_kinds_errors((OwnKind("Gear", "+2d6"),)) == [
        "A kind of talent gives +1d6, +1 effect, -1 risk or only what it lets you do in the story."]
    assert own_kinds_errors((GEAR, OwnKind("signature GEAR", "effect"))) == ["Two kinds of talent have the same name."]
    assert own_kinds_errors((OwnKind("<b>Gear</b>", "die"),)) == [
        "A kind of talent's name has 1 to 30 characters, without < or >."]
    assert own_kinds_errors(tuple(OwnKind(f"Kind {n}", "die") for n in range(7))) == [
        "At most 6 kinds of talent of your own."]
    # A slot takes the kinds giving its printed bonus, and those giving only a story; an action dot's none.
    assert own_kinds_for(TalentKind.EXTRA_DIE, (GEAR, OATH, EYE)) == (GEAR, OATH)
    assert own_kinds_for(TalentKind.EXTRA_EFFECT, (GEAR, OATH, EYE)) == (OATH, EYE)
    assert own_kinds_for(TalentKind.ACTION_DOT, (GEAR, OATH, EYE)) == ()
    gear = RulesTalent(TalentKind.EXTRA_DIE, "Sneak", "with my grapnel", own="Signature gear")
    assert gear.describe() == "Signature gear: +1d6 when I Sneak with my grapnel"
    assert gear.errors(("Sneak",), TalentKind.EXTRA_DIE, (GEAR,)) == []
    assert gear.errors(("Sneak",), TalentKind.EXTRA_DIE, ()) == ["“Signature gear” is not a kind of talent in this campaign."]
    assert gear.errors(("Sneak",), TalentKind.EXTRA_EFFECT, (GEAR,))  # a +1d6 in a +1 effect slot
    assert RulesTalent(TalentKind.NARRATIVE_LIBERTY, situation="I keep my word", own="Oath").describe() == \
        "Oath: I keep my word"


def test_the_gm_names_kinds_on_the_dials_page_and_a_bad_line_saves_nothing(crew):
    assert set_kinds(crew).status_code == 302
    assert fresh(crew.campaign).charge.rules.own_talents == (GEAR, OATH, EYE)
    page = crew.client("gm").get(reverse("dials", args=[crew.campaign.pk])).text
    assert "Signature gear | die | an item only you carry" in page and "Trained eye | effect" in page
    for lines, message in (("Gear | +2d6", "Write each as: name | die, effect, risk or story | what it is."),
                           ("Gear", "Write each as: name | die, effect, risk or story | what it is."),
                           ("Gear | die\ngear | risk", "Two kinds of talent have the same name."),
                           ("<script>x</script> | die", "A kind of talent&#x27;s name has 1 to 30 characters")):
        response = set_kinds(crew, lines)
        assert response.status_code == 200 and message in response.text
        assert fresh(crew.campaign).charge.rules.own_talents == (GEAR, OATH, EYE)  # as it was


def test_a_talent_of_the_kind_fills_its_slot_and_plays_as_its_bonus_with_the_exact_odds(crew, dice):
    set_kinds(crew)
    for _milestone in range(6):
        award(crew)
    offered = crew.client("player").get(sheet_url(crew, "character_talent", crew.ada, 6)).text
    assert 'value="own:Signature gear"' in offered and 'value="own:Oath"' in offered
    assert 'value="own:Trained eye"' not in offered  # slot 6 gives +1d6, not +1 effect
    assert "Signature gear: an item only you carry" in offered
    refused = talent(crew, crew.ada, 2, kind="own:Signature gear", action="Sneak", situation="with my grapnel")
    assert "Select a valid choice" in refused.text and not Talent.objects.filter(slot=2).exists()
    talent(crew, crew.ada, 6, kind="own:Signature gear", action="Sneak", situation="with my grapnel")
    gear = Talent.objects.get(character=crew.ada, slot=6)
    assert (gear.kind, gear.own) == ("die", "Signature gear")
    sheet = crew.client("other_player").get(crew.ada.get_absolute_url()).text
    assert "Signature gear: +1d6 when I Sneak with my grapnel" in sheet
    # Its die is the talent's: Sneak 2 and the gear roll 3 dice. The odds of 3d6, counted face by face.
    faces = list(product(range(1, 7), repeat=3))
    bad = Fraction(sum(max(roll) <= 3 for roll in faces), len(faces))
    critical = Fraction(sum(roll.count(6) >= 2 for roll in faces), len(faces))
    assert (bad, critical) == (Fraction(1, 8), Fraction(2, 27))
    pending = on_its_way(crew)
    assert "Signature gear: +1d6 when I Sneak with my grapnel" in crew.client("player").get(pending.get_absolute_url()).text
    odds = crew.client("player").post(reverse("roll_odds", args=[crew.campaign.pk, pending.pk]),
                                      {"risk": 2, "effect": 2, "talents": [gear.pk]}, **HTMX).text
    assert "Roll 3d6" in odds and str(bad) in odds and str(critical) in odds
    dice(6, 1, 1)
    wizard(crew, talents=[gear.pk])
    assert Roll.objects.get().dice_sources == ["rating", "rating", "talent"]


def test_the_file_carries_the_kinds_and_a_kind_dropped_leaves_its_talents_as_written(crew):
    set_kinds(crew)
    Talent.objects.create(character=crew.ada, slot=6, kind="die", action="Sneak", situation="with my grapnel",
                          own="Signature gear")
    document = exported(crew)
    assert document["own_talents"] == [
        {"name": "Signature gear", "gives": "die", "about": "an item only you carry"},
        {"name": "Oath", "gives": "liberty", "about": "a promise the story holds you to"},
        {"name": "Trained eye", "gives": "effect", "about": ""}]
    document["own_talents"] = document["own_talents"][1:]
    page = preview(crew, file=upload(document))
    said = said_on(page)
    assert "Kinds of talent of your own: Signature gear (+1d6 when ___), Oath" in said
    assert "Ada: the talents of Signature gear stay as written; the hack no longer offers the kind." in said
    assert confirm(crew, page).status_code == 302
    assert exported(crew) == document  # export, import, export: the same document
    assert Talent.objects.get(slot=6).own == "Signature gear"  # kept as written
    assert "Signature gear: +1d6 when I Sneak" in crew.client("player").get(crew.ada.get_absolute_url()).text
    # The campaign's own export carries the talent's kind, and an import brings it back.
    first = export_campaign(crew.campaign)
    assert [t["own"] for t in first["talents"]] == ["Signature gear"]
    copy = import_campaign(json.loads(json.dumps(first)), crew.gm)
    assert Talent.objects.get(character__campaign=copy, slot=6).own == "Signature gear"
    assert comparable(export_campaign(copy)) == comparable(first)


def _kinds(value):
    return lambda document: document.__setitem__("own_talents", value)


HOSTILE = {
    "a bonus the rules do not play": (_kinds([{"name": "Gear", "gives": "+2d6"}]),
                                      "own_talents[0].gives: not a value the format allows"),
    "seven kinds": (_kinds([{"name": f"Kind {n}", "gives": "die"} for n in range(7)]), "own_talents: 7 entries"),
    "script in a name": (_kinds([{"name": "<script>alert(1)</script>", "gives": "die"}]), "own_talents[0].name"),
    "an unknown field": (_kinds([{"name": "Gear", "gives": "die", "dice": 3}]), "own_talents[0]"),
    "two of one name": (_kinds([{"name": "Gear", "gives": "die"}, {"name": "gear", "gives": "risk"}]),
                        "Two kinds of talent have the same name."),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_bad_kind_in_a_file_is_refused_naming_the_field(crew, case):
    refused_everywhere(crew, case, *HOSTILE[case])


def test_a_kinds_name_takes_a_word_in_each_language_as_the_hacks_actions_do(crew):
    set_kinds(crew)
    assert crew.client("gm").post(reverse("dials", args=[crew.campaign.pk]), dials_post(
        own_talents=LINES, words_fr="Signature gear = Équipement fétiche")).status_code == 302
    Talent.objects.create(character=crew.ada, slot=6, kind="die", action="Sneak", situation="with my grapnel",
                          own="Signature gear")
    french = crew.client("player")
    french.cookies["django_language"] = "fr"
    assert "Équipement fétiche : +1d6" in french.get(crew.ada.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").text
    english = crew.client("other_player").get(crew.ada.get_absolute_url()).text
    assert "Signature gear: +1d6 when I Sneak" in english and "Équipement" not in english
    assert exported(crew)["words"] == {"fr": {"Signature gear": "Équipement fétiche"}}
