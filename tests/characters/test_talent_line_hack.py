"""Changing the tree ("Hacking Talents", "Changing the Tree": "You could change the content of that
tree to make certain types of talent more common than others"): what each of the talent line's 13
slots gives is a dial, set on the dials page and carried by the hack file; the sheet's line, the
talents a slot accepts and the preview of a hack follow it. The sheet's own line is reading 7."""

import pytest

from campaign.models import Campaign
from charge.models import Setup, Talent
from gamerules.dials import Dials
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
from tests.characters.test_sheet import award, talent
from tests.helpers import fresh, sheet_url, words

pytestmark = pytest.mark.django_db

SHEET = ["dot", "effect", "dot", "risk", "dot", "die", "dot", "effect", "dot", "risk", "dot", "die", "dot"]
"""Reading 7: "+1 action dot, +1 effect when ___, +1 action dot, +1 position when ___, +1 action dot,
+1d6 when ___, +1 action dot, +1 effect when ___, +1 action dot, +1 position when ___, +1 action dot,
+1d6 when ___, +1 action dot"."""
MORE_DOTS = ["dot", "dot", "dot", "risk", "dot", "die", "dot", "effect", "dot", "risk", "dot", "die", "dot"]


def line(table):
    return list(Campaign.objects.get(pk=table.campaign.pk).charge.rules.talent_line)


def slots(**changed):
    return {f"talent_slot_{n}": changed.get(f"s{n}", code) for n, code in enumerate(SHEET, start=1)}


def test_the_line_is_the_sheets_until_a_hack_changes_it(table):
    assert list(Dials().talent_line) == SHEET
    assert Dials(talent_line=tuple(MORE_DOTS)).errors() == []
    for wrong in (SHEET[:12], [*SHEET, "dot"], ["swap", *SHEET[1:]], ["+2d6", *SHEET[1:]]):
        assert Dials(talent_line=tuple(wrong)).errors() == [
            "The talent line has 13 slots, each an action dot, +1 effect, -1 risk or +1d6."]
    assert Dials.from_data(Dials(talent_line=tuple(MORE_DOTS)).to_data()).talent_line == tuple(MORE_DOTS)
    assert exported(table)["talent_line"] == SHEET


def test_the_gm_changes_a_slot_and_the_sheet_and_its_talents_follow(table, sheet):
    gm = table.client("gm")
    dot_slots = lambda: words(table.client("other_player").get(sheet.get_absolute_url())).count("+1 action dot")  # noqa: E731
    printed = dot_slots()
    page = gm.get(url("dials", table)).text
    assert page.count('name="talent_slot_') == 13 and "The talent line" in page
    assert gm.post(url("dials", table), dials_post(**slots(s2="dot"))).status_code == 302
    assert line(table) == MORE_DOTS
    assert dot_slots() == printed + 1  # the sheet prints the hack's line: eight dot slots, not seven
    award(table)
    award(table)
    response = talent(table, sheet, 2, kind="effect", action="Sneak", situation="in the dark")
    assert "Select a valid choice" in response.text and not Talent.objects.filter(slot=2).exists()
    offered = table.client("player").get(sheet_url(table, "character_talent", sheet, 2)).text
    assert 'value="dot"' in offered and 'value="effect"' not in offered  # the slot offers what the line gives
    before = fresh(sheet).charge.ratings()["Sneak"]
    talent(table, sheet, 2, kind="dot", action="Sneak")
    assert fresh(sheet).charge.ratings()["Sneak"] == before + 1


def test_the_dials_page_says_the_slots_in_the_campaigns_wording(table):
    Setup.objects.filter(campaign=table.campaign).update(risk_wording="position")
    page = table.client("gm").get(url("dials", table)).text
    assert "+1 position when ___" in page and "-1 risk when ___" not in page


def test_a_slot_of_no_kind_is_refused_and_nothing_saved(table):
    response = table.client("gm").post(url("dials", table), dials_post(**slots(s1="swap")))
    assert response.status_code == 200 and "Select a valid choice." in response.text
    assert Setup.objects.get(campaign=table.campaign).dials == {}


def test_the_file_carries_the_line_and_the_preview_says_what_moves(table, sheet):
    Talent.objects.create(character=sheet, slot=2, kind="effect", action="Sneak", situation="in the dark")
    document = exported(table)
    document["talent_line"] = MORE_DOTS
    page = preview(table, file=upload(document))
    said = said_on(page)
    assert "Talent line, slot 2: +1 effect when ___ → +1 action dot" in said
    assert "Ada: the talents in slots 2 stay as written; the new line applies when they are rewritten." in said
    assert confirm(table, page).status_code == 302
    assert line(table) == MORE_DOTS and exported(table) == document
    assert Talent.objects.get(slot=2).kind == "effect"  # kept as written


def test_a_file_without_the_line_plays_the_sheets(table):
    document = exported(table)
    del document["talent_line"]
    assert confirm(table, preview(table, file=upload(document))).status_code == 302
    assert line(table) == SHEET


def _set(value):
    return lambda document: document.__setitem__("talent_line", value)


HOSTILE = {
    "twelve slots": (_set(SHEET[:12]), "talent_line: 12 entries"),
    "a kind not printed": (_set(["liberty", *SHEET[1:]]), "talent_line[0]: not a value the format allows"),
    "the line as text": (_set("dot"), "talent_line: the wrong type"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_bad_line_is_refused_naming_the_field(table, case):
    refused_everywhere(table, case, *HOSTILE[case])


PRESET_LINES = {
    # every "+1 position (-1 risk) when ___" slot of the sheet's line an action dot: 9 dots
    "talent-line-dots": ["dot", "effect", "dot", "dot", "dot", "die", "dot", "effect", "dot", "dot", "dot", "die", "dot"],
    # an action dot every fourth slot, the first and the last: 4 dots, 9 situational bonuses
    "talent-line-bonuses": ["dot", "effect", "risk", "die", "dot", "effect", "risk", "die", "dot", "effect", "risk",
                            "die", "dot"],
}


@pytest.mark.parametrize("slug", PRESET_LINES)
def test_the_chapters_tree_as_a_preset_is_two_taps_and_says_what_moves(table, sheet, slug):
    """"You could change the content of that tree to make certain types of talent more common than
    others": one tap to preview, one to apply; a talent written where the line moved stays as written."""
    Talent.objects.create(character=sheet, slot=3, kind="dot", action="Sneak")
    Talent.objects.create(character=sheet, slot=4, kind="risk", action="Sneak", situation="in the dark")
    assert slug in table.client("gm").get(url("hack", table)).text
    page = preview(table, preset=slug)
    moved = "3, 4" if slug == "talent-line-bonuses" else "4"  # slot 4: -1 risk becomes +1d6, or a dot
    assert f"Ada: the talents in slots {moved} stay as written; the new line applies when they are rewritten." \
        in said_on(page)
    assert confirm(table, page).status_code == 302
    assert line(table) == PRESET_LINES[slug]
    assert PRESET_LINES[slug].count("dot") == (9 if slug == "talent-line-dots" else 4)
    assert slug not in table.client("gm").get(url("hack", table)).text  # played: no longer offered
    assert exported(table)["talent_line"] == PRESET_LINES[slug]
