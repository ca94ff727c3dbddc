"""The Magic Extra through the views, with scripted dice: a spell written on the sheet, cast with
an action roll at its cost, readied at the roll's effect (raised per extra 6 on a critical), then
helping one roll; its time and danger clocks, and its casting limits ("Magic Extra")."""

import re

import pytest
from django.urls import reverse

from campaign.models import Campaign
from campaign.transfer import export_campaign, import_campaign
from charge.actions.bookkeeping import set_dials
from charge.landed import aftermath
from charge.models import PendingRoll, Setup, Spell
from clocks.models import Clock
from gamerules.dials import Dials, Extra
from rolls.models import Roll
from tests.campaign.test_hacks import confirm, preview, said_on
from tests.factories import UserFactory
from tests.helpers import HTMX, fresh, on_its_way, sheet_url

SPELL = {"name": "Mend flesh", "actions": ["Finesse", "Sway"], "level": 2, "momentum_cost": 0, "stress_cost": 0,
         "risk": "", "limit": "", "ritual": 0, "danger": 0, "notes": "A sprig of rosemary"}


def magic_on(crew):
    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials(extras=frozenset({Extra.MAGIC})))
    crew.campaign.refresh_from_db()


def write_spell(crew, who="player", character=None, **fields):
    """A spell written on the sheet, as its form posts it."""
    return crew.client(who).post(sheet_url(crew, "character_spell", character or crew.ada), {**SPELL, **fields}, **HTMX)


def cast(crew, spell, dice, faces, risk=2, effect=None, action="Finesse", **data):
    """Cast ``spell``: the roll put on its way with the spell, the GM's risk and effect, then rolled."""
    pending = on_its_way(crew, risk=risk, effect=spell.level if effect is None else effect, action=action,
                         spell=spell.pk, key=f"cast-{Roll.objects.count()}")
    dice(*faces)
    return crew.client("player").post(pending.get_absolute_url(), {
        "risk": pending.risk, "effect": pending.effect, "step": 3, "roll": "1", **data}, follow=True)


def test_the_player_writes_a_spell_with_its_costs_and_its_clocks(crew):
    magic_on(crew)
    page = write_spell(crew, momentum_cost=1, stress_cost=1, risk=3, limit="session", ritual=8, danger=4).text
    spell = Spell.objects.get()
    assert (spell.name, spell.actions, spell.level, spell.momentum_cost, spell.stress_cost, spell.risk, spell.limit) == (
        "Mend flesh", ["Finesse", "Sway"], 2, 1, 1, 3, "session")
    assert (spell.ritual.size, spell.ritual.kind, spell.danger.size, spell.danger.kind) == (8, "progress", 4, "complication")
    assert spell.ritual.character == spell.danger.character == crew.ada
    assert 'id="spells"' in page and "Mend flesh" in page and "Finesse or Sway" in page
    assert "1 momentum · 1 stress" in page and "starts at high risk" in page and "once per session" in page
    assert "Time: 0/8" in page and "Danger: 0/4" in page and "A sprig of rosemary" in page
    sheet = crew.client("other_player").get(sheet_url(crew, "character", crew.ada)).text
    assert "Mend flesh" in sheet and "Cast it" not in sheet and "Write a spell" not in sheet


@pytest.mark.parametrize(("fields", "message"), [
    ({"name": ""}, "This field is required."),
    ({"actions": []}, "This field is required."),
    ({"actions": ["Juggle"]}, "Select a valid choice. Juggle is not one of the available choices."),
    ({"level": 4}, "Select a valid choice."),
    ({"momentum_cost": 9}, "Select a valid choice."),
    ({"ritual": 7}, "Select a valid choice."),
])
def test_a_bad_spell_is_refused_with_its_form_kept_and_nothing_saved(crew, fields, message):
    magic_on(crew)
    page = write_spell(crew, **fields).text
    assert not Spell.objects.exists() and not Clock.objects.filter(character=crew.ada).exists()
    assert "The spell is not saved: see below." in page and message in page
    assert "<details open>" in page


def test_only_the_sheets_editors_write_spells_and_outsiders_get_404(crew):
    magic_on(crew)
    assert write_spell(crew, who="other_player").status_code == 404
    assert write_spell(crew, who="gm").status_code == 200 and Spell.objects.count() == 1
    client = crew.client("player")
    client.logout()
    client.force_login(UserFactory(username="stranger"))
    assert client.post(sheet_url(crew, "character_spell", crew.ada), SPELL).status_code == 404
    assert client.get(sheet_url(crew, "character", crew.ada)).status_code == 404


def test_without_the_extra_no_spell_is_written_and_a_switched_off_extra_keeps_them(crew):
    page = write_spell(crew).text
    assert "This campaign does not use magic (the Magic extra)." in page and not Spell.objects.exists()
    magic_on(crew)
    write_spell(crew)
    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials())
    sheet = crew.client("player").get(sheet_url(crew, "character", crew.ada)).text
    assert 'id="spells"' not in sheet and Spell.objects.count() == 1
    magic_on(crew)
    assert "Mend flesh" in crew.client("player").get(sheet_url(crew, "character", crew.ada)).text


def test_casting_presets_the_gms_risk_and_effect_and_charges_its_costs(crew, dice):
    """"Risk (put you in a certain position by default)"; "Some amount of momentum"; "take stress"."""
    magic_on(crew)
    write_spell(crew, level=3, momentum_cost=1, stress_cost=2, risk=3)
    spell = Spell.objects.get()
    pending = on_its_way(crew, risk=None, action="Finesse", spell=spell.pk)
    gm_page = crew.client("gm").get(pending.get_absolute_url()).text
    assert "Mend flesh starts at great effect and high risk." in gm_page
    assert re.search(r'name="risk" value="3"[^>]*checked', gm_page)  # high risk, great effect
    assert re.search(r'name="effect" value="3"[^>]*checked', gm_page)
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]), {"risk": 3, "effect": 3})
    page = crew.client("player").get(pending.get_absolute_url()).text
    assert "casting Mend flesh" in page and "costs 1 momentum" in page and "this roll gains none" in page
    dice(6, 2)
    page = crew.client("player").post(pending.get_absolute_url(), {"risk": 3, "effect": 3, "step": 3, "roll": "1"},
                                      follow=True).text
    ada, spell = fresh(crew.ada), fresh(spell)
    assert (ada.charge.momentum, ada.charge.stress) == (1, 2)  # 2 - 1 paid, no gain; 2 stress taken on casting
    assert (spell.charge, spell.times_cast) == (3, 1)
    assert "Cast Mend flesh: ready, great effect, to help a roll. It cost 1 momentum and 2 stress." in page


@pytest.mark.parametrize(("faces", "effect", "charge"), [
    ((6, 6), 1, 2),  # limited, a critical with one extra 6: normal
    ((6, 6, 6), 1, 3),  # two extra 6s: great (a third die from a push)
    ((6, 6), 3, 4),  # great, raised by a critical
    ((5, 2), 2, 2),  # a partial success readies it as it is
])
def test_the_casting_rolls_effect_readies_the_spell_and_a_critical_raises_it_per_extra_6(crew, dice, faces, effect,
                                                                                        charge):
    magic_on(crew)
    write_spell(crew)
    spell = Spell.objects.get()
    extra = {"pushes": ["die"]} if len(faces) == 3 else {}
    crew.ada.charge.momentum = 2
    crew.ada.charge.save()
    cast(crew, spell, dice, faces, effect=effect, **extra)
    assert fresh(spell).charge == charge


def test_a_failed_casting_readies_nothing_and_its_consequence_ticks_the_danger_clock(crew, dice):
    """Alice's ritual: "for every consequence, she ticks a segment from a four-segment clock"."""
    magic_on(crew)
    write_spell(crew, danger=4)
    spell = Spell.objects.get()
    page = cast(crew, spell, dice, (3, 1)).text
    roll = Roll.objects.get()
    assert fresh(spell).charge is None and "Cast Mend flesh: no effect readied." in page
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk})
    crew.client("player").post(reverse("roll_accept", args=[crew.campaign.pk, roll.pk]))
    assert fresh(spell.danger).filled == 1
    assert roll.clock_changes.get().reason == "Mend flesh: a consequence of casting it"


def test_a_reduced_effect_on_the_casting_roll_reduces_the_spell_it_readied(crew, dice):
    magic_on(crew)
    write_spell(crew, level=3)
    spell = Spell.objects.get()
    cast(crew, spell, dice, (5, 1), effect=3)
    assert fresh(spell).charge == 3
    roll = Roll.objects.get()
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "reduced_effect", "target": crew.ada.pk})
    crew.client("player").post(reverse("roll_accept", args=[crew.campaign.pk, roll.pk]))
    assert fresh(spell).charge == 2 and fresh(roll).choices["magic"]["cast"]["charge"] == 2


@pytest.mark.parametrize(("benefit", "pool", "risk", "effect"), [
    ("die", 3, 2, 2),  # normal: +1d6 on Bo's Muscle 2
])
def test_a_readied_spell_helps_another_characters_roll_once(crew, dice, benefit, pool, risk, effect):
    magic_on(crew)
    write_spell(crew)
    spell = Spell.objects.get()
    Spell.objects.filter(pk=spell.pk).update(charge=2)
    pending = on_its_way(crew, who="other_player", character=crew.bo.pk, action="Muscle")
    page = crew.client("other_player").get(pending.get_absolute_url()).text
    assert "A readied spell helps this roll" in page and "Mend flesh (Ada, normal): +1d6" in page
    dice(2, 6, 1)
    page = crew.client("other_player").post(pending.get_absolute_url(), {
        "risk": 2, "effect": 2, "step": 3, "roll": "1", "spell_help": f"{spell.pk}:{benefit}"}, follow=True).text
    roll = Roll.objects.get()
    assert (roll.pool_size, aftermath(roll).risk, aftermath(roll).effect, roll.outcome) == (pool, risk, effect, "full")
    assert roll.dice_sources.count("spell") == 1 and fresh(spell).charge is None
    assert "Mend flesh (normal) helped: +1d6." in page


def test_a_limited_spell_gives_a_better_position_or_effect_and_a_raised_great_an_automatic_success(crew, dice):
    magic_on(crew)
    write_spell(crew)
    spell = Spell.objects.get()
    Spell.objects.filter(pk=spell.pk).update(charge=1)
    pending = on_its_way(crew, who="other_player", character=crew.bo.pk, action="Muscle")
    dice(2, 1)
    crew.client("other_player").post(pending.get_absolute_url(), {
        "risk": 2, "effect": 2, "step": 3, "roll": "1", "spell_help": f"{spell.pk}:position"})
    assert aftermath(Roll.objects.get()).risk == 1
    Spell.objects.filter(pk=spell.pk).update(charge=4)
    pending = on_its_way(crew, who="other_player", character=crew.bo.pk, action="Muscle", key="again")
    page = crew.client("other_player").post(reverse("roll_odds", args=[crew.campaign.pk, pending.pk]), {
        "risk": 2, "effect": 2, "spell_help": f"{spell.pk}:success"}).text
    assert "automatic success" in page and "35/36" in page  # 2 dice: anything short of 66 is a full success
    dice(2, 1)
    crew.client("other_player").post(pending.get_absolute_url(), {
        "risk": 2, "effect": 2, "step": 3, "roll": "1", "spell_help": f"{spell.pk}:success"})
    assert Roll.objects.latest("pk").outcome == "full" and aftermath(Roll.objects.latest("pk")).consequence_rating == 0


def test_a_spell_that_is_not_ready_or_a_benefit_its_level_does_not_give_is_refused(crew, dice):
    magic_on(crew)
    write_spell(crew)
    spell = Spell.objects.get()
    pending = on_its_way(crew, who="other_player", character=crew.bo.pk, action="Muscle")
    dice(6, 6)
    data = {"risk": 2, "effect": 2, "step": 3, "roll": "1", "spell_help": f"{spell.pk}:die"}
    page = crew.client("other_player").post(pending.get_absolute_url(), data).text
    assert not Roll.objects.exists() and "That spell is not ready: cast it first." in page
    Spell.objects.filter(pk=spell.pk).update(charge=1)
    page = crew.client("other_player").post(pending.get_absolute_url(), data).text
    assert not Roll.objects.exists() and "Mend flesh gives +1 effect or a better risk." in page
    page = crew.client("other_player").post(pending.get_absolute_url(), {**data, "spell_help": "x:y"}).text
    assert not Roll.objects.exists() and "Choose a readied spell and what it gives." in page


def test_a_ritual_spell_is_ready_when_its_time_clock_fills_and_empties_once_used(crew, dice):
    """"Time (require a clock to be filled)": the casting rolls tick it by their effect."""
    magic_on(crew)
    write_spell(crew, ritual=4)
    spell = Spell.objects.get()
    cast(crew, spell, dice, (6, 2), effect=2)
    roll = Roll.objects.get()
    assert fresh(spell).charge is None
    crew.client("player").post(reverse("roll_progress", args=[crew.campaign.pk, roll.pk]), {"clock": spell.ritual_id})
    assert fresh(spell.ritual).filled == 2 and fresh(spell).charge is None
    cast(crew, spell, dice, (6, 2), effect=2)
    crew.client("player").post(reverse("roll_progress", args=[crew.campaign.pk, Roll.objects.latest("pk").pk]),
                               {"clock": spell.ritual_id})
    assert fresh(spell.ritual).filled == 4 and fresh(spell).charge == 2  # the ritual done: ready at its own level
    pending = on_its_way(crew, who="other_player", character=crew.bo.pk, action="Muscle")
    dice(2, 6, 1)
    crew.client("other_player").post(pending.get_absolute_url(), {
        "risk": 2, "effect": 2, "step": 3, "roll": "1", "spell_help": f"{spell.pk}:die"})
    assert fresh(spell).charge is None and fresh(spell.ritual).filled == 0


def test_a_casting_roll_offers_its_spells_own_clocks_first(crew, dice):
    """"Time": the casting rolls tick the spell's clock by their effect; "Danger": each consequence
    of a casting roll ticks its danger clock. Other clocks of the sheet stay offered, not chosen."""
    magic_on(crew)
    Clock.objects.create(campaign=crew.campaign, character=crew.ada, name="Buy back the boat", size=6, kind="project")
    write_spell(crew, ritual=4, danger=4)
    spell = Spell.objects.get()
    cast(crew, spell, dice, (6, 2), effect=2)
    page = crew.client("player").get(Roll.objects.get().get_absolute_url()).text
    assert re.search(rf'<option value="{spell.ritual_id}" selected>', page)
    assert page.count(" selected>") == 1


def test_a_renamed_action_takes_its_spells_and_rolls_on_their_way_along(crew):
    """A hack renaming Sway ("Sway becomes Negotiate") renames it where spells are cast with it and
    on a roll on its way, as it moves dots: the spell is cast with Negotiate after."""
    magic_on(crew)
    write_spell(crew)  # cast with Finesse or Sway
    spell = Spell.objects.get()
    pending = on_its_way(crew, action="Sway")
    page = preview(crew, preset="sway-negotiate")
    assert "Ada: Mend flesh is cast with Finesse, Negotiate." in said_on(page)
    confirm(crew, page)
    assert fresh(spell).actions == ["Finesse", "Negotiate"] and fresh(pending).action == "Negotiate"


def test_the_console_says_a_roll_on_its_way_casts_a_spell(crew):
    magic_on(crew)
    write_spell(crew)
    spell = Spell.objects.get()
    on_its_way(crew, risk=None, action="Finesse", spell=spell.pk)
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert "casting Mend flesh" in console


def test_undoing_the_tick_that_finished_a_ritual_unreadies_its_spell(crew, dice):
    """An undo is a correction: the ritual's time was not done, so the spell cannot help a roll;
    the ritual finished again readies it again."""
    magic_on(crew)
    write_spell(crew, ritual=4)
    spell = Spell.objects.get()
    cast(crew, spell, dice, (6, 2), effect=2)
    crew.client("player").post(reverse("roll_progress", args=[crew.campaign.pk, Roll.objects.get().pk]),
                               {"clock": spell.ritual_id})
    tick = reverse("clock_tick", args=[crew.campaign.pk, spell.ritual_id])
    crew.client("gm").post(tick, {"amount": 2, "key": "t1"})
    assert fresh(spell.ritual).filled == 4 and fresh(spell).charge == 2
    filling = spell.ritual.changes.latest("pk")
    undo = reverse("clock_undo", args=[crew.campaign.pk, spell.ritual_id, filling.pk])
    crew.client("gm").post(undo, {"key": "u1"})
    assert fresh(spell.ritual).filled == 2 and fresh(spell).charge is None
    assert "Mend flesh is no longer readied: the tick that finished its ritual is undone." in \
        crew.client("other_player").get(reverse("campaign", args=[crew.campaign.pk])).text
    pending = on_its_way(crew, who="other_player", character=crew.bo.pk, action="Muscle")
    page = crew.client("other_player").get(pending.get_absolute_url()).text
    assert 'name="spell_help"' not in page  # nothing readied to help
    crew.client("gm").post(tick, {"amount": 2, "key": "t2"})
    assert fresh(spell.ritual).filled == 4 and fresh(spell).charge == 2
    assert 'name="spell_help"' in crew.client("other_player").get(pending.get_absolute_url()).text


def test_a_spell_is_cast_only_with_its_actions_and_by_its_caster(crew):
    magic_on(crew)
    write_spell(crew)
    spell = Spell.objects.get()
    page = crew.client("player").post(reverse("roll_new", args=[crew.campaign.pk]), {
        "key": "k1", "character": crew.ada.pk, "action": "Sneak", "spell": spell.pk, "step": 1}).text
    assert "Mend flesh is cast with Finesse or Sway, not Sneak." in page and not PendingRoll.objects.exists()
    crew.client("other_player").post(reverse("roll_new", args=[crew.campaign.pk]), {
        "key": "k2", "character": crew.bo.pk, "action": "Finesse", "spell": spell.pk, "step": 1})
    assert PendingRoll.objects.get().spell is None  # Bo has no spell to cast: Ada's is not offered


def test_casting_limits_per_session_and_per_day_and_the_gms_new_day(crew, dice):
    """"Casting Limits (once per day; once per session; once in the whole campaign)"."""
    magic_on(crew)
    write_spell(crew, limit="day")
    spell = Spell.objects.get()
    cast(crew, spell, dice, (6, 2))
    sheet = crew.client("player").get(sheet_url(crew, "character", crew.ada)).text
    assert "This spell is cast once per day: it was cast today." in sheet
    page = crew.client("player").post(reverse("roll_new", args=[crew.campaign.pk]), {
        "key": "k9", "character": crew.ada.pk, "action": "Finesse", "spell": spell.pk, "step": 1}).text
    assert "This spell is cast once per day" in page and not PendingRoll.objects.exists()
    url = reverse("new_day", args=[crew.campaign.pk])
    assert crew.client("player").post(url, {"seen": 1}).status_code == 404
    answer = crew.client("gm").post(url, {"seen": 1}, **HTMX).text
    assert 'data-testid="story-day">Day 2' in answer
    again = crew.client("gm").post(url, {"seen": 1}, **HTMX).text  # a double tap moves it once
    assert "The day already moved on: it is day 2." in again and Campaign.objects.get().day == 2
    cast(crew, spell, dice, (6, 2))
    assert fresh(spell).times_cast == 2
    Spell.objects.filter(pk=spell.pk).update(limit="session")
    page = crew.client("player").post(reverse("roll_new", args=[crew.campaign.pk]), {
        "key": "k10", "character": crew.ada.pk, "action": "Finesse", "spell": spell.pk, "step": 1}).text
    assert "This spell is cast once per session: it was cast in this one." in page


def test_the_table_and_the_console_show_readied_spells(crew):
    magic_on(crew)
    write_spell(crew)
    Spell.objects.update(charge=3)
    table = crew.client("player").get(reverse("table", args=[crew.campaign.pk])).text
    shown = '<span data-testid="tile-spell"><strong>Mend flesh</strong> · great\n          · Ada</span>'
    assert shown in table
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert shown in console and "A new day dawns" in console


def test_spells_travel_with_the_campaigns_export(crew):
    magic_on(crew)
    write_spell(crew, ritual=4, danger=4, limit="campaign")
    Spell.objects.update(charge=2)
    data = export_campaign(crew.campaign)
    copy = import_campaign(data, crew.gm)
    spell = Spell.objects.get(character__campaign=copy)
    assert (spell.name, spell.actions, spell.limit, spell.charge) == ("Mend flesh", ["Finesse", "Sway"], "campaign", 2)
    assert spell.ritual.campaign == copy and spell.danger.size == 4 and copy.day == crew.campaign.day


def test_a_spells_clocks_show_on_the_sheet_as_each_viewer_may_see_them(crew):
    """The GM hides the danger clock and keeps the time clock's segments to themselves."""
    magic_on(crew)
    write_spell(crew, ritual=8, danger=4)
    spell = Spell.objects.get()
    Clock.objects.filter(pk=spell.danger_id).update(visibility="gm", name="HIDDEN-SPELL-DANGER", filled=3)
    Clock.objects.filter(pk=spell.ritual_id).update(visibility="known", filled=5)
    for who in ("player", "other_player"):
        sheet = crew.client(who).get(sheet_url(crew, "character", crew.ada), {"panel": "spells"}, **HTMX).text
        assert "HIDDEN-SPELL-DANGER" not in sheet and not re.search(r"Danger: \d", sheet)
        assert "Time: 8 segments, hidden" in sheet and "5/8" not in sheet
    gm = crew.client("gm").get(sheet_url(crew, "character", crew.ada), {"panel": "spells"}, **HTMX).text
    assert "Danger: 3/4" in gm and "HIDDEN-SPELL-DANGER: 3 of 4" in gm and "Time: 5/8" in gm


def test_a_spells_starting_position_reads_in_the_classic_words(crew):
    """A campaign that says position reads "desperate" where Charge 1.1 says "high risk", on the
    sheet and in the GM's step of the roll."""
    magic_on(crew)
    Setup.objects.filter(campaign=crew.campaign).update(risk_wording="position")
    page = write_spell(crew, level=3, risk=3).text
    assert "starts at desperate position" in page and "starts at high position" not in page
    pending = on_its_way(crew, risk=None, action="Finesse", spell=Spell.objects.get().pk)
    gm_page = crew.client("gm").get(pending.get_absolute_url()).text
    assert "Mend flesh starts at great effect and desperate position." in gm_page
