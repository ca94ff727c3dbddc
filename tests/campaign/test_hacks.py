"""A Charge campaign's hack as a file, and the chapter's examples as presets (#43): through the views,
a preview before anything applies, and refusals that name the field and write nothing."""

import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaign.models import Campaign, Event
from charge.hackfile import DEMO_HACK, MOST_BYTES, SCHEMA_PATH, schema
from charge.models import Playbook, Setup, Sheet, Talent
from gamerules.dials import CHARGE_DIALS
from tests.helpers import SPREAD, update_character

pytestmark = pytest.mark.django_db


def url(name, table):
    return reverse(name, args=[table.campaign.pk])


def exported(table) -> dict:
    response = table.client("gm").get(url("hack_export", table))
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    return json.loads(response.content)


def upload(document, name="hack.json") -> SimpleUploadedFile:
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    return SimpleUploadedFile(name, raw, content_type="application/json")


def preview(table, **data):
    return table.client("gm").post(url("hack_preview", table), data)


def confirm(table, page, key="k1"):
    """The preview's one form, posted as the browser posts it."""
    form = page.context
    return table.client("gm").post(url("hack_apply", table), {"document": form["document"], "seen": form["seen"],
                                                               "key": key})


def said_on(page) -> str:
    """A page's text as read: entities unescaped, spaces run together."""
    return re.sub(r"\s+", " ", html.unescape(page.content.decode()))


def state(table):
    """Every row a hack could write."""
    return (list(Setup.objects.values_list("campaign", "ruleset", "risk_wording", "dials").order_by("pk")),
            list(Playbook.objects.values().order_by("pk")), list(Sheet.objects.values().order_by("pk")),
            Campaign.objects.count(), list(Talent.objects.values().order_by("pk")))


def test_the_export_is_a_versioned_document_of_every_dial(table):
    document = exported(table)
    assert (document["format"], document["version"], document["name"]) == ("charge-hack", 1, table.campaign.name)
    assert document["actions"]["insight"] == ["Shoot", "Tinker", "Study", "Notice"]
    assert (document["starting_dots"], document["max_rating"], document["stress_clock_size"]) == (7, 4, 4)
    assert document["momentum"] == {"partial": 1, "full": 2, "critical": 3}
    assert set(document) == set(schema()["properties"])  # the schema documents every field the file holds


def test_only_the_gm_exports_or_previews(table):
    for who in ("player", "outsider"):
        assert table.client(who).get(url("hack_export", table)).status_code == 404
        assert table.client(who).post(url("hack_preview", table), {"preset": "tinker-craft"}).status_code == 404


def test_export_import_export_gives_the_same_document(table):
    Playbook.objects.create(campaign=table.campaign, name="The Smuggler", suggested_ties=["A harbour official"],
                            action_dots={"Sneak": 2, "Finesse": 1},
                            talents={"2": {"action": "Sneak", "situation": "through the marsh"}})
    Setup.objects.filter(campaign=table.campaign).update(dials={"extras": ["goals", "scars"], "stress_clock_size": 6,
                                                                "extra_dials": ["scars_at_start"]})
    first = exported(table)
    response = table.client("gm").post(url("hack_new_campaign", table), {"file": upload(first), "key": "n1"})
    made = Campaign.objects.latest("pk")
    assert response.status_code == 302 and response.url == made.get_absolute_url()
    again = json.loads(table.client("gm").get(reverse("hack_export", args=[made.pk])).content)
    assert again == first
    assert made.charge.rules.stress_clock_size == 6 and made.playbooks.get().action_dots == {"Sneak": 2, "Finesse": 1}


def test_an_imported_hack_into_this_campaign_round_trips_too(table):
    document = exported(table)
    document["actions"]["resolve"] = ["Bond", "Command", "Focus", "Negotiate"]
    document["max_rating"] = 5
    page = preview(table, file=upload(document))
    assert page.status_code == 200
    assert confirm(table, page).status_code == 302
    assert exported(table) == document


def test_a_preset_is_two_taps_and_moves_the_renamed_dots(table):
    update_character(table.character.pk, action_dots={**SPREAD, "Tinker": 1}, stress=0)
    Talent.objects.create(character=table.character, slot=1, kind="dot", action="Tinker")
    page = preview(table, preset="tinker-craft")  # tap 1
    text = said_on(page)
    assert "Actions:" in text and "Craft" in text
    assert "Ada: the dots on Tinker move to Craft." in text
    assert Setup.objects.get(campaign=table.campaign).dials == {}  # a preview writes nothing
    assert confirm(table, page).status_code == 302  # tap 2
    rules = Campaign.objects.get(pk=table.campaign.pk).charge.rules
    assert rules.actions_under.__self__.action_names[5] == "Craft"
    sheet = Sheet.objects.get(pk=table.character.pk)
    assert sheet.action_dots["Craft"] == 1 and "Tinker" not in sheet.action_dots
    assert sheet.rating("Craft") == 2  # the creation dot and the talent's dot both moved
    assert Event.objects.filter(campaign=table.campaign, text__startswith="The GM changed the hack").exists()


def test_every_preset_offered_applies_with_its_numbers(table):
    expected = {"nine-actions": lambda r: (len(r.actions), r.starting_dots) == (9, 7),
                "six-actions": lambda r: (len(r.actions), r.starting_dots, r.creation_cap) == (6, 4, 4),
                "momentum-sparing": lambda r: (r.momentum.partial, r.momentum.full, r.momentum.critical) == (0, 2, 3),
                "stress-8": lambda r: r.stress_clock_size == 8,
                "sway-negotiate": lambda r: "Negotiate" in r.action_names and "Sway" not in r.action_names}
    for n, (slug, holds) in enumerate(expected.items()):
        Setup.objects.filter(campaign=table.campaign).update(dials={})
        page = preview(table, preset=slug)
        assert page.status_code == 200, slug
        confirm(table, page, key=f"p{n}")
        assert holds(Campaign.objects.get(pk=table.campaign.pk).charge.rules), slug


def test_a_smaller_stress_clock_says_what_it_does_to_a_character_then_does_it(table):
    Setup.objects.filter(campaign=table.campaign).update(dials={"stress_clock_size": 8})
    update_character(table.character.pk, stress=6)
    page = preview(table, preset="stress-4")
    assert "Ada: stress 6 is lowered to 3, one short of the new clock's 4." in said_on(page)
    confirm(table, page)
    assert Sheet.objects.get(pk=table.character.pk).stress == 3


def test_dropped_actions_are_said_kept_and_not_read(table):
    update_character(table.character.pk, action_dots=dict(SPREAD))
    page = preview(table, preset="nine-actions")
    assert "Ada: the dots on Sneak, Notice are kept but not read" in said_on(page)


def test_a_preview_applies_only_the_hack_it_showed(table):
    page = preview(table, preset="stress-6")
    Setup.objects.filter(campaign=table.campaign).update(dials={"starting_momentum": 3})  # another GM, meanwhile
    response = confirm(table, page)
    assert response.status_code == 302
    assert Campaign.objects.get(pk=table.campaign.pk).charge.rules.stress_clock_size == 4


def test_a_double_tap_on_confirm_applies_once(table):
    update_character(table.character.pk, action_dots={**SPREAD, "Tinker": 1})
    page = preview(table, preset="tinker-craft")
    confirm(table, page, key="same")
    before = state(table)
    response = confirm(table, page, key="same")
    assert response.status_code == 302 and state(table) == before


def test_a_gm_reuses_a_hack_of_another_of_their_campaigns(table):
    other = Campaign.objects.create(name="Sky Pirates", system="charge")
    other.memberships.create(user=table.gm, role="gm")
    Setup.objects.filter(campaign=other).update(dials={"stress_clock_size": 10})
    assert "Sky Pirates" in table.client("gm").get(url("hack", table)).text
    page = preview(table, source=other.pk)
    confirm(table, page)
    assert Campaign.objects.get(pk=table.campaign.pk).charge.rules.stress_clock_size == 10
    stranger = Campaign.objects.create(name="Not mine", system="charge")
    assert preview(table, source=stranger.pk).status_code == 400


def hostile(document_of):
    def make(base):
        document = json.loads(json.dumps(base))
        document_of(document)
        return document
    return make


def _set(path, value):
    def change(document):
        *parents, last = path
        for key in parents:
            document = document[key]
        document[last] = value
    return change


HOSTILE = {
    "a number as text": (_set(["max_rating"], "4"), "max_rating: the wrong type"),
    "a boolean as a number": (_set(["version"], True), "version: not a value the format allows"),
    "an unknown field": (_set(["admin"], True), "admin: not a field of a hack file"),
    "a missing field": (lambda d: d.pop("actions"), "actions: missing"),
    "ten thousand actions": (_set(["actions", "physique"], ["x"] * 10_000),
                             "actions.physique: 10000 entries"),
    "thirteen actions": (_set(["actions", "physique"], ["Muscle", "Finesse", "Move", "Sneak", "Leap"]),
                         "actions: Use 6, 9 or 12 actions, not 13."),
    "script in a name": (_set(["actions", "insight", 1], "<script>alert(1)</script>"),
                         "actions.insight[1]: a character a name may not hold"),
    "a control character": (_set(["actions", "insight", 1], "Tin\u0007ker"), "actions.insight[1]: a character"),
    "a newline ending a name": (_set(["actions", "insight", 1], "Tinker\n"), "actions.insight[1]: a character"),
    "a wrong stress clock": (_set(["stress_clock_size"], 5), "stress_clock_size: not a value the format allows"),
    "a playbook of unknown actions": (_set(["playbooks"], [{"name": "X", "suggested_ties": [], "talents": {},
                                                            "action_dots": {"Fly": 3}}]),
                                      "playbooks[0]: A playbook uses only the hack's actions."),
    "a wrong format": (_set(["format"], "blades-hack"), "format: not a value the format allows"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_bad_or_hostile_file_is_refused_naming_the_field_and_nothing_is_written(table, case):
    refused_everywhere(table, case, *HOSTILE[case])


def refused_everywhere(table, case, change, said):
    """The file ``change`` makes of the campaign's own is refused by the preview and a new campaign
    with ``said`` named, and by the apply; nothing is written."""
    document = hostile(change)(exported(table))
    before = state(table)
    for address in ("hack_preview", "hack_new_campaign"):
        response = table.client("gm").post(url(address, table), {"file": upload(document), "key": f"{case}{address}"})
        assert response.status_code == 400
        assert "Nothing was imported." in response.text and said in said_on(response)
    assert "<script>alert" not in response.text
    # Posted straight to the apply, bypassing the preview: refused the same.
    table.client("gm").post(url("hack_apply", table), {"document": json.dumps(document), "seen": "", "key": case})
    assert state(table) == before


def test_an_oversized_or_unreadable_file_is_refused(table):
    before = state(table)
    big = preview(table, file=upload(b"{" + b" " * MOST_BYTES + b"}"))
    assert big.status_code == 400 and "larger than 64 KB" in big.text
    deep = preview(table, file=upload(b"[" * 60_000))
    assert deep.status_code == 400 and "not JSON text" in deep.text
    nothing = preview(table)
    assert nothing.status_code == 400 and "Choose a hack file" in nothing.text
    assert state(table) == before


def test_names_with_script_are_shown_escaped(table):
    """A character's or a campaign's name holds any text: on the hack's pages it never runs."""
    Setup.objects.filter(campaign=table.campaign).update(dials={"stress_clock_size": 8})
    update_character(table.character.pk, name="<script>x()</script>", stress=6)
    other = Campaign.objects.create(name="<script>y()</script>", system="charge")
    other.memberships.create(user=table.gm, role="gm")
    page = preview(table, preset="stress-4")
    assert page.status_code == 200
    assert "<script>x()" not in page.text and "&lt;script&gt;x()" in page.text
    listed = table.client("gm").get(url("hack", table)).text
    assert "<script>y()" not in listed and "&lt;script&gt;y()" in listed


def test_the_schema_is_json_schema_and_the_import_reads_it():
    assert json.loads(SCHEMA_PATH.read_text())["$schema"].startswith("https://json-schema.org/")
    assert schema()["additionalProperties"] is False
    assert CHARGE_DIALS.max_rating <= schema()["properties"]["max_rating"]["maximum"]


def test_the_sample_hack_built_from_the_chapters_examples_applies(table):
    page = preview(table, source="demo")
    assert page.status_code == 200
    assert "Playbook The Smuggler is added." in said_on(page)
    confirm(table, page)
    rules = Campaign.objects.get(pk=table.campaign.pk).charge.rules
    assert {"Craft", "Negotiate"} <= set(rules.action_names)
    assert (rules.stress_clock_size, rules.talent_cost) == (6, 1)
    assert exported(table) | {"name": ""} == json.loads(DEMO_HACK.read_text()) | {"name": ""}


def test_the_dials_form_says_first_what_it_would_do_to_a_character(table):
    """Renaming Tinker on the Dials page, with Ada's dot on it: the same preview, then the same apply."""
    from tests.campaign.test_campaigns import dials_post

    update_character(table.character.pk, action_dots={**SPREAD, "Tinker": 1})
    gm = table.client("gm")
    page = gm.post(url("dials", table), dials_post(insight_actions="Shoot\nCraft\nStudy\nNotice"))
    assert "Ada: the dots on Tinker move to Craft." in said_on(page)
    assert Setup.objects.get(campaign=table.campaign).dials == {}  # nothing yet
    confirm(table, page)
    assert Sheet.objects.get(pk=table.character.pk).action_dots["Craft"] == 1
    # No character touched: saved at once, as before.
    response = gm.post(url("dials", table), dials_post(insight_actions="Shoot\nCraft\nStudy\nNotice", starting_momentum=3))
    assert response.status_code == 302, said_on(response)[-3000:]
    assert Campaign.objects.get(pk=table.campaign.pk).charge.rules.starting_momentum == 3
