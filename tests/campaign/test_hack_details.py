"""What to Hack (#43): a hack's own character details ("Changing the Details") and when talent dots
are gained ("Changing When Talent Dots are Gained") in the hack file, the presets and the dials
form; a hostile file with each new field wrong is refused naming it, nothing written."""


import pytest

from campaign.models import Campaign
from charge.models import Setup, Sheet
from tests.campaign.test_campaigns import dials_post
from tests.campaign.test_hacks import (
    confirm,
    exported,
    preview,
    refused_everywhere,
    said_on,
    upload,
    url,
)
from tests.helpers import update_character

pytestmark = pytest.mark.django_db


def rules(table):
    return Campaign.objects.get(pk=table.campaign.pk).charge.rules


def test_the_file_carries_details_and_triggers_and_round_trips(table):
    document = exported(table)
    assert (document["details"], document["talent_triggers"]) == ([], ["milestone"])
    document["details"] = ["God", "Patron saint"]
    document["talent_triggers"] = ["desperate_fail", "project"]
    page = preview(table, file=upload(document))
    words = said_on(page)
    assert "The characters' own details: - → God, Patron saint" in words
    assert ("Talent dots come from: A milestone (every character) → A failed desperate roll (its roller); "
            "A finished project clock (its character)") in words
    assert confirm(table, page).status_code == 302
    assert exported(table) == document
    response = table.client("gm").post(url("hack_new_campaign", table), {"file": upload(document), "key": "n1"})
    assert response.status_code == 302
    made = Campaign.objects.latest("pk")
    assert made.charge.rules.details == ("God", "Patron saint")


def test_a_file_from_before_these_fields_plays_the_rulebook(table):
    document = exported(table)
    del document["details"], document["talent_triggers"]
    assert confirm(table, preview(table, file=upload(document))).status_code == 302
    assert rules(table).details == () and {t.value for t in rules(table).talent_triggers} == {"milestone"}


def _set(name, value):
    return lambda document: document.__setitem__(name, value)


HOSTILE = {
    "details not a list": (_set("details", "God"), "details: the wrong type"),
    "seven details": (_set("details", [f"D{n}" for n in range(7)]), "details: 7 entries"),
    "a detail repeated": (_set("details", ["God", "God"]), "details: an entry repeated"),
    "a detail twice in other cases": (_set("details", ["God", "GOD"]), "details: Two details have the same name."),
    "script in a detail": (_set("details", ["<script>alert(1)</script>"]), "details[0]: a character a name may not hold"),
    "a long detail": (_set("details", ["x" * 31]), "details[0]: a length outside"),
    "an empty detail": (_set("details", [""]), "details[0]: a length outside"),
    "no trigger": (_set("talent_triggers", []), "talent_triggers: 0 entries"),
    "an unknown trigger": (_set("talent_triggers", ["a critical"]), "talent_triggers[0]: not a value the format allows"),
    "a trigger as text": (_set("talent_triggers", "milestone"), "talent_triggers: the wrong type"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_bad_detail_or_trigger_is_refused_naming_the_field(table, case):
    refused_everywhere(table, case, *HOSTILE[case])


@pytest.mark.parametrize("slug", ["god-and-role", "talent-dots-desperate-fail", "talent-dots-project"])
def test_the_chapters_examples_are_two_taps(table, slug):
    assert slug in table.client("gm").get(url("hack", table)).text
    confirm(table, preview(table, preset=slug))
    dials = rules(table)
    if slug == "god-and-role":
        assert dials.details == ("God", "Role in the group")
    else:
        assert {t.value for t in dials.talent_triggers} == {"milestone", slug.removeprefix("talent-dots-").replace("-", "_")}
    assert slug not in table.client("gm").get(url("hack", table)).text  # played: no longer offered


def test_the_dials_form_sets_details_and_triggers(table):
    gm = table.client("gm")
    page = gm.get(url("dials", table)).text
    assert "Details of your own" in page and "A failed desperate roll (its roller)" in page
    response = gm.post(url("dials", table), dials_post(details="God\n Role in the group \n",
                                                       talent_triggers=["milestone", "project"]))
    assert response.status_code == 302
    assert rules(table).details == ("God", "Role in the group")
    assert {t.value for t in rules(table).talent_triggers} == {"milestone", "project"}
    assert "God\nRole in the group" in gm.get(url("dials", table)).text


@pytest.mark.parametrize(("changes", "said"), [
    ({"details": "God\ngod"}, "Two details have the same name."),
    ({"details": "<b>God</b>"}, "A detail&#x27;s name has 1 to 30 characters, without &lt; or &gt;."),
    ({"talent_triggers": []}, "Talent dots need at least one way to be gained."),
    ({"insight_actions": "Shoot\n<b>Tinker</b>\nStudy\nNotice"}, "may not hold a control character, &lt; or &gt;."),
])
def test_the_dials_form_refuses_what_the_file_refuses(table, changes, said):
    response = table.client("gm").post(url("dials", table), dials_post(**changes))
    assert response.status_code == 200 and said in response.text
    assert Setup.objects.get(campaign=table.campaign).dials == {}


def test_dropping_a_detail_says_first_that_its_text_is_kept_unshown(table):
    Setup.objects.filter(campaign=table.campaign).update(dials={"details": ["God", "Role in the group"]})
    update_character(table.character.pk, details={"God": "The Drowned One", "Role in the group": ""})
    page = table.client("gm").post(url("dials", table), dials_post(details="Role in the group"))
    assert "Ada: the text of God is kept but no longer shown while the hack has no such detail." in said_on(page)
    confirm(table, page)
    assert rules(table).details == ("Role in the group",)
    assert Sheet.objects.get(pk=table.character.pk).details["God"] == "The Drowned One"  # kept
    assert "The Drowned One" not in table.client("gm").get(table.character.get_absolute_url()).text


def test_switching_a_trigger_off_says_what_it_does_to_a_characters_dots(table):
    from charge.models import TalentDot

    Setup.objects.filter(campaign=table.campaign).update(dials={"talent_triggers": ["milestone", "project"]})
    TalentDot.objects.create(character=table.character, trigger="project")
    page = table.client("gm").post(url("dials", table), dials_post(talent_triggers=["milestone"]))
    assert "Ada: talent dots 1 → 0; talents written beyond them stay, their slots closed." in said_on(page)
