import random

from django.utils import timezone
from playwright.sync_api import expect

from charge.kinds import RollKind
from gamerules.charge import roll_pool
from tests.e2e.axe import AXE, audit
from tests.factories import (
    CharacterFactory,
    GameSessionFactory,
    RollFactory,
    UserFactory,
    join,
    make_campaign,
)
from tests.helpers import DESKTOP, PHONE, log_in

WIDE = {"width": 1920, "height": 1080}


def _campaign():
    """Two sessions of rolls from seeded dice, Ada's momentum moving, and a GM's hidden roll."""
    gm, player = UserFactory(username="gm-stats"), UserFactory(username="player-stats")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    join(campaign, player)
    first = GameSessionFactory(campaign=campaign, number=1, ended_at=timezone.now())
    second = GameSessionFactory(campaign=campaign, number=2)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True)
    bo = CharacterFactory(campaign=campaign, owner=gm, name="Bo", created=True)
    rng, momentum = random.Random(24), {ada.pk: 2, bo.pk: 2}
    for number in range(40):
        character = ada if number % 3 else bo
        pool = rng.choice([0, 1, 2, 2, 3, 4])
        rolled = roll_pool(pool, rng)
        before = momentum[character.pk]
        momentum[character.pk] = max(0, min(6, before + {"bad": -1, "partial": 1, "full": 2, "critical": 3}[
            rolled.outcome.value]))
        RollFactory(campaign=campaign, session=first if number < 20 else second, character=character,
                    rolled_by=player if character == ada else gm, kind=RollKind.ACTION,
                    action=rng.choice(["Finesse", "Sneak", "Sway", "Study", "Wreck"]), pool_size=pool,
                    dice=list(rolled.dice), outcome=rolled.outcome.value,
                    momentum={str(character.pk): [before, momentum[character.pk]]})
    RollFactory(campaign=campaign, session=second, rolled_by=gm, kind=RollKind.FORTUNE, pool_size=6,
                dice=[6, 6, 6, 6, 6, 6], outcome="critical", hidden=True, goal="The Ledger's secret")
    return campaign, ada


def test_the_dice_statistics_for_a_player_and_the_gm(new_page, screenshot):
    campaign, ada = _campaign()
    for who, size, name in (("player-stats", PHONE, "phone"), ("player-stats", DESKTOP, "desktop"),
                            ("gm-stats", WIDE, "wide")):
        page = new_page(size)
        page.add_init_script(path=AXE)
        log_in(page, who)
        page.goto(f"/c/{campaign.pk}/rolls/")
        page.get_by_role("link", name="Dice statistics").click()
        expect(page.get_by_role("heading", name="Dice statistics")).to_be_visible()
        counted = "41 rolls" if who == "gm-stats" else "40 rolls"  # the hidden roll is the GM's alone
        expect(page.get_by_role("status").filter(has_text="either way")).to_contain_text(counted)
        expect(page.get_by_role("img", name="Outcomes rolled against the outcomes expected")).to_be_visible()
        expect(page.get_by_role("img", name="Ada's momentum over")).to_have_count(0)  # drawn once opened
        page.get_by_role("heading", name="Momentum over time").click()
        expect(page.get_by_role("img", name="Ada's momentum over")).to_be_visible()
        assert audit(page) == []  # opened too (the demo's walk sees it closed)
        screenshot(page, f"dice-stats-{who.split('-')[0]}-{name}")
    page.get_by_label("Character").select_option(str(ada.pk))  # htmx: the statistics change in place
    expect(page).to_have_url(f"/c/{campaign.pk}/rolls/stats/?character={ada.pk}&player=&session=")
    expect(page.get_by_role("status").filter(has_text="either way")).to_contain_text("26 rolls")
    page.get_by_role("heading", name="Momentum over time").click()  # drawn anew for Ada alone
    expect(page.get_by_role("img", name="Ada's momentum over")).to_be_visible()
    expect(page.get_by_role("img", name="Bo's momentum over")).to_have_count(0)
    screenshot(page, "dice-stats-gm-ada")
    page.emulate_media(media="print")  # black on white, without the menus and the filters
    expect(page.get_by_label("Character")).to_be_hidden()
    screenshot(page, "dice-stats-gm-ada-print")
