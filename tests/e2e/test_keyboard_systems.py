"""The other three systems' main flow with the keyboard alone, as the Charge roll is in
test_keyboard_flows.py: a Traits & Consequence conflict, an Ability vs Difficulty action roll and
an Advantage & Threat check, each from the player's sheet to its result, the GM's part too. Each
control is reached with Tab and shows its focus; after a swap the focus is on what came in, or
stays on the control pressed. Their first steps answer with a whole page, whose focus starts at
its top as after any page load; the GM's word, which comes live, leaves the player's focus where it was."""

from playwright.sync_api import expect

from ability.models import Boost
from ability.models import Skill as AbilitySkill
from advantage.models import Sheet as AdvantageSheet
from advantage.models import Skill as AdvantageSkill
from advantage.models import Threat
from tests.e2e.test_keyboard_flows import shows_focus
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, log_in, settled
from traits.models import Feature, FeatureKind
from traits.models import Sheet as TraitsSheet


def tab_to_control(page, control, most=80):
    """Press Tab until the focus is on the control (a locator of one element)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if control.evaluate("element => element === document.activeElement"):
            return
    raise AssertionError(f"{most} presses of Tab never reached {control}")


def press(page, control, what, most=80, key="Enter"):
    """Tab to the control (a locator), see its focus, press it."""
    tab_to_control(page, control, most)
    shows_focus(page, what)
    page.keyboard.press(key)


def type_in(page, label, words, most=60):
    tab_to_control(page, page.get_by_label(label), most)
    shows_focus(page, label)
    page.keyboard.type(words)


def focus_in(page, selector):
    """The focus is on the element or inside it (not lost on the page's body)."""
    settled(page)
    return page.evaluate("selector => !!document.activeElement.closest(selector)", selector)


def pages(new_page, campaign, gm_name, player_name):
    phone, gm = new_page(PHONE), new_page(DESKTOP)
    log_in(phone, player_name)
    log_in(gm, gm_name)
    return phone, gm


def test_a_traits_conflict_with_the_keyboard_alone(new_page, screenshot, dice):
    gm_user, player = UserFactory(username="keys-capes-gm"), UserFactory(username="keys-capes")
    campaign = make_campaign(gm_user, name="Capes over Harbour City", system="traits")
    join(campaign, player)
    brick = CharacterFactory(campaign=campaign, owner=player, name="Brick", created=True)
    TraitsSheet.objects.filter(character=brick).update(stats={"Muscle": {"rating": 3, "current": 3}}, consequence=1)
    Feature.objects.create(character=brick, kind=FeatureKind.TRAIT, name="Nasty Uppercut")
    phone, gm = pages(new_page, campaign, "keys-capes-gm", "keys-capes")

    phone.goto(brick.get_absolute_url())
    press(phone, phone.get_by_role("link", name="Start a conflict with Muscle"), "the Stat's conflict link", most=120)
    type_in(phone, "The stakes", "Do you get into the warehouse?")
    type_in(phone, "The solution", "I punch the door off its hinges", most=5)
    press(phone, phone.get_by_role("button", name="To the GM"), "To the GM", most=10)
    expect(phone.get_by_text("The GM rolls her dice or states her successes.")).to_be_visible()
    phone.evaluate("window.before = document.activeElement")  # a new page: the focus at its top, as after any load

    gm.goto(f"/c/{campaign.pk}/console/")
    press(gm, gm.get_by_role("link", name="Open it"), "Open it", most=150)
    press(gm, gm.get_by_role("button", name="State 2 successes"), "State 2 successes")

    dice(6, 2, 1)
    roll = phone.get_by_role("button", name="Roll 3 dice")
    expect(roll).to_be_visible(timeout=LIVE)
    assert phone.evaluate("window.before === document.activeElement"), "the GM's word moved the player's focus"
    press(phone, roll, "Roll 3 dice", most=60)
    expect(phone.get_by_text("You need 1 more success.")).to_be_visible()
    assert focus_in(phone, "main"), "the focus is lost after the roll"
    screenshot(phone, "keyboard-traits-rolled-390")
    dice(5)
    press(phone, phone.get_by_role("button", name="Bid Nasty Uppercut: 1 die"), "the bid", most=60)
    # Nothing left to bid: the conflict resolves, and its page shows the result.
    expect(phone.get_by_test_id("conflict-result")).to_have_text("Mixed success")
    screenshot(phone, "keyboard-traits-resolved-390")


def test_an_ability_action_roll_with_the_keyboard_alone(new_page, screenshot, dice):
    gm_user, player = UserFactory(username="keys-spires-gm"), UserFactory(username="keys-spires")
    campaign = make_campaign(gm_user, name="The Drowned Spires", system="ability")
    join(campaign, player)
    maren = CharacterFactory(campaign=campaign, owner=player, name="Maren", created=True)
    AbilitySkill.objects.create(character=maren, name="Climbing", die=8)
    Boost.objects.create(character=maren, name="Rope and pitons", die=6, constraints="an anchor point")
    phone, gm = pages(new_page, campaign, "keys-spires-gm", "keys-spires")

    phone.goto(maren.get_absolute_url())
    press(phone, phone.get_by_role("link", name="An action roll with Climbing"), "the Skill's roll link", most=120)
    type_in(phone, "What do you intend to do?", "Climb the Bell Spire's broken face")
    press(phone, phone.get_by_label("Rope and pitons"), "the boost's box", key="Space")
    expect(phone.get_by_test_id("odds-d8-none")).to_have_text("65% 251/384")
    press(phone, phone.get_by_role("button", name="To the director"), "To the director", most=40)
    expect(phone.get_by_text("The director sets the difficulty and your position.")).to_be_visible()
    phone.evaluate("window.before = document.activeElement")  # a new page: the focus at its top, as after any load

    gm.goto(f"/c/{campaign.pk}/console/")
    press(gm, gm.get_by_role("link", name="Open it"), "Open it", most=150)
    press(gm, gm.get_by_role("button", name="Hard (d8)"), "Hard (d8)", most=60)

    roll = phone.get_by_role("button", name="Roll 2 ability dice against the difficulty")
    expect(roll).to_be_visible(timeout=LIVE)
    assert phone.evaluate("window.before === document.activeElement"), "the GM's word moved the player's focus"
    dice(7, 2, 6)
    press(phone, roll, "Roll", most=60)
    expect(phone.get_by_test_id("action-result")).to_be_visible()
    screenshot(phone, "keyboard-ability-rolled-390")


def test_an_advantage_check_with_the_keyboard_alone(new_page, screenshot, dice):
    gm_user, player = UserFactory(username="keys-neon-gm"), UserFactory(username="keys-neon")
    campaign = make_campaign(gm_user, name="Neon Arcology", system="advantage")
    join(campaign, player)
    vex = CharacterFactory(campaign=campaign, owner=player, name="Vex", created=True)
    AdvantageSkill.objects.create(character=vex, name="Influence", rank=3)
    AdvantageSheet.objects.filter(character=vex).update(ap=2)
    Threat.objects.create(campaign=campaign, name="Lobby guard", toughness=2, current=2)
    phone, gm = pages(new_page, campaign, "keys-neon-gm", "keys-neon")

    phone.goto(vex.get_absolute_url())
    press(phone, phone.get_by_role("link", name="A check with Influence"), "the Skill's check link", most=120)
    type_in(phone, "What do you attempt, and how?", "Talk the lobby guard into calling the lift")
    press(phone, phone.get_by_role("button", name="Build the pool"), "Build the pool", most=40)
    expect(phone.get_by_text("The pool:")).to_be_visible()
    phone.evaluate("window.before = document.activeElement")  # a new page: the focus at its top, as after any load

    gm.goto(f"/c/{campaign.pk}/console/")
    press(gm, gm.get_by_role("link", name="Open it"), "Open it", most=150)
    press(gm, gm.get_by_role("button", name="The pool is right: let them roll"), "The pool is right", most=80)

    roll = phone.get_by_role("button", name="Roll 3 PLUS and 2 MINUS")
    expect(roll).to_be_visible(timeout=LIVE)
    assert phone.evaluate("window.before === document.activeElement"), "the GM's word moved the player's focus"
    dice(5, 2, 1, 1, 6)
    press(phone, roll, "Roll", most=60)
    expect(phone.get_by_test_id("check-outcome")).to_be_visible()
    assert focus_in(phone, "main"), "the focus is lost after the roll"
    screenshot(phone, "keyboard-advantage-rolled-390")
