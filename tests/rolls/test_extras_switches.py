"""No switch that does nothing: every Extra the Dials page offers changes the sheet, the wizard
or the console, and an Extra the site does not play yet is not offered."""

import html
import re

import pytest
from django.urls import reverse

from characters.models import Character
from charge.actions.bookkeeping import set_dials
from charge.forms.dials import OFFERED_EXTRAS, DialsForm
from charge.models import Asset, Attachment, Goal, PartyDetail, Threat
from gamerules.dials import Dials, Extra, ExtraDial
from tests.factories import CharacterFactory
from tests.helpers import on_its_way, update_character

TOKENS = re.compile(r'(csrfmiddlewaretoken" value="|name="key" value="|nonce="|"X-CSRFToken": "|/live/\?v=)[^"]+')


def screens(crew, *more) -> str:
    """The sheet, the wizard's odds, the console and the party sheet, as the player and the GM see
    them now."""
    crew.campaign.refresh_from_db()
    c = crew.campaign.pk
    pages = [crew.client("player").get(reverse("character", args=[c, character.pk])).text for character in more]
    pages += [crew.client("player").get(reverse("character", args=[c, crew.ada.pk])).text,
             crew.client("player").get(on_its_way(crew, threats=crew.campaign.threats.all()).get_absolute_url()).text,
             crew.client("gm").get(reverse("console", args=[c])).text,
             crew.client("player").get(reverse("party", args=[c])).text]
    return TOKENS.sub(r"\1", "".join(pages))


def switch(crew, extras, dials=()):
    """Save the dials as the GM's Dials page does (the Party extra brings its clocks)."""
    gm = crew.campaign.memberships.get(user=crew.gm)
    set_dials(gm, Dials(extras=frozenset(extras), extra_dials=frozenset(dials)))


@pytest.mark.parametrize("extra", OFFERED_EXTRAS, ids=lambda extra: extra.value)
def test_every_offered_switch_changes_what_the_table_sees(crew, extra):
    Asset.objects.create(character=crew.ada, name="The harbourmaster's seal")
    switch(crew, [])
    off = screens(crew)
    assert screens(crew) == off, "the screens differ without any change: the comparison could not fail"
    switch(crew, [extra])
    assert screens(crew) != off, f"the {extra.label} switch changes nothing"


def test_the_dials_page_offers_only_the_extras_the_site_plays_and_says_what_each_does(crew):
    page = crew.client("gm").get(reverse("dials", args=[crew.campaign.pk])).text
    for extra in Extra:
        offered = f'value="{extra.value}"' in page
        assert offered == (extra in OFFERED_EXTRAS), extra
    assert "The last one standing pushes themselves for 1 momentum instead of 2." in page
    assert all(extra.summary for extra in OFFERED_EXTRAS)


def test_every_extra_is_offered_and_an_unknown_one_cannot_be_switched_on(crew):
    assert set(OFFERED_EXTRAS) == set(Extra)
    form = DialsForm(data={**DialsForm.initial_from(crew.campaign.charge.rules), "extras": ["corruption"]})
    assert not form.is_valid() and "extras" in form.errors


@pytest.mark.parametrize("dial", ExtraDial, ids=lambda dial: dial.value)
def test_every_extras_dial_changes_what_the_table_sees(crew, dial):
    """With its Extra on, each optional dial changes the sheet, the wizard or the console: the
    sheets carry a goal with progress due, an attachment, a scar, and a character in creation,
    a threat applies to the roll on its way, and the party sheet has a supporting detail."""
    Goal.objects.create(character=crew.ada, name="Find my sister", filled=4, due=1)
    Attachment.objects.create(character=crew.ada, name="Old Bertha, my rifle")
    update_character(crew.ada.pk, scars="A burn across the back")
    new = Character.objects.create(campaign=crew.campaign, owner=crew.ada.owner, name="Cy")
    out = CharacterFactory(campaign=crew.campaign, owner=crew.ada.owner, name="Bo", created=True, stress=4,
                           taken_out=True, scars="A deep cut across the arm")  # incapacitated
    Threat.objects.create(campaign=crew.campaign, source="A poisonous mist", rating=2)
    PartyDetail.objects.create(campaign=crew.campaign, concept="allies", text="The dockworkers", disposition=1)
    switch(crew, OFFERED_EXTRAS)
    off = screens(crew, new, out)
    assert screens(crew, new, out) == off, "the screens differ without any change: the comparison could not fail"
    switch(crew, OFFERED_EXTRAS, [dial])
    assert screens(crew, new, out) != off, f"the dial {dial.label} changes nothing"


def test_the_dials_page_offers_each_extras_dial_and_refuses_one_without_its_extra(crew):
    page = html.unescape(crew.client("gm").get(reverse("dials", args=[crew.campaign.pk])).text)
    assert all(f'value="{dial.value}"' in page and dial.summary in page for dial in ExtraDial)
    form = DialsForm(data={**DialsForm.initial_from(crew.campaign.charge.rules), "extras": [],
                           "extra_dials": ["goals_roll_to_advance"]})
    assert not form.is_valid()
    assert "Switch on the Goals extra to play its dial \u201cGoals: rolling to advance\u201d." in str(form.errors)
