"""The Extras on a phone, as a player would use them."""

from playwright.sync_api import expect

from charge.models import Goal, Setup
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import LIVE, PHONE, SPREAD, log_in, settled


def start_roll(page, campaign, action):
    """The wizard's first step on a phone: the action, then Next."""
    page.goto(f"/c/{campaign.pk}/rolls/new/")
    page.get_by_label("Action*", exact=True).select_option(action)
    page.get_by_role("button", name="Next").click()


def test_a_loot_roll_from_the_sheet_puts_the_asset_on_it(new_page, screenshot, dice):
    """"Loot Roll": 1d6 after a conflict; a 6 creates an asset, noted on the sheet."""
    gm, player = UserFactory(username="loot-gm"), UserFactory(username="loot-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Setup.objects.filter(campaign=campaign.pk).update(dials={"extras": ["asset"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    page = new_page(PHONE)
    log_in(page, "loot-player")
    page.goto(ada.get_absolute_url())
    page.get_by_role("link", name="Loot roll").click()
    expect(page.get_by_test_id("loot-odds")).to_contain_text("One asset: 17% 1/6")
    page.get_by_label("What might be found").fill("The captain's spyglass")
    screenshot(page, "loot-roll-phone")
    dice(6)
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_test_id("extra-result")).to_have_text("Found one asset: The captain's spyglass, on Ada's sheet.")
    page.goto(ada.get_absolute_url())
    expect(page.locator("#assets")).to_contain_text("The captain's spyglass · Loot")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]


def test_an_attachment_marked_on_the_sheet_is_broken_to_cancel_a_consequence(new_page, screenshot):
    """"Attachment Extra Rule": breaking one cancels an incoming consequence outright."""
    from tests.factories import RollFactory

    gm, player = UserFactory(username="attach-gm"), UserFactory(username="attach-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Setup.objects.filter(campaign=campaign.pk).update(dials={"extras": ["attachment"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    RollFactory(campaign=campaign, character=ada, kind="action", action="Move", pool_size=2, dice=[3, 2],
                outcome="bad", risk=3, effect=2, consequence_rating=3, result={"consequence": {
                    "kind": "worse_condition", "rating": 3, "target": ada.pk, "clock": None, "status": "pending"}})
    page = new_page(PHONE)
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, "attach-player")
    page.goto(ada.get_absolute_url())
    page.get_by_label("A new attachment").fill("Mech's core reactor")
    page.get_by_role("button", name="Mark it").click()
    expect(page.locator("#attachments")).to_contain_text("Mech's core reactor")
    page.get_by_role("link", name="Answer it").click()
    screenshot(page, "attachment-break-phone")
    page.get_by_role("button", name="Break Mech's core reactor: cancel it").click()
    expect(page.get_by_text("An attachment was broken: the consequence is cancelled.")).to_be_visible()
    page.goto(ada.get_absolute_url())
    expect(page.locator("#attachments")).to_contain_text("broken")
    expect(page.locator("#attachments")).to_contain_text("repair: 0/4")
    ada.refresh_from_db()
    assert ada.charge.stress == 0


def test_a_full_stress_clock_leaves_a_scar_and_the_character_comes_to(new_page, screenshot):
    """"Scars Rule": the clock is not cleared; a scar, incapacitated; coming to clears half."""
    user = UserFactory(username="scars-player")
    campaign = make_campaign(user, name="The Usurper's Throne")
    Setup.objects.filter(campaign=campaign.pk).update(dials={"extras": ["scars"]})
    ada = CharacterFactory(campaign=campaign, owner=user, name="Ada", created=True, stress=3,
                           condition="Stabbed through the right shoulder", action_dots=dict(SPREAD))
    page = new_page(PHONE)
    log_in(page, "scars-player")
    page.goto(ada.get_absolute_url())
    page.get_by_role("button", name="Take one stress").click()
    expect(page.locator("#vitals")).to_contain_text("Incapacitated.")
    page.reload()
    expect(page.locator("#field-scars")).to_contain_text("Stabbed through the right shoulder")
    screenshot(page, "scars-incapacitated-phone")
    page.get_by_role("button", name="Ada comes to").click()
    expect(page.locator("#vitals")).not_to_contain_text("Incapacitated.")
    ada.refresh_from_db()
    assert (ada.charge.stress, ada.charge.taken_out) == (2, False)


def test_a_goal_set_on_a_phone_is_finished_by_the_gm_and_its_dot_placed(new_page):
    """"Goals Extra": an easy goal ticks 3 of 8; full, it gives 1 talent dot to place."""
    gm, player = UserFactory(username="goals-gm"), UserFactory(username="goals-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Setup.objects.filter(campaign=campaign.pk).update(dials={"extras": ["goals"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    phone, laptop = new_page(PHONE), new_page()
    log_in(phone, "goals-player")
    log_in(laptop, "goals-gm")
    phone.goto(ada.get_absolute_url())
    phone.get_by_label("A new goal").fill("Learn the old tongue")
    phone.get_by_label("Its difficulty").select_option("easy")
    phone.get_by_role("button", name="Add the goal").click()
    expect(phone.locator("#goals")).to_contain_text("Learn the old tongue · easy")
    laptop.goto(ada.get_absolute_url())
    for filled in ("3/8", "6/8", "complete"):
        laptop.get_by_role("button", name="Progress: +3").click()
        expect(laptop.locator("#goals")).to_contain_text(filled)
    expect(phone.locator("#goals")).to_contain_text("1 talent dot from a finished goal", timeout=LIVE)
    phone.get_by_label("The action for the dot").select_option("Study")
    phone.get_by_role("button", name="Place it").click()
    expect(phone.locator("#goals")).not_to_contain_text("talent dot from a finished goal")
    ada.refresh_from_db()
    assert ada.charge.action_dots.get("Study") == 1 and ada.charge.goal_dots == 0


def test_rolling_to_advance_and_to_resolve_a_goal_on_a_phone(new_page, screenshot, dice):
    """"Dial: Rolling to Advance" and "Dial: Rolling to Resolve": the GM grants progress, the
    player rolls it with its exact odds, then tries to resolve the goal early."""
    gm, player = UserFactory(username="goal-roll-gm"), UserFactory(username="goal-roll-player")
    campaign = make_campaign(gm, name="The Usurper's Throne")
    Setup.objects.filter(campaign=campaign.pk).update(dials={
        "extras": ["goals"], "extra_dials": ["goals_roll_to_advance", "goals_roll_to_resolve"]})
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    Goal.objects.create(character=ada, name="Learn the old tongue", difficulty="medium")
    phone, laptop = new_page(PHONE), new_page()
    log_in(phone, "goal-roll-player")
    log_in(laptop, "goal-roll-gm")
    laptop.goto(ada.get_absolute_url())
    laptop.get_by_role("button", name="Progress: roll to advance").click()
    phone.goto(ada.get_absolute_url())
    phone.get_by_role("link", name="Roll to advance").click()
    expect(phone.get_by_test_id("goal-odds")).to_contain_text("3 segments ticked: 3% 1/36")
    screenshot(phone, "goal-roll-to-advance-phone")
    dice(6, 6)
    phone.get_by_role("button", name="Roll 2d").click()
    expect(phone.get_by_test_id("extra-result")).to_have_text("Learn the old tongue: 3 segments ticked.")
    phone.goto(ada.get_absolute_url())
    phone.get_by_role("link", name="Roll to resolve (2d, lowest)").click()
    phone.get_by_label("Keep the dots and suffer a consequence").check()
    expect(phone.get_by_test_id("goal-odds")).to_contain_text("2 talent dots and a consequence: 22% 2/9")
    screenshot(phone, "goal-roll-to-resolve-phone")
    dice(6, 6)
    phone.get_by_role("button", name="Roll 2d, keep the lowest").click()
    expect(phone.get_by_test_id("extra-result")).to_have_text("Learn the old tongue: complete, 2 talent dots to place.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ada.refresh_from_db()
    assert ada.charge.goal_dots == 2


def test_a_threat_set_on_the_console_is_rolled_with_the_players_dice(new_page, screenshot, dice):
    """"Rolling with the Threat Dice": the GM puts the mist on the scene and says it bears on Ada's
    roll; her phone shows the odds against 2 threat dice; the 3 rolled is cancelled, the 5 read."""
    gm_user, player = UserFactory(username="threat-gm"), UserFactory(username="threat-player")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    Setup.objects.filter(campaign=campaign.pk).update(dials={"extras": ["threat_level"]})
    join(campaign, player)
    CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    gm, phone, table = new_page(), new_page(PHONE), new_page({"width": 1920, "height": 1080})
    log_in(gm, "threat-gm")
    log_in(phone, "threat-player")
    log_in(table, "threat-gm")
    table.goto(f"/c/{campaign.pk}/table/")
    gm.goto(f"/c/{campaign.pk}/console/")
    gm.get_by_label("Source").fill("A poisonous mist")
    gm.get_by_label("Rating").fill("2")
    gm.get_by_role("button", name="Add the threat").click()
    expect(gm.locator("#console-threats")).to_contain_text("A poisonous mist · threat 2 · on the scene")
    expect(table.get_by_test_id("table-threat")).to_contain_text("A poisonous mist · 2 dice · on the scene", timeout=LIVE)
    screenshot(table, "threat-table-1920")

    start_roll(phone, campaign, "Sneak")
    expect(phone.get_by_text("Waiting for the GM")).to_be_visible()
    card = gm.get_by_role("article", name="Ada's Sneak roll")
    card.get_by_label("A poisonous mist (2)").check()
    screenshot(gm, "threat-console-desktop")
    card.get_by_role("button", name="Set risk and effect").click()
    expect(phone.get_by_test_id("threats-applied")).to_contain_text("Threats: A poisonous mist (2).", timeout=LIVE)
    expect(phone.locator("#odds")).to_contain_text("against 2 threat dice")
    screenshot(phone, "threat-odds-phone")
    dice(3, 5, 2, 3)
    phone.get_by_role("button", name="Roll 2d6 and 2 threat").click()
    expect(phone.get_by_test_id("outcome")).to_have_text("Partial success")
    expect(phone.get_by_test_id("threat-result")).to_have_text(
        "Threat dice from A poisonous mist (2): 2 3. They cancelled 3; left 5.")
    expect(phone.get_by_role("img", name="5, the die read")).to_be_visible()
    screenshot(phone, "threat-roll-phone")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_party_detail_written_on_a_phone_bears_on_a_roll(new_page, screenshot, dice):
    """"Party Extra": a player writes a positive supporting detail; the GM says it bears on Ada's
    roll; before rolling she takes +1 effect "rather than an improved position"."""
    from charge.actions.bookkeeping import set_dials
    from gamerules.dials import Dials, Extra

    gm_user, player = UserFactory(username="party-gm"), UserFactory(username="party-player")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    set_dials(campaign.memberships.get(user=gm_user), Dials(extras=frozenset({Extra.PARTY})))
    join(campaign, player)
    CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    gm, phone = new_page(), new_page(PHONE)
    log_in(gm, "party-gm")
    log_in(phone, "party-player")
    phone.goto(f"/c/{campaign.pk}/party/")
    phone.get_by_label("A new supporting detail for Assets").fill("A state-of-the-art spacecraft")
    phone.locator("#concept-assets").locator("xpath=..").locator("..").get_by_label("Its disposition").select_option("1")
    phone.locator("#concept-assets").locator("xpath=..").locator("..").get_by_role("button", name="Add").click()
    expect(phone.locator("#party-sheet")).to_contain_text("A state-of-the-art spacecraft")
    screenshot(phone, "party-sheet-phone")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    gm.goto(f"/c/{campaign.pk}/party/")
    screenshot(gm, "party-sheet-desktop")

    start_roll(phone, campaign, "Sneak")
    gm.goto(f"/c/{campaign.pk}/console/")
    card = gm.get_by_role("article", name="Ada's Sneak roll")
    card.get_by_label("A state-of-the-art spacecraft").check()
    card.get_by_role("button", name="Set risk and effect").click()
    expect(phone.get_by_test_id("party-bearing")).to_contain_text("A state-of-the-art spacecraft · positive (+)",
                                                                   timeout=LIVE)
    phone.get_by_label("+1 effect instead").check()
    expect(phone.locator("#odds")).to_contain_text("effect great")
    screenshot(phone, "party-odds-phone")
    dice(4, 1)
    phone.get_by_role("button", name="Roll 2d6").click()
    expect(phone.get_by_test_id("party-result")).to_have_text(
        "Party: A state-of-the-art spacecraft (Assets): +1 effect.")


def test_the_gm_ticks_the_market_and_a_phone_buys_on_it(new_page, screenshot, dice):
    """"The Market Clock": one tap a scene on the console; the sheet and the market roll follow;
    "Players can also spend money to add 1d6 to a roll per money spent"."""
    from charge.actions.bookkeeping import set_dials
    from gamerules.dials import Dials, Extra

    gm_user, player = UserFactory(username="market-gm"), UserFactory(username="market-player")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    set_dials(campaign.memberships.get(user=gm_user), Dials(extras=frozenset({Extra.ECONOMY})))
    join(campaign, player)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, money=3, action_dots=dict(SPREAD))
    gm, phone, table = new_page(), new_page(PHONE), new_page({"width": 1920, "height": 1080})
    log_in(gm, "market-gm")
    log_in(phone, "market-player")
    log_in(table, "market-gm")
    phone.goto(ada.get_absolute_url())
    table.goto(f"/c/{campaign.pk}/table/")
    expect(phone.locator("#economy")).to_contain_text("Market: Equilibrium (0/4)")
    gm.goto(f"/c/{campaign.pk}/console/")
    gm.get_by_role("button", name="New scene: tick the market").click()
    expect(gm.locator("#console-market")).to_contain_text("Low")
    expect(phone.locator("#economy")).to_contain_text("Market: Low (1/4)", timeout=LIVE)
    expect(table.get_by_test_id("market")).to_contain_text("Low", timeout=LIVE)
    screenshot(gm, "market-console-desktop")
    screenshot(table, "market-table-1920")
    screenshot(phone, "market-sheet-phone")
    phone.get_by_role("link", name="Market roll").click()
    expect(phone.get_by_test_id("market-odds")).to_contain_text("The odds with 2 dice")  # low: +1d6 buying
    expect(phone.get_by_label("Money to spend (+1d6 each)").locator("option")).to_have_count(4)  # 0-3, as held
    phone.get_by_label("Money to spend (+1d6 each)").select_option("1")
    expect(phone.get_by_role("button", name="Roll 3d6")).to_be_visible()
    expect(phone.get_by_label("Money to spend (+1d6 each)")).to_have_value("1")
    screenshot(phone, "market-roll-phone")
    dice(6, 3, 1)
    phone.get_by_role("button", name="Roll 3d6").click()
    expect(phone.get_by_test_id("extra-result")).to_have_text(
        "Buying in a low market (1/4), 1 money spent: the GM says what the buying brings.")
    phone.goto(ada.get_absolute_url())
    expect(phone.get_by_test_id("money")).to_have_text("2/10")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_gm_draws_hooks_rolls_the_mission_and_reveals_them_to_a_phone(new_page, screenshot, dice):
    """"World Extra Rule": 3 hook cards, the mission roll from the red ones, then the players."""
    import random

    from charge.actions.bookkeeping import set_dials
    from gamerules.dials import Dials, Extra
    from gamerules.world import DECK, mission_pool

    gm_user, player = UserFactory(username="world-gm"), UserFactory(username="world-player")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    set_dials(campaign.memberships.get(user=gm_user), Dials(extras=frozenset({Extra.WORLD})))
    join(campaign, player)
    cards = random.Random(0).sample(DECK, 3)  # what the scripted dice's shuffle deals
    red = mission_pool(tuple(cards))
    gm, phone = new_page(), new_page(PHONE)
    log_in(gm, "world-gm")
    log_in(phone, "world-player")
    gm.goto(f"/c/{campaign.pk}/world/")
    gm.locator("#title-2").fill("The Next Score")
    gm.locator(f"#prompt-2-{cards[2].row}").fill("A bounty on a crew of pirates near the reef")
    gm.locator("#title-2").locator("xpath=ancestor::form").get_by_role("button", name="Save this table").click()
    dice(*([4] * max(red, 2)))
    gm.get_by_role("button", name="Draw 3 hook cards").click()
    expect(gm.get_by_test_id("hook").nth(2)).to_contain_text("A bounty on a crew of pirates near the reef")
    expect(gm.get_by_test_id("mission-odds")).to_be_visible()
    screenshot(gm, "world-draw-desktop")
    phone.goto(f"/c/{campaign.pk}/world/")
    expect(phone.get_by_text("No hooks revealed yet")).to_be_visible()
    gm.get_by_role("button", name="Mission roll").click()
    expect(gm.get_by_test_id("outcome")).to_have_text("Partial success")
    gm.goto(f"/c/{campaign.pk}/world/")
    expect(gm.get_by_test_id("mission-start")).to_contain_text("the mission starts at moderate risk")
    gm.get_by_role("button", name="Reveal to the players").click()
    expect(phone.get_by_test_id("hook").nth(2)).to_contain_text("A bounty on a crew of pirates near the reef",
                                                                 timeout=LIVE)
    expect(phone.get_by_test_id("mission-start")).to_contain_text("at moderate risk")
    screenshot(phone, "world-revealed-phone")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_gm_builds_a_resource_gathers_it_and_a_phone_spends_it(new_page, screenshot, dice):
    """"Resource Pool Extra": Expedition Funds, shared, gathered by the recap's roll (each 4-6)."""
    from charge.actions.bookkeeping import set_dials
    from gamerules.dials import Dials, Extra

    gm_user, player = UserFactory(username="pool-gm"), UserFactory(username="pool-player")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    set_dials(campaign.memberships.get(user=gm_user), Dials(extras=frozenset({Extra.RESOURCE_POOL})))
    join(campaign, player)
    CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots={"Sway": 2})
    gm, phone = new_page(), new_page(PHONE)
    log_in(gm, "pool-gm")
    log_in(phone, "pool-player")
    gm.goto(f"/c/{campaign.pk}/resources/")
    gm.get_by_label("Name*").fill("Expedition Funds")
    gm.get_by_label("What spending one does").fill("Have the notable item an action needs")
    gm.get_by_label("How it is gained").select_option("recap_roll")
    gm.get_by_label("What spending does").select_option("described")
    gm.get_by_role("button", name="Add the resource").click()
    expect(gm.get_by_text("Expedition Funds is ready to gather and spend.")).to_be_visible()
    phone.goto(f"/c/{campaign.pk}/resources/")
    gm.get_by_label("Before a planned scenario, everyone rolls").select_option("Sway")
    dice(5, 4)
    gm.get_by_role("button", name="The recap's roll").click()
    expect(phone.locator("#resource-pools")).to_contain_text("The party: 2", timeout=LIVE)
    screenshot(gm, "resources-desktop")
    phone.get_by_role("button", name="Spend one Expedition Funds for The party").click()
    expect(phone.locator("#resource-pools")).to_contain_text("The party: 1")
    screenshot(phone, "resources-phone")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_spell_written_on_a_phone_is_cast_readied_and_helps_a_teammates_roll(new_page, screenshot, dice):
    """"Magic Extra": Ada writes a normal spell cast with Finesse; she casts it (6, a full success,
    standard effect: ready, normal); the table shows it; Bo's player takes its +1d6 on his roll."""
    from charge.actions.bookkeeping import set_dials
    from gamerules.dials import Dials, Extra

    gm_user, player, other = (UserFactory(username=name) for name in ("magic-gm", "magic-player", "magic-other"))
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    set_dials(campaign.memberships.get(user=gm_user), Dials(extras=frozenset({Extra.MAGIC})))
    join(campaign, player)
    join(campaign, other)
    ada = CharacterFactory(campaign=campaign, owner=player, name="Ada", created=True, action_dots=dict(SPREAD))
    CharacterFactory(campaign=campaign, owner=other, name="Bo", created=True, action_dots={"Muscle": 2})
    gm, phone, bo, table = new_page(), new_page(PHONE), new_page(PHONE), new_page({"width": 1920, "height": 1080})
    for page, name in ((gm, "magic-gm"), (phone, "magic-player"), (bo, "magic-other"), (table, "magic-gm")):
        log_in(page, name)
    table.goto(f"/c/{campaign.pk}/table/")
    phone.goto(ada.get_absolute_url())
    phone.locator("#spells summary").click()
    phone.get_by_label("Name of the spell").fill("Mend flesh")
    phone.locator("#spells").get_by_label("Finesse").check()
    phone.get_by_label("Momentum to cast it").select_option("1")
    phone.get_by_label("Danger: a clock each consequence ticks").select_option("4")
    screenshot(phone, "spell-write-phone")
    phone.get_by_role("button", name="Add the spell").click()
    expect(phone.get_by_test_id("spell")).to_contain_text("Mend flesh")
    expect(phone.get_by_test_id("spell")).to_contain_text("Danger: 0/4")
    screenshot(phone, "spell-sheet-phone")
    settled(phone)

    phone.get_by_role("link", name="Cast it").click()
    expect(phone.get_by_label("Cast a spell")).to_have_value(str(ada.spells.get().pk))
    phone.get_by_role("button", name="Next").click()
    gm.goto(f"/c/{campaign.pk}/console/")
    card = gm.get_by_role("article", name="Ada's Finesse roll")
    card.get_by_role("button", name="Set risk and effect").click()
    expect(phone.locator("#odds")).to_contain_text("costs 1 momentum", timeout=LIVE)
    expect(phone.get_by_test_id("spell-cast")).to_contain_text("casting Mend flesh")
    dice(6, 2)
    phone.get_by_role("button", name="Roll 2d6").click()
    expect(phone.get_by_test_id("magic-result")).to_contain_text("Cast Mend flesh: ready, normal effect, to help a roll.")
    expect(table.get_by_test_id("tile-spell")).to_contain_text("Mend flesh · normal", timeout=LIVE)
    screenshot(table, "spell-table-1920")

    start_roll(bo, campaign, "Muscle")
    gm.goto(f"/c/{campaign.pk}/console/")
    gm.get_by_role("article", name="Bo's Muscle roll").get_by_role("button", name="Set risk and effect").click()
    expect(bo.get_by_role("button", name="Roll 2d6")).to_be_visible(timeout=LIVE)
    settled(bo)
    bo.get_by_label("A readied spell helps this roll").select_option(label="Mend flesh (Ada, normal): +1d6")
    expect(bo.get_by_role("button", name="Roll 3d6")).to_be_visible(timeout=LIVE)
    screenshot(bo, "spell-helps-phone")
    settled(bo)
    dice(2, 6, 1)
    bo.get_by_role("button", name="Roll 3d6").click()
    expect(bo.get_by_test_id("magic-result")).to_have_text("Mend flesh (normal) helped: +1d6.")
    expect(table.get_by_test_id("tile-spell")).to_have_count(0, timeout=LIVE)
    for page in (phone, bo):
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
