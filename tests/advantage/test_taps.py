"""Fewer taps in a check, through the views without htmx: started from a skill or an expertise
on the sheet, the lone threat chosen, a factor named and added in one button."""

import re

from django.urls import reverse

from advantage.models import Threat
from tests.advantage.test_checks import factor, start, step


def test_a_skill_or_an_expertise_on_the_sheet_starts_a_check_with_them(advantage_table):
    table = advantage_table
    ada = table.character
    url = reverse("advantage_check_new", args=[table.campaign.pk])
    link = f"{url}?character={ada.pk}&amp;skill={table.skill.pk}&amp;expertise={table.disguise.pk}"
    for who, linked in (("player", True), ("gm", True), ("other_player", False)):
        assert (link in table.client(who).get(ada.get_absolute_url()).text) is linked, who
    page = table.client("player").get(url, {"character": ada.pk, "skill": table.skill.pk,
                                            "expertise": table.disguise.pk}).text
    assert re.search(rf'value="{table.disguise.pk}"\s+id="expertise-{table.disguise.pk}" checked', page)
    assert not re.search(rf'id="expertise-{table.sneak.pk}" checked', page)
    # The lone threat on the table is chosen; with two, none is.
    assert re.search(rf'<option value="{table.drone.pk}" selected>', page)
    Threat.objects.create(campaign=table.campaign, name="Lobby guard")
    assert " selected>" not in table.client("player").get(url, {"character": ada.pk}).text


def test_a_factor_is_added_in_one_button(advantage_table):
    """The name, the kind (Situation unless Environment is chosen), and a button for PLUS or
    MINUS; the GM finds the form open. A nameless factor is refused."""
    table = advantage_table
    _, check = start(table, skill=table.skill.pk)
    assert re.search(r"<details class=\"my-2\" open>", table.client("gm").get(check.get_absolute_url()).text)
    assert not re.search(r"<details class=\"my-2\" open>", table.client("player").get(check.get_absolute_url()).text)
    step(table, "other_player", "advantage_factor", check, {"name": "Bright lights", "kind": "environment", "dice": -1})
    factor(table, "gm", check, "situation", name="", dice=1)
    assert [(f.kind, f.dice, f.name) for f in check.factors.all()] == [("environment", -1, "Bright lights")]
