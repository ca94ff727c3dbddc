"""Charge's rolls besides the action roll: fortune, loot, market, hook cards and the mission roll,
goal and determination (a flashback's: charge/actions/flashbacks.py). Each is one transaction; a
repeated key returns its roll."""

import random

from django.db import transaction
from django.utils.translation import gettext, ngettext

from campaign.models import Campaign, Membership
from characters.models import Character
from charge.actions.goals import end_goal, tick_goal
from charge.actions.rollers import lock_own_character
from charge.kinds import RollKind
from charge.models import Asset, AssetSource, Goal, HookDraw, Setup, WorldTable
from charge.own_words import LOOT, NEXT_MISSION
from core.refused import Refused
from gamerules.aftermath import Aftermath, MomentumMove, OpposedFortune
from gamerules.assets import assets_found
from gamerules.charge import Outcome, roll_pool
from gamerules.consequences import determination_errors, resistance
from gamerules.dials import Extra, ExtraDial
from gamerules.economy import Trade, market_pool, market_state
from gamerules.economy import spend_errors as spend_money_errors
from gamerules.fortune import OpposedResult
from gamerules.goals import Resolution, advance_ticks, resolution, resolved_dots
from gamerules.words import in_a_row, lowered, said, said_n
from gamerules.world import Card, draw_hooks, roll_mission
from rolls.actions import made_with, record, table_dice
from rolls.models import Roll


@transaction.atomic
def make_fortune_roll(membership: Membership, pool: int, key: str, label: str = "",
                      opposed_pool: int | None = None, hidden: bool = False,
                      rng: random.Random | None = None, character_id: int | None = None,
                      action: str = "") -> Roll:
    """+1d6 per likeliness level; really unlikely is 2d6 lowest; opposed pools compare their best
    results ("Fortune Roll"). Or the pool is a character's action rating (SRD "Fortune Rolls":
    "by using a specific action"). A GM may roll hidden."""
    if hidden and not membership.is_gm:
        raise Refused(gettext("Only a GM rolls hidden."))
    character = None
    if character_id is not None:
        character = Character.objects.select_related("campaign").filter(
            pk=character_id, campaign=membership.campaign).first()
        if character is None or action not in membership.campaign.charge.rules.action_names:
            raise Refused(gettext("Choose a character of this campaign and one of its actions."))
        pool = character.charge.rating(action)
    if not -1 <= pool <= 10 or (opposed_pool is not None and not -1 <= opposed_pool <= 10):
        raise Refused(gettext("A fortune pool has 0 to 10 dice."))
    if existing := made_with(membership.campaign, key):
        return existing
    first = roll_pool(pool, table_dice(rng))
    aftermath = Aftermath()
    dice = list(first.dice)
    if opposed_pool is not None:
        second = roll_pool(opposed_pool, table_dice(rng))
        aftermath = Aftermath(opposed=OpposedFortune.of(OpposedResult(first, second)))
    roll = record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                   rolled_by=membership.user, kind=RollKind.FORTUNE, goal=label[:300], pool_size=pool,
                   dice_sources=["rating" if character else "fortune"] * len(dice), dice=dice,
                   outcome=first.outcome.value, hidden=hidden, result=aftermath.to_data(),
                   character=character, action=action if character else "")
    return roll


@transaction.atomic
def make_loot_roll(membership: Membership, character_id: int, pool: int, name: str, key: str,
                   rng: random.Random | None = None) -> Roll:
    """After a conflict, search for loot: a fortune roll, 1d6 by default; a 6 creates one asset
    on the character's sheet, a 66 two ("Loot Assets Rule")."""
    character = lock_own_character(membership, character_id, gettext("Search for loot with your own character."))
    if existing := made_with(membership.campaign, key):
        return existing
    if not membership.campaign.charge.rules.has(Extra.ASSET):
        raise Refused(gettext("This campaign does not use assets (the Asset extra)."))
    if not 0 <= pool <= 6:
        raise Refused(gettext("A loot roll has 0 to 6 dice."))
    rolled = roll_pool(pool, table_dice(rng))
    found = assets_found(rolled.outcome)
    typed = name.strip()[:80]
    name = typed or LOOT
    roll = record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                   character=character, rolled_by=membership.user, kind=RollKind.LOOT, goal=name,
                   pool_size=pool, dice_sources=["fortune"] * len(rolled.dice), dice=list(rolled.dice),
                   outcome=rolled.outcome.value, choices={"assets": found})
    for _ in range(found):
        Asset.objects.create(character=character, name=name, source=AssetSource.LOOT)
    if found:
        membership.campaign.log(membership.user, said_n(
            "%(name)s found loot: %(count)s asset (%(loot)s).", "%(name)s found loot: %(count)s assets (%(loot)s).",
            found, name=character.name, count=found, loot=typed or said("Loot")))
    return roll


@transaction.atomic
def make_market_roll(membership: Membership, character_id: int, trade: Trade, money: int, key: str,
                     rng: random.Random | None = None) -> Roll:
    """"When players buy and sell goods on the market, they need to make a market roll": 1d6, the
    market's die up or down, +1d6 per money spent, the money coming off the sheet."""
    character = lock_own_character(membership, character_id, gettext("Trade with your own character."))
    if existing := made_with(membership.campaign, key):
        return existing
    campaign = membership.campaign
    if not campaign.charge.rules.has(Extra.ECONOMY):
        raise Refused(gettext("This campaign has no market (the Economy extra)."))
    if errors := spend_money_errors(character.charge.money, money):
        raise Refused(errors[0])
    filled = Setup.objects.values_list("market_filled", flat=True).get(campaign=campaign.pk)  # as it is now
    pool = market_pool(filled, trade, money)
    rolled = roll_pool(pool, table_dice(rng))
    if money:
        character.charge.money -= money
        character.charge.save(update_fields=["money"])
    roll = record(key, campaign=campaign, session=campaign.current_session, character=character,
                   rolled_by=membership.user, kind=RollKind.MARKET, pool_size=pool,
                   dice_sources=["market"] * len(rolled.dice), dice=list(rolled.dice), outcome=rolled.outcome.value,
                   choices={"trade": trade.value, "market": filled, "money": money})
    campaign.log(membership.user, _market_line(trade, money, name=character.name, state=market_state(filled).in_a_sentence,
                                               outcome=lowered(rolled.outcome.label)))
    return roll


def _market_line(trade: Trade, money: int, **values) -> str:
    """The log's line of a market roll: who, buying or selling, the market's state, the money spent
    and the outcome."""
    if trade is Trade.SELLING:
        if money:
            return said_n("%(name)s goes selling at the market (%(state)s), spending %(money)s money: %(outcome)s.",
                          "%(name)s goes selling at the market (%(state)s), spending %(money)s money: %(outcome)s.",
                          money, money=money, **values)
        return said("%(name)s goes selling at the market (%(state)s): %(outcome)s.", **values)
    if money:
        return said_n("%(name)s goes buying at the market (%(state)s), spending %(money)s money: %(outcome)s.",
                      "%(name)s goes buying at the market (%(state)s), spending %(money)s money: %(outcome)s.",
                      money, money=money, **values)
    return said("%(name)s goes buying at the market (%(state)s): %(outcome)s.", **values)


@transaction.atomic
def draw_hook_cards(gm: Membership, rng: random.Random | None = None, seen: int | None = None) -> HookDraw:
    """"The GM draws 3 hook cards of a standard deck of playing cards" from a fresh shuffle, and
    keeps the prompts as they read now; the players see them once the GM reveals them. ``seen``:
    the draws the GM's page showed; a double tap draws once."""
    if not gm.is_gm:
        raise Refused(gettext("The GM draws the hook cards."))
    if not gm.campaign.charge.rules.has(Extra.WORLD):
        raise Refused(gettext("This campaign does not draw hook cards (the World extra)."))
    Campaign.objects.locked(pk=gm.campaign_id)
    if seen is not None and seen != HookDraw.objects.filter(campaign=gm.campaign_id).count():
        raise Refused(gettext("New hook cards were drawn a moment ago: here they are."))
    tables = {table.place: table for table in WorldTable.objects.filter(campaign=gm.campaign)}
    cards = draw_hooks(table_dice(rng))
    draw = HookDraw.objects.create(
        campaign=gm.campaign, drawn_by=gm.user, cards=[str(card) for card in cards],
        titles=[str(tables[place]) if place in tables else "" for place in range(len(cards))],
        prompts=[tables[place].prompt(card.row) if place in tables else "" for place, card in enumerate(cards)])
    gm.campaign.log(gm.user, said("The GM drew 3 hook cards: %(cards)s.",
                                  cards=in_a_row(*(card.label for card in cards))), gm_only=True)
    return draw


@transaction.atomic
def make_mission_roll(gm: Membership, draw_id, key: str, rng: random.Random | None = None) -> Roll:
    """"1d6 for each red card ... If there's no red card, roll 2d6, and select the lowest": the
    result is where the mission starts, and the risk the GM's first call of the mission starts at.
    Kept with its draw: hidden until the GM reveals it."""
    if not gm.is_gm:
        raise Refused(gettext("The GM makes the mission roll."))
    if existing := made_with(gm.campaign, key):
        return existing
    draw = HookDraw.objects.select_for_update().filter(campaign=gm.campaign_id, pk=draw_id).first()
    if draw is None:
        raise Refused(gettext("That draw is gone."))
    if draw.mission_roll_id:
        raise Refused(gettext("This draw's mission roll is made."))
    rolled = roll_mission(tuple(Card.parse(card) for card in draw.cards), table_dice(rng))
    roll = record(key, campaign=gm.campaign, session=gm.campaign.current_session, rolled_by=gm.user,
                   kind=RollKind.MISSION, goal=draw.prompts[-1] or NEXT_MISSION, hidden=not draw.revealed,
                   pool_size=draw.red_cards, dice_sources=["red card"] * len(rolled.dice), dice=list(rolled.dice),
                   outcome=rolled.outcome.value, choices={"start": rolled.start.value, "red": draw.red_cards})
    HookDraw.objects.filter(campaign=gm.campaign_id, start_pending=True).update(start_pending=False)
    draw.mission_roll, draw.start_pending = roll, True
    draw.save(update_fields=["mission_roll", "start_pending"])
    return roll


class GoalRollMode:
    ADVANCE = "advance"
    RESOLVE = "resolve"


@transaction.atomic
def make_goal_roll(membership: Membership, goal_id: int, mode: str, key: str, pool: int = 2,
                   consequence_instead: bool = False, rng: random.Random | None = None) -> Roll:
    """Roll a goal's progress the GM granted ("Dial: Rolling to Advance": 1-3 no tick, 4-5 one
    fewer, 6 as usual, 66 one more), or roll to resolve it with dice from how full its clock is
    ("Dial: Rolling to Resolve": 1-3 lost, 4-5 one less dot or a consequence, 6 the dots, 66 one
    more)."""
    goal = Goal.objects.filter(pk=goal_id, character__campaign=membership.campaign).first()
    if goal is None:
        raise Refused(gettext("That goal is gone."))
    character = lock_own_character(membership, goal.character_id, gettext("Roll for your own character's goals."))
    if existing := made_with(membership.campaign, key):
        return existing
    goal = Goal.objects.select_for_update().get(pk=goal.pk)
    rules = membership.campaign.charge.rules
    if not goal.under_way:
        raise Refused(gettext("%(goal)s has ended.") % {"goal": goal.name})
    difficulty = goal.rules_difficulty
    if mode == GoalRollMode.ADVANCE:
        if not rules.dialled(ExtraDial.GOALS_ROLL_TO_ADVANCE):
            raise Refused(gettext("This campaign ticks goals without rolling (the dial is off)."))
        if goal.due < 1:
            raise Refused(gettext("No progress to roll for %(goal)s: the GM says when a goal progresses.") % {"goal": goal.name})
        if not 0 <= pool <= 6:
            raise Refused(gettext("Rolling to advance takes 0 to 6 dice; 2 when in doubt."))
    elif mode == GoalRollMode.RESOLVE:
        if not rules.dialled(ExtraDial.GOALS_ROLL_TO_RESOLVE):
            raise Refused(gettext("This campaign does not roll to resolve goals (the dial is off)."))
        pool = goal.resolve_pool
        if pool is None:
            raise Refused(ngettext("Too soon: %(goal)s has %(filled)s of %(size)s segment; rolling to resolve needs "
                                   "more than a quarter.",
                                   "Too soon: %(goal)s has %(filled)s of %(size)s segments; rolling to resolve needs "
                                   "more than a quarter.", goal.size)
                          % {"goal": goal.name, "filled": goal.filled, "size": goal.size})
    else:
        raise Refused(gettext("Roll to advance or to resolve."))
    rolled = roll_pool(pool, table_dice(rng))
    choices = {"goal": goal.pk, "goal_mode": mode}
    if mode == GoalRollMode.ADVANCE:
        ticks = advance_ticks(difficulty, rolled.outcome)
        goal.due -= 1
        goal.save(update_fields=["due"])
        choices["ticks"] = ticks
        tick_goal(membership, character, goal, ticks)
    else:
        result = resolution(rolled.outcome)
        dots = resolved_dots(difficulty, result, consequence_instead)
        goal.ended = "lost" if result is Resolution.LOST else "done"
        goal.save(update_fields=["ended"])
        choices |= {"resolution": result.value, "dots": dots,
                    "consequence": consequence_instead and result is Resolution.PARTIAL}
        end_goal(membership, character, goal, dots)
    return record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                   character=character, rolled_by=membership.user, kind=RollKind.GOAL, goal=goal.name,
                   pool_size=pool, dice_sources=["fortune"] * len(rolled.dice), dice=list(rolled.dice),
                   outcome=rolled.outcome.value, choices=choices)


@transaction.atomic
def make_determination_roll(membership: Membership, character_id: int, burned: int, key: str,
                            note: str = "", rng: random.Random | None = None) -> Roll:
    """A determination roll on its own, against a consequence described in words."""
    character = lock_own_character(membership, character_id, gettext("Roll for your own character."))
    if existing := made_with(membership.campaign, key):
        return existing
    if errors := determination_errors(burned, character.charge.momentum):
        raise Refused(errors[0])
    pool = roll_pool(burned, table_dice(rng))
    before = character.charge.momentum
    character.charge.momentum -= burned
    if pool.outcome is Outcome.CRITICAL and not membership.campaign.charge.quick:
        character.charge.better_risk_next = True
    character.charge.save(update_fields=["momentum", "better_risk_next"])
    roll = record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                   character=character, rolled_by=membership.user, kind=RollKind.DETERMINATION,
                   goal=note[:300], pool_size=burned, dice_sources=["momentum"] * burned,
                   dice=list(pool.dice), outcome=pool.outcome.value,
                   result=Aftermath(momentum=(MomentumMove(character.pk, before, character.charge.momentum),),
                                    resistance=resistance(pool.outcome)).to_data())
    return roll
