"""The site's own words in a stored text (core/own_words.py): what one person's action wrote is
read by each reader in their own language, whoever wrote it and in whatever language; a text a
person wrote is shown as written. The words are the catalogues' (each test reads them there)."""

import json

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext, override

from campaign.models import WorldForce
from campaign.transfer import comparable, export_campaign, import_campaign
from characters.models import Character
from charge.actions.bookkeeping import set_dials
from charge.models import Setup
from clocks.models import Clock
from core.own_words import in_english
from gamerules.dials import Dials, Extra
from rolls.models import Roll
from tests.factories import UserFactory
from tests.helpers import HTMX, SPREAD, sheet_url, update_character, wizard

pytestmark = pytest.mark.django_db


def reading(user, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def said_in(language: str, text: str, **values) -> str:
    with override(language):
        return escape(gettext(text) % values)


def test_a_campaign_made_in_french_starts_with_the_player_group_in_each_readers_words():
    gm, ada = UserFactory(username="gm-fr"), UserFactory(username="ada")
    reading(gm, "fr").post(reverse("campaign_create"), {"name": "Sel", "pitch": "", "system": "charge", "table_language": ""})
    force = WorldForce.objects.get(is_player_group=True, campaign__name="Sel")
    assert str.__str__(force.name) == "The player group"  # its meaning, whoever made it
    url = reverse("forces", args=[force.campaign_id])
    assert said_in("fr", "The player group") in reading(gm, "fr").get(url).text
    for language in ("en", "sv"):
        assert said_in(language, "The player group") in reading(gm, language).get(url).text
    assert said_in("fr", "The player group") not in reading(gm, "en").get(url).text
    assert ada  # a reader who is no member reads nothing of it (tests/campaign/test_access.py)


def test_editing_the_player_group_in_french_without_changing_its_name_keeps_its_meaning(table):
    force, french_gm = table.group, reading(table.gm, "fr")
    url = reverse("force_edit", args=[table.campaign.pk, force.pk])
    form = french_gm.get(url).text
    assert f'value="{said_in("fr", "The player group")}"' in form
    with override("fr"):
        french_name = gettext("The player group")
    french_gm.post(url, {"name": french_name, "goal": "Rentrer.", "method_1": "Ruser.", "method_2": "Forger.",
                         "kind": "organisation", "stance": "aligned", "gm_notes": "", "revealed": "on"})
    force.refresh_from_db()
    assert (str.__str__(force.name), force.goal) == ("The player group", "Rentrer.")
    assert said_in("sv", "The player group") in reading(table.gm, "sv").get(reverse("forces", args=[table.campaign.pk])).text


@pytest.fixture
def scarred(table):
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": ["scars"]})
    table.campaign.refresh_from_db()
    update_character(table.character.pk, created=True, stress=3, condition="", action_dots=dict(SPREAD))
    return table


def test_a_scar_taken_in_english_reads_incapacitated_and_the_new_scar_in_french(scarred):
    reading(scarred.player, "en").post(sheet_url(scarred, "character_stress", scarred.character), {"delta": 1}, **HTMX)
    french = reading(scarred.other_player, "fr").get(sheet_url(scarred, "character", scarred.character)).text
    assert said_in("fr", "Incapacitated") in french
    assert said_in("fr", "A new scar: say what stays behind") in french
    english = reading(scarred.other_player, "en").get(sheet_url(scarred, "character", scarred.character)).text
    assert "Incapacitated" in english and escape("A new scar: say what stays behind") in english


def test_a_scar_taken_in_french_reads_in_english_and_a_french_edit_of_the_condition_is_not_a_conflict(scarred):
    french_player = reading(scarred.player, "fr")
    french_player.post(sheet_url(scarred, "character_stress", scarred.character), {"delta": 1}, **HTMX)
    ada = Character.objects.get(pk=scarred.character.pk)
    assert (str.__str__(ada.condition), str.__str__(ada.charge.scars)) == ("Incapacitated", "A new scar: say what stays behind")
    english = reading(scarred.gm, "en").get(sheet_url(scarred, "character", scarred.character)).text
    assert "Incapacitated" in english and said_in("fr", "Incapacitated") not in english
    # The French editor started from the French words: saving a new condition is no conflict.
    url = sheet_url(scarred, "character_text", scarred.character, "condition")
    with override("fr"):
        seen = gettext("Incapacitated")
    french_player.post(url, {"value": "Bras en écharpe", "seen": seen})
    assert Character.objects.get(pk=scarred.character.pk).condition == "Bras en écharpe"  # a person's words, as written


def test_a_resistance_roll_in_french_has_its_goal_in_each_readers_words(crew, dice):
    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials())
    dice(4, 1, 5)
    wizard(crew)
    roll = Roll.objects.order_by("-pk").first()
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    reading(crew.player, "fr").post(reverse("roll_resist", args=[crew.campaign.pk, roll.pk]), {"burn": 1, "key": "resist-fr"})
    resisted = Roll.objects.get(idempotency_key="resist-fr")
    assert str.__str__(resisted.goal) == "Resist: worse condition"
    url = reverse("roll", args=[crew.campaign.pk, resisted.pk])
    assert "Resist: worse condition" in reading(crew.gm, "en").get(url).text
    with override("fr"):
        french = gettext("Resist: %(consequence)s") % {"consequence": gettext("Worse condition").lower()}
    assert escape(french) in reading(crew.other_player, "fr").get(url).text


def test_a_spells_clocks_made_in_english_read_in_swedish(crew):
    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials(extras=frozenset({Extra.MAGIC})))
    reading(crew.player, "en").post(sheet_url(crew, "character_spell", crew.ada), {
        "name": "Mend flesh", "actions": ["Finesse"], "level": 2, "momentum_cost": 0, "stress_cost": 0, "risk": "",
        "limit": "", "ritual": 4, "danger": 4, "notes": ""}, **HTMX)
    assert sorted(str.__str__(c.name) for c in Clock.objects.filter(character=crew.ada)) == [
        "Mend flesh: danger", "Mend flesh: the casting"]
    swedish = reading(crew.gm, "sv").get(reverse("clocks", args=[crew.campaign.pk])).text
    assert said_in("sv", "%(spell)s: the casting", spell="Mend flesh") in swedish
    assert said_in("sv", "%(spell)s: danger", spell="Mend flesh") in swedish
    assert "Mend flesh: the casting" not in swedish


def test_the_partys_clocks_made_in_french_read_in_english(table):
    with override("fr"):
        set_dials(table.campaign.memberships.get(user=table.gm), Dials(extras=frozenset({Extra.PARTY})))
    names = sorted(str.__str__(c.name) for c in Clock.objects.filter(campaign=table.campaign, party=True))
    assert names == ["The party's danger", "The party's progress"]
    english = reading(table.gm, "en").get(reverse("clocks", args=[table.campaign.pk])).text
    assert escape("The party's danger") in english and said_in("fr", "The party's danger") not in english


def test_a_name_a_person_wrote_is_shown_as_written(table):
    table.group.name = "Les Loups"
    table.group.save()
    for language in ("en", "fr", "sv"):
        assert "Les Loups" in reading(table.gm, language).get(reverse("forces", args=[table.campaign.pk])).text


def test_a_campaign_made_in_french_exports_its_player_group_as_its_meaning():
    """The export holds what is stored: the English, whoever made the campaign and whoever exports it;
    an export of the last release's (English) campaigns is unchanged (tests/upgrade)."""
    gm = UserFactory(username="gm-fr")
    reading(gm, "fr").post(reverse("campaign_create"), {"name": "Sel", "pitch": "", "system": "charge", "table_language": ""})
    with override("fr"):
        document = json.dumps(export_campaign(WorldForce.objects.get(campaign__name="Sel").campaign), ensure_ascii=False)
    assert '"The player group"' in document and said_in("fr", "The player group") not in document


def test_the_last_release_s_words_in_french_or_swedish_become_their_meaning():
    """The migration step: what the last release stored in the writer's language, where it is
    exactly one of the site's phrases, is kept as the English it means."""
    gm = UserFactory(username="gm")
    reading(gm, "en").post(reverse("campaign_create"), {"name": "Old", "pitch": "", "system": "charge", "table_language": ""})
    force = WorldForce.objects.get(campaign__name="Old")
    with override("sv"):
        WorldForce.objects.filter(pk=force.pk).update(name=gettext("The player group"))
    clock = Clock.objects.create(campaign=force.campaign, name="Mend flesh : danger", kind="complication", size=4)
    kept = Clock.objects.create(campaign=force.campaign, name="Le grand danger", kind="danger", size=4)
    in_english("campaign.WorldForce", "name")(apps, None)
    in_english("clocks.Clock", "name")(apps, None)
    assert str.__str__(WorldForce.objects.get(pk=force.pk).name) == "The player group"
    assert str.__str__(Clock.objects.get(pk=clock.pk).name) == "Mend flesh: danger"
    assert Clock.objects.get(pk=kept.pk).name == "Le grand danger"


def test_a_detail_a_french_player_writes_in_the_words_of_a_phrase_stays_theirs(scarred):
    """Only the texts the site writes hold its phrases: a concept is the player's own, as written."""
    url = sheet_url(scarred, "character_text", scarred.character, "concept")
    french_player = reading(scarred.player, "fr")
    french_player.post(url, {"value": "Butin", "seen": ""})
    french_player.post(url, {"value": "Butin de guerre", "seen": "Butin"})
    assert Character.objects.get(pk=scarred.character.pk).concept == "Butin de guerre"


def test_an_export_round_trip_in_french_leaves_every_text_as_it_was(table):
    """An import stores what the document holds: a name a person wrote that happens to be a phrase's
    French ("Butin") stays theirs, and the round trip gives back the same document."""
    Clock.objects.create(campaign=table.campaign, name="Butin", kind="progress", size=4)
    with override("fr"):
        document = export_campaign(table.campaign)
        copy = import_campaign(json.loads(json.dumps(document)), table.gm)
        again = export_campaign(copy)
    assert Clock.objects.get(campaign=copy, name="Butin")
    assert comparable(again) == comparable(document)


def test_a_french_edit_of_the_scars_keeps_the_new_scar_line_its_meaning(scarred):
    update_character(scarred.character.pk, scars="A burnt hand\nA new scar: say what stays behind")
    with override("fr"):
        shown = "A burnt hand\r\n" + gettext("A new scar: say what stays behind")  # as a browser posts a textarea
    url = sheet_url(scarred, "character_text", scarred.character, "scars")
    reading(scarred.player, "fr").post(url, {"value": shown + "\r\nA limp", "seen": shown})
    assert str.__str__(Character.objects.get(pk=scarred.character.pk).charge.scars) == (
        "A burnt hand\r\nA new scar: say what stays behind\r\nA limp")


def test_hooks_revealed_by_a_french_gm_read_hook_in_each_readers_words(crew, monkeypatch):
    """No prompt tables written: the log names each hook "Hook" and its card, in the reader's language."""
    from charge.models import HookDraw
    from rolls import actions as roll_actions
    from tests.rolls.test_world import StackedDeck

    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials(extras=frozenset({Extra.WORLD})))
    c = crew.campaign.pk
    monkeypatch.setattr(roll_actions, "SYSTEM_RANDOM", StackedDeck(("Queen♥", "Queen♣", "Queen♦"), ()))
    crew.client("gm").post(reverse("world_draw", args=[c]), **HTMX)
    reading(crew.gm, "fr").post(reverse("world_reveal", args=[c, HookDraw.objects.get().pk]))
    english = reading(crew.player, "en").get(reverse("campaign", args=[c])).text
    assert "The GM revealed the hooks: Hook: Queen♥; Hook: Queen♣; Hook: Queen♦." in english
    french = reading(crew.player, "fr").get(reverse("campaign", args=[c])).text
    assert said_in("fr", "Hook") + ": Queen♥" in french
