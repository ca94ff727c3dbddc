"""The main flow of each dice system, tapped through on a 390 px phone and on a 1920x1080 screen
with every tap counted: a click or a form sent, a choice from a list; typing is not a tap. The
budget is Charge's plain roll (4 taps) plus what the system's text asks a person to decide; each
test fails if a tap comes back. Scripted dice; the campaign's state is checked afterwards."""

import re

import pytest
from playwright.sync_api import expect

from ability.models import Action, Boost, Skill
from advantage.models import Check, Expertise, Threat
from advantage.models import Sheet as AdvantageSheet
from advantage.models import Skill as AdvantageSkill
from rolls.models import Roll
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import LIVE, PHONE, TABLE, log_in, settled
from traits.models import Conflict, Feature, FeatureKind
from traits.models import Sheet as TraitsSheet

SCREENS = pytest.mark.parametrize("screen", [PHONE, TABLE], ids=["390px", "1920x1080"])


class Taps:
    """Counts what a person taps: ``tap`` clicks, ``choose`` picks from a list."""

    def __init__(self):
        self.count = 0

    def tap(self, locator):
        locator.click()
        self.count += 1

    def choose(self, select, value):
        select.select_option(value)
        self.count += 1


def _table(screen, system, name):
    gm_user, player = UserFactory(username=f"{name}-gm"), UserFactory(username=f"{name}-player")
    campaign = make_campaign(gm_user, name=name, system=system)
    join(campaign, player)
    return campaign, player


def _pages(new_page, screen, name):
    phone, gm = new_page(screen), new_page(screen)
    log_in(phone, f"{name}-player")
    log_in(gm, f"{name}-gm")
    return phone, gm


def _brick(campaign, player, consequence=0):
    brick = CharacterFactory(campaign=campaign, owner=player, name="Brick", created=True)
    TraitsSheet.objects.filter(character=brick).update(
        stats={"Muscle": {"rating": 3, "current": 3}, "Focus": {"rating": 2, "current": 2}}, consequence=consequence)
    for kind, name, value in ((FeatureKind.TRAIT, "Nasty Uppercut", 1), (FeatureKind.TRAIT, "Thick Skull", 1),
                              (FeatureKind.ITEM, "Anchor chain", 2)):
        Feature.objects.create(character=brick, kind=kind, name=name, value=value)
    return brick


def _start_conflict(phone, taps, brick, stat):
    phone.goto(brick.get_absolute_url())
    taps.tap(phone.get_by_role("link", name=f"Start a conflict with {stat}"))
    expect(phone.get_by_label(f"{stat} 3")).to_be_checked()  # chosen from its row
    phone.get_by_label("The stakes").fill("Do you get into the warehouse?")
    phone.get_by_label("The solution").fill("I punch the door off its hinges")
    taps.tap(phone.get_by_role("button", name="To the GM"))
    expect(phone.get_by_text("The GM rolls her dice or states her successes.")).to_be_visible()


def _gm_states(gm, taps, campaign, successes):
    gm.goto(f"/c/{campaign.pk}/console/")
    taps.tap(gm.get_by_role("link", name="Open it"))
    label = "State 1 success" if successes == 1 else f"State {successes} successes"
    taps.tap(gm.get_by_role("button", name=label, exact=True))
    expect(gm.get_by_test_id("gm-successes")).to_contain_text(str(successes))


@SCREENS
def test_a_traits_whole_success(new_page, dice, screen):
    """The text asks the player for the stakes and the solution (typed), the Stat (the row she
    starts from), and to roll; won with the Stat, she stops. The GM: her successes."""
    campaign, player = _table(screen, "traits", "whole")
    brick = _brick(campaign, player)
    phone, gm = _pages(new_page, screen, "whole")
    player_taps, gm_taps = Taps(), Taps()
    _start_conflict(phone, player_taps, brick, "Muscle")
    _gm_states(gm, gm_taps, campaign, 1)
    roll_button = phone.get_by_role("button", name="Roll 3 dice")
    expect(roll_button).to_be_visible(timeout=LIVE)
    dice(5, 2, 1)
    player_taps.tap(roll_button)
    expect(phone).to_have_url(re.compile(r"/rolls/\d+/$"))
    expect(phone.get_by_test_id("conflict-result")).to_have_text("Whole success")
    assert (player_taps.count, gm_taps.count) == (3, 2)
    roll = Roll.objects.get(campaign=campaign, kind="conflict")
    assert (roll.outcome, roll.action, roll.result["settled"]) == ("whole", "Muscle", True)
    assert not Conflict.objects.exists()
    assert TraitsSheet.objects.get(character=brick).consequence == 0


@SCREENS
def test_a_traits_loss_taken_partly_as_damage(new_page, dice, screen):
    """Behind by 3, the player bids the chain and the Uppercut, one tap each, and stops with a
    Trait still to bid: a loss by 3. All 3 into a pool of 3 would reach GL 5, so the split offers
    2 damage to Muscle; she takes it and the GM agrees. The text asks the player for each bid,
    the stop and the split; the GM for her successes and her agreement."""
    campaign, player = _table(screen, "traits", "loss")
    brick = _brick(campaign, player, consequence=3)
    phone, gm = _pages(new_page, screen, "loss")
    player_taps, gm_taps = Taps(), Taps()
    _start_conflict(phone, player_taps, brick, "Muscle")
    _gm_states(gm, gm_taps, campaign, 4)
    roll_button = phone.get_by_role("button", name="Roll 3 dice")
    expect(roll_button).to_be_visible(timeout=LIVE)
    dice(6, 2, 1)
    player_taps.tap(roll_button)
    expect(phone.get_by_text("You need 3 more successes.")).to_be_visible()
    # The Traits first, as the text offers them, then the Item; a © Trait would come last.
    bids = phone.get_by_test_id("bids").get_by_role("button")
    expect(bids).to_have_text(["Bid Nasty Uppercut: 1 die", "Bid Thick Skull: 1 die", "Bid Anchor chain: 2 dice"])
    dice(1, 2)
    player_taps.tap(phone.get_by_role("button", name="Bid Anchor chain: 2 dice"))
    expect(bids).to_have_text(["Bid Nasty Uppercut: 1 die", "Bid Thick Skull: 1 die"])  # one Item a conflict
    expect(phone.get_by_text("You need 3 more successes.")).to_be_visible()
    dice(3)
    player_taps.tap(phone.get_by_role("button", name="Bid Nasty Uppercut: 1 die"))
    expect(phone.get_by_role("button", name="Bid Nasty Uppercut: 1 die")).to_have_count(0)
    player_taps.tap(phone.get_by_role("button", name="Stop: take the loss"))
    expect(phone.get_by_test_id("conflict-result")).to_have_text("Loss")
    expect(phone.get_by_label("Damage to Muscle")).to_have_value("2")  # keeps the pool below GL
    player_taps.tap(phone.get_by_role("button", name="Take it"))
    expect(phone.get_by_text("The GM confirms.")).to_be_visible()
    agreed = gm.get_by_role("button", name="Agreed", exact=True)
    expect(agreed).to_be_visible(timeout=LIVE)
    gm_taps.tap(agreed)
    expect(phone).to_have_url(re.compile(r"/rolls/\d+/$"), timeout=LIVE)
    assert (player_taps.count, gm_taps.count) == (7, 3)
    roll = Roll.objects.get(campaign=campaign, kind="conflict")
    assert (roll.outcome, roll.result["margin"], roll.result["damage"]) == ("loss", 3, {"Muscle": 2})
    sheet = TraitsSheet.objects.get(character=brick)
    assert (sheet.stats["Muscle"]["current"], sheet.consequence) == (1, 4)
    assert not Conflict.objects.exists()


@SCREENS
def test_an_ability_action_roll(new_page, dice, screen):
    """The player starts from the skill that fits (her second), invokes a boost and rolls; the
    director sets the position and the difficulty, the difficulty in one tap."""
    campaign, player = _table(screen, "ability", "spires")
    maren = CharacterFactory(campaign=campaign, owner=player, name="Maren", created=True)
    Skill.objects.create(character=maren, name="Lore", die=6)
    Skill.objects.create(character=maren, name="Climbing", die=8)
    Boost.objects.create(character=maren, name="Rope and pitons", die=6, constraints="an anchor point")
    phone, gm = _pages(new_page, screen, "spires")
    player_taps, gm_taps = Taps(), Taps()
    phone.goto(maren.get_absolute_url())
    player_taps.tap(phone.get_by_role("link", name="An action roll with Climbing"))
    expect(phone.get_by_label("Climbing d8")).to_be_checked()
    phone.get_by_label("What do you intend to do?").fill("Climb the Bell Spire's broken face")
    player_taps.tap(phone.get_by_label("Rope and pitons"))
    expect(phone.get_by_test_id("odds-d8-none")).to_have_text("65% 251/384")
    player_taps.tap(phone.get_by_role("button", name="To the director"))
    expect(phone.get_by_text("The director sets the difficulty and your position.")).to_be_visible()

    gm.goto(f"/c/{campaign.pk}/console/")
    gm_taps.tap(gm.get_by_role("link", name="Open it"))
    gm_taps.tap(gm.locator("label[for=position-disadvantage]"))
    gm.get_by_label("Risks and consequences").fill("Loose masonry")
    gm_taps.tap(gm.get_by_role("button", name="Hard (d8)"))
    expect(gm.get_by_test_id("call")).to_contain_text("Hard d8 · Disadvantage")

    settled(phone)
    roll_button = phone.get_by_role("button", name="Roll 2 ability dice against the difficulty")
    expect(roll_button).to_be_visible(timeout=LIVE)
    dice(7, 2, 4, 6)
    player_taps.tap(roll_button)
    expect(phone.get_by_test_id("action-result")).to_have_text("Success, marginal effect")
    assert (player_taps.count, gm_taps.count) == (4, 3)
    roll = Roll.objects.get(campaign=campaign, kind="ability")
    assert (roll.action, roll.outcome) == ("Climbing", "success")
    assert not Action.objects.exists()


@SCREENS
def test_an_advantage_check(new_page, dice, screen):
    """The player starts from the expertise that fits, faces the lone threat on the table and
    rolls; with no Action Point and no Boon there is nothing to spend, and the check is done.
    The GM names a factor and adds it in one tap (a second tap for an Environment), then has
    the last word on the pool."""
    campaign, player = _table(screen, "advantage", "neon")
    vex = CharacterFactory(campaign=campaign, owner=player, name="Vex", created=True)
    AdvantageSkill.objects.create(character=vex, name="Mobility", rank=1)
    influence = AdvantageSkill.objects.create(character=vex, name="Influence", rank=3)
    Expertise.objects.create(skill=influence, name="Fast talk")
    AdvantageSheet.objects.filter(character=vex).update(ap=0)
    Threat.objects.create(campaign=campaign, name="Lobby guard", toughness=2, current=2)
    phone, gm = _pages(new_page, screen, "neon")
    player_taps, gm_taps = Taps(), Taps()
    phone.goto(vex.get_absolute_url())
    player_taps.tap(phone.get_by_role("link", name="A check with Influence and Fast talk"))
    expect(phone.get_by_label("Fast talk")).to_be_checked()
    expect(phone.get_by_label("The threat it faces")).to_have_value(str(Threat.objects.get().pk))
    phone.get_by_label("What do you attempt, and how?").fill("Talk the lobby guard into calling the lift")
    player_taps.tap(phone.get_by_role("button", name="Build the pool"))
    expect(phone.get_by_text("The pool: 4 PLUS, 2 MINUS")).to_be_visible()

    gm.goto(f"/c/{campaign.pk}/console/")
    gm_taps.tap(gm.get_by_role("link", name="Open it"))
    factor = gm.get_by_role("textbox", name="The factor")
    factor.fill("Time to prepare")
    gm_taps.tap(gm.get_by_role("button", name="+1 PLUS", exact=True).first)
    expect(gm.get_by_test_id("contributors")).to_contain_text("Situation: Time to prepare")
    factor.fill("Bright lobby lights")
    gm_taps.tap(gm.locator("label[for=kind-environment]"))
    gm_taps.tap(gm.get_by_role("button", name="+1 MINUS", exact=True).first)
    expect(gm.get_by_test_id("contributors")).to_contain_text("Environment: Bright lobby lights")
    gm_taps.tap(gm.get_by_role("button", name="The pool is right: let them roll"))

    settled(phone)
    roll_button = phone.get_by_role("button", name="Roll 5 PLUS and 3 MINUS")
    expect(roll_button).to_be_visible(timeout=LIVE)
    # PLUS 5 4 5 4 2, MINUS 1 2 4: the 1s, 2s and 3s go, the MINUS 4 cancels a PLUS; three PLUS
    # and no 6 left: Major, no Boon.
    dice(5, 4, 5, 4, 2, 1, 2, 4)
    player_taps.tap(roll_button)
    expect(phone).to_have_url(re.compile(r"/rolls/\d+/$"))
    expect(phone.get_by_test_id("check-outcome")).to_have_text("Major success")
    assert (player_taps.count, gm_taps.count) == (3, 5)
    roll = Roll.objects.get(campaign=campaign, kind="check")
    assert (roll.outcome, roll.choices["plus"], roll.choices["minus"], roll.result["settled"]) == ("major", 5, 3, True)
    assert not Check.objects.exists()
