"""Layouts that must hold whatever the players type: nothing overflows a phone's width."""

import pytest
from playwright.sync_api import expect

from tests.factories import (
    CharacterFactory,
    ClockFactory,
    ForceFactory,
    PendingRollFactory,
    UserFactory,
    make_campaign,
)
from tests.helpers import PHONE, SPREAD, TABLE, log_in

pytestmark = pytest.mark.any_database  # the same on any database: CI checks it once

LONG = "Thequickbrownfoxjumpsoverthelazydog" * 4  # 140 characters, no space to break at


def test_nothing_overflows_a_phone_with_long_unbroken_names(new_page, screenshot):
    gm = UserFactory(username="layout-gm")
    campaign = make_campaign(gm, name="A" + LONG[:110])  # names stay within their fields
    character = CharacterFactory(campaign=campaign, owner=gm, name="N" + LONG[:79], created=True,
                                 action_dots=dict(SPREAD), condition="C" + LONG[:150])
    force = ForceFactory(campaign=campaign, name="F" + LONG[:110], revealed=True, goal="G" + LONG)
    ClockFactory(campaign=campaign, name="K" + LONG[:110], kind="danger", size=6, filled=2, force=force)
    pending = PendingRollFactory(campaign=campaign, character=character, goal="G" + LONG[:200], called=True,
                                 risk=2, effect=2)
    _long_extras(campaign, character)
    page = new_page(PHONE)
    log_in(page, "layout-gm")
    c = campaign.pk
    for path in (f"/c/{c}/", f"/c/{c}/clocks/", f"/c/{c}/characters/{character.pk}/", f"/c/{c}/forces/",
                 f"/c/{c}/table/", f"/c/{c}/console/", "/campaigns/", pending.get_absolute_url(),
                 f"/c/{c}/characters/{character.pk}/print/", f"/c/{c}/rolls/", f"/c/{c}/party/",
                 f"/c/{c}/world/", f"/c/{c}/resources/", f"/c/{c}/rolls/market/"):
        page.goto(path)
        expect(page.locator("body")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        wide = page.evaluate("""[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 392)
            .slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + (e.textContent || '').slice(0, 40))""")
        assert width <= PHONE["width"], f"{path} is {width} px wide: {wide}"
    screenshot(page, "long-names-campaigns-phone")


def test_a_phone_shows_the_campaign_tabs_in_one_row_with_the_current_one_in_view(new_page):
    """Nine or more tabs on a 390 px phone: one row that scrolls sideways, not three rows."""
    from charge.actions.bookkeeping import set_dials
    from gamerules.dials import Dials, Extra

    gm = UserFactory(username="tabs-gm")
    campaign = make_campaign(gm, name="Many tabs")
    set_dials(campaign.memberships.get(role="gm"), Dials(extras=frozenset(Extra)))
    page = new_page(PHONE)
    log_in(page, "tabs-gm")
    page.goto(f"/c/{campaign.pk}/safety/")
    tabs = page.locator(".campaign-tabs .nav-item")
    assert tabs.count() >= 9
    tops = {round(tabs.nth(number).bounding_box()["y"]) for number in range(tabs.count())}
    assert len(tops) == 1, tops
    row = page.locator(".campaign-tabs").bounding_box()
    current = page.locator(".campaign-tabs .active").bounding_box()
    assert row["x"] <= current["x"] and current["x"] + current["width"] <= row["x"] + row["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _long_extras(campaign, character):
    """Every Extra on, each holding a long unbroken text where a player or the GM types one."""
    from charge.actions.bookkeeping import set_dials
    from charge.models import (
        HookDraw,
        PartyDetail,
        Resource,
        ResourcePool,
        Spell,
        Threat,
        WorldTable,
    )
    from gamerules.dials import Dials, Extra

    set_dials(campaign.memberships.get(role="gm"), Dials(extras=frozenset(Extra)))
    Spell.objects.create(character=character, name="S" + LONG[:75], actions=["Sneak", "Finesse", "Study"], charge=4,
                         notes="N" + LONG[:290], limit="campaign")
    PartyDetail.objects.create(campaign=campaign, concept="allies", text="P" + LONG[:190], disposition=1)
    PartyDetail.objects.create(campaign=campaign, concept="allies", key=True, text="K" + LONG[:190])
    Threat.objects.create(campaign=campaign, source="T" + LONG[:110], rating=3, character=character)
    resource = Resource.objects.create(campaign=campaign, name="R" + LONG[:55], effect="E" + LONG[:190],
                                       spend="described", shared=False)
    ResourcePool.objects.create(resource=resource, character=character, points=3)
    WorldTable.objects.create(campaign=campaign, place=0, title="W" + LONG[:70], prompts=["H" + LONG] * 13)
    HookDraw.objects.create(campaign=campaign, cards=["Queen♥", "2♣", "7♦"], titles=["W" + LONG[:70]] * 3,
                            prompts=["H" + LONG] * 3, revealed=True)




def test_the_table_screen_fits_one_1080p_screen(new_page, screenshot, dice):
    """Five characters, six clocks, the last roll and a call for a roll, without scrolling."""
    from rolls.models import Roll

    gm = UserFactory(username="table-fit-gm")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    characters = [CharacterFactory(campaign=campaign, owner=gm, name=name, created=True, momentum=2,
                                   condition="Winded", action_dots=dict(SPREAD))
                  for name in ("Ada", "Bo", "Cyra", "Dunn", "Esk")]
    for number in range(6):
        ClockFactory(campaign=campaign, name=f"Clock number {number + 1}", kind="danger", size=6, filled=2)
    for face in (5, 6, 2):
        Roll.objects.create(campaign=campaign, character=characters[0], kind="action", action="Sneak",
                            pool_size=2, dice=[face, 1], outcome="partial", result={"risk": 2, "effect": 2},
                            idempotency_key=f"fit-{face}")
    PendingRollFactory(campaign=campaign, character=characters[1], goal="Climb the wall", called=True)
    page = new_page(TABLE)
    log_in(page, "table-fit-gm")
    page.goto(f"/c/{campaign.pk}/table/")
    expect(page.get_by_text("The GM calls for a roll")).to_be_visible()
    height = page.evaluate("document.documentElement.scrollHeight")
    screenshot(page, "table-screen-fit-1920x1080")
    assert height <= TABLE["height"], f"the table screen is {height} px tall"
    # The Extras that put something on the table: hooks revealed, a threat, the market.
    _table_extras(campaign)
    page.goto(f"/c/{campaign.pk}/table/")
    expect(page.get_by_test_id("market")).to_be_visible()
    height = page.evaluate("document.documentElement.scrollHeight")
    screenshot(page, "table-screen-extras-1920x1080")
    assert height <= TABLE["height"], f"with the Extras, the table screen is {height} px tall"


def _table_extras(campaign):
    from charge.actions.bookkeeping import set_dials
    from charge.models import HookDraw, Spell, Threat
    from gamerules.dials import Dials, Extra

    set_dials(campaign.memberships.get(role="gm"), Dials(extras=frozenset({Extra.WORLD, Extra.THREAT_LEVEL,
                                                                           Extra.ECONOMY, Extra.PARTY, Extra.MAGIC})))
    for character in campaign.characters.all()[:3]:  # readied spells on the tiles
        Spell.objects.create(character=character, name="Seal of passage", actions=["Sneak"], charge=3)
    Threat.objects.create(campaign=campaign, source="A poisonous mist", rating=2)
    HookDraw.objects.create(campaign=campaign, cards=["Queen♥", "2♣", "7♦"], titles=["The AI", "The Ship", "The Next Score"],
                            prompts=["The AI of the ship just discovered sarcasm.",
                                     "There are no more food-tubes in the kitchen.",
                                     "A bounty was just put on a group of crazy pirates near the asteroid belt."],
                            revealed=True)


def fits_a_phone(page, *paths):
    for path in paths:
        page.goto(path)
        expect(page.locator("body")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} is {width} px wide"


def test_nothing_overflows_a_phone_on_a_traits_campaign_with_long_names(new_page, screenshot, dice):
    """Traits & Consequence: the sheet, a conflict at every step and its roll page, with long
    unbroken stakes, Stats, Powers, Traits and Items."""
    from traits.actions import ConflictStart, resolve, roll_stat, set_gm_successes, start_conflict
    from traits.models import Feature, FeatureKind, Sheet

    gm = UserFactory(username="layout-traits-gm")
    campaign = make_campaign(gm, name="T" + LONG[:110], system="traits",
                             system_options={"stats": ["M" + LONG[:29], "Focus"]})
    character = CharacterFactory(campaign=campaign, owner=gm, name="N" + LONG[:79], created=True)
    Sheet.objects.filter(character=character).update(consequence=3, stats={"M" + LONG[:29]: {"rating": 3, "current": 2}})
    for kind, value in (("power", 2), ("trait", 1), ("item", 3)):
        Feature.objects.create(character=character, kind=kind, name=kind[0] + LONG[:119], value=value,
                               tagged=kind != "item", applies_to="A" + LONG[:119] if kind == "power" else "")
    page = new_page(PHONE)
    log_in(page, "layout-traits-gm")
    membership = campaign.memberships.get()
    conflict = start_conflict(membership, ConflictStart(
        character_id=character.pk, stakes="S" + LONG[:290], solution="O" + LONG[:290], stat="M" + LONG[:29],
        power_ids=tuple(character.features.filter(kind=FeatureKind.POWER).values_list("pk", flat=True))), key="layout")
    c = campaign.pk

    fits_a_phone(page, f"/c/{c}/characters/{character.pk}/", conflict.get_absolute_url(), f"/c/{c}/table/", f"/c/{c}/console/",
         f"/c/{c}/", f"/c/{c}/conflicts/new/?character={character.pk}", f"/c/{c}/rolls/")
    set_gm_successes(membership, conflict.pk, stated=5)
    dice(1, 2)
    roll_stat(membership, conflict.pk)
    fits_a_phone(page, conflict.get_absolute_url())
    roll = resolve(membership, conflict.pk)
    fits_a_phone(page, conflict.get_absolute_url(), roll.get_absolute_url(), f"/c/{c}/table/")
    screenshot(page, "long-names-traits-phone")


def test_nothing_overflows_a_phone_on_an_ability_campaign_with_long_names(new_page, screenshot, dice):
    """Ability vs Difficulty: the sheet, an action roll waiting and called, its roll page, the
    quick roll page and the shared screens, with long unbroken intents, skills and boosts."""
    from ability.actions import ActionStart, direct, quick_roll, roll_action, start_action
    from ability.models import Boost, Skill

    gm = UserFactory(username="layout-ability-gm")
    campaign = make_campaign(gm, name="A" + LONG[:110], system="ability")
    character = CharacterFactory(campaign=campaign, owner=gm, name="N" + LONG[:79], created=True)
    skill = Skill.objects.create(character=character, name="S" + LONG[:29], die=12, specialization=True)
    Boost.objects.create(character=character, name="B" + LONG[:119], die=10, applies_to="A" + LONG[:119],
                         constraints="C" + LONG[:199])
    page = new_page(PHONE)
    log_in(page, "layout-ability-gm")
    membership = campaign.memberships.get()
    action = start_action(membership, ActionStart(
        character_id=character.pk, intent="I" + LONG[:290], skill_id=skill.pk,
        boost_ids=tuple(character.boosts.values_list("pk", flat=True))), key="layout")
    c = campaign.pk

    fits_a_phone(page, f"/c/{c}/characters/{character.pk}/", action.get_absolute_url(), f"/c/{c}/table/", f"/c/{c}/console/",
         f"/c/{c}/", f"/c/{c}/actions/new/?character={character.pk}", f"/c/{c}/actions/quick/?character={character.pk}")
    direct(membership, action.pk, 12, "advantage", risks="R" + LONG[:290])
    fits_a_phone(page, action.get_absolute_url())
    screenshot(page, "long-names-ability-action-phone")
    dice(12, 10, 1, 2)
    roll = roll_action(membership, action.pk)
    dice(3, 4)
    quick = quick_roll(membership, character.pk, skill.pk, 4, "G" + LONG[:290], key="layout-quick")
    fits_a_phone(page, roll.get_absolute_url(), quick.get_absolute_url(), f"/c/{c}/table/", f"/c/{c}/rolls/")
    screenshot(page, "long-names-ability-phone")


def test_nothing_overflows_a_phone_on_an_advantage_campaign_with_long_names(new_page, screenshot, dice):
    """Advantage & Threat: the sheet, a check being built, rolled and done, the console's threats
    and the table, with long unbroken intents, skills, expertise, gear, flaws, threats and factors."""
    from advantage import actions, crew
    from advantage.models import (
        Condition,
        Expertise,
        Flaw,
        Gear,
        GearFeature,
        Sheet,
        Skill,
        Threat,
        Wound,
    )

    gm = UserFactory(username="layout-advantage-gm")
    campaign = make_campaign(gm, name="V" + LONG[:110], system="advantage")
    character = CharacterFactory(campaign=campaign, owner=gm, name="N" + LONG[:79], created=True)
    skill = Skill.objects.create(character=character, name="S" + LONG[:29], rank=3)
    Expertise.objects.create(skill=skill, name="E" + LONG[:59])
    gear = Gear.objects.create(character=character, name="G" + LONG[:119], augmentation=True)
    GearFeature.objects.create(gear=gear, name="F" + LONG[:119])
    Flaw.objects.create(character=character, name="L" + LONG[:119])
    Condition.objects.create(character=character, name="C" + LONG[:59])
    Wound.objects.create(character=character, name="W" + LONG[:119], level=2)
    threat = Threat.objects.create(campaign=campaign, name="T" + LONG[:119], toughness=3, current=3, conditions="K" + LONG[:200])
    page = new_page(PHONE)
    log_in(page, "layout-advantage-gm")
    membership = campaign.memberships.get()
    crew.start_job(membership, "J" + LONG[:119])
    check = actions.start_check(membership, actions.CheckStart(
        character_id=character.pk, intent="I" + LONG[:290], skill_id=skill.pk, threat_id=threat.pk), key="layout")
    actions.add_factor(membership, check.pk, "situation", 1, "P" + LONG[:119])
    c = campaign.pk
    fits_a_phone(page, f"/c/{c}/characters/{character.pk}/", check.get_absolute_url(), f"/c/{c}/table/", f"/c/{c}/console/",
                 f"/c/{c}/", f"/c/{c}/checks/new/?character={character.pk}")
    screenshot(page, "long-names-advantage-check-phone")
    actions.confirm(membership, check.pk)
    Sheet.objects.filter(character=character).update(ap=2)  # Boons to spend: the check waits for Done
    dice(6, 6, 6, 6, 1, 1, 1, 6)
    actions.roll_check(membership, check.pk)
    fits_a_phone(page, check.get_absolute_url())
    roll = actions.done(membership, check.pk)
    fits_a_phone(page, roll.get_absolute_url(), f"/c/{c}/table/", f"/c/{c}/rolls/")
    screenshot(page, "long-names-advantage-phone")
