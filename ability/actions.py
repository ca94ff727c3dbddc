"""Every write of the Ability vs Difficulty system, each atomic: the sheet, an action roll from
the player's intent to the dice, teamwork, and quick action rolls
(``shared/rules/system-ability-vs-difficulty.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ability.kinds import RollKind
from ability.models import Action, Boost, Help, Sheet, Skill
from ability.own_words import HELPING
from campaign.models import Campaign, Membership
from characters.models import Character
from characters.sheets import own_character, sheet_for
from clocks.actions import record_change
from clocks.models import Clock
from core.own_words import filled
from core.refused import Refused
from gamerules import ability as rules
from gamerules.clocks import DANGER_KINDS, PROGRESS_KINDS
from gamerules.words import in_a_row, said
from rolls import actions as roll_actions
from rolls.models import Roll

UNSKILLED = gettext_lazy("Unskilled")
"""The log's action for a roll with no skill set that fits (written in the roller's language)."""


def sheet_of(character: Character, locked: bool = False) -> Sheet:
    return sheet_for(Sheet, character, locked)


def dangerous(campaign: Campaign) -> bool:
    """"Dangerous Encounters": a tie goes to the director (a campaign option)."""
    return bool(campaign.system_options.get("dangerous"))




def result_of(roll: Roll) -> rules.ActionRollResult | rules.QuickRollResult:
    """What an action roll's or a quick action roll's roll keeps, typed: pages read it, never the JSON."""
    if roll.kind == RollKind.ABILITY:
        return rules.ActionRollResult.from_data(roll.result)
    return rules.QuickRollResult.from_data(roll.result)


def choices_of(roll: Roll) -> rules.RollChoices:
    """What an action roll or a quick action roll was made with, typed."""
    return rules.RollChoices.from_data(roll.choices)


def _die(value) -> int:
    if value not in rules.DIE_SIZES:
        raise Refused(_("Choose a die: d4, d6, d8, d10 or d12."))
    return value


# The sheet -----------------------------------------------------------------------------------

@transaction.atomic
def add_skill(membership: Membership, character_id, name: str, die, specialization: bool) -> Skill:
    """A skill set or specialization with its rating ("Ability")."""
    character = own_character(membership, character_id)
    if not name:
        raise Refused(_("Name the skill."))
    if character.skills.filter(name__iexact=name).exists():
        raise Refused(_("%(name)s already has %(skill)s.") % {"name": character.name, "skill": name})
    skill = Skill.objects.create(character=character, name=name, die=_die(die), specialization=specialization)
    values = {"name": character.name, "skill": skill.name, "rating": _rating(skill)}
    membership.campaign.log(membership.user, said("%(name)s gains a specialization: %(skill)s (%(rating)s).", **values)
                            if specialization else said("%(name)s gains a skill set: %(skill)s (%(rating)s).", **values))
    return skill


@transaction.atomic
def set_skill_die(membership: Membership, character_id, skill_id, die) -> Skill:
    character = own_character(membership, character_id)
    skill = character.skills.filter(pk=skill_id).first()
    if skill is None:
        raise Refused(_("That skill is not on this sheet."))
    if skill.die != _die(die):
        skill.die = die
        skill.save(update_fields=["die"])
        membership.campaign.log(membership.user, said("%(name)s's %(skill)s is now %(rating)s.",
                                                      name=character.name, skill=skill.name, rating=_rating(skill)))
    return skill


def _rating(skill: Skill) -> str:
    """Skill.rating ("Novice d4") inside a log line, its name said in each reader's language."""
    return in_a_row(rules.rating_name(skill.die), f"d{skill.die}")


def _not_in_play(character: Character) -> None:
    if Action.objects.filter(character=character).exists():
        raise Refused(_("Not while an action roll is on its way: it may use it."))


@transaction.atomic
def remove_skill(membership: Membership, character_id, skill_id) -> None:
    character = own_character(membership, character_id)
    _not_in_play(character)
    if skill := character.skills.filter(pk=skill_id).first():
        skill.delete()
        membership.campaign.log(membership.user, said("%(name)s strikes out %(feature)s.",
                                                      name=character.name, feature=skill.name))


@transaction.atomic
def add_boost(membership: Membership, character_id, name: str, applies_to: str, constraints: str, die,
              benefit: str = "") -> Boost:
    """A boost: what it applies to, its constraints, and what it gives: "If the boost provides a
    mechanical benefit that can increase the odds of success ... an additional ability die"; any
    other benefit in words (``die`` None: no die)."""
    character = own_character(membership, character_id)
    if not name:
        raise Refused(_("Name the boost."))
    if die is None and not benefit:
        raise Refused(_("Say what the boost gives: its die, or its benefit in words."))
    boost = Boost.objects.create(character=character, name=name, applies_to=applies_to, constraints=constraints,
                                 die=None if die is None else _die(die), benefit=benefit)
    membership.campaign.log(membership.user, said("%(name)s gains a boost: %(boost)s (d%(size)s).",
                                                  name=character.name, boost=boost.name, size=boost.die)
                            if boost.die else said("%(name)s gains a boost: %(boost)s (%(benefit)s).",
                                                   name=character.name, boost=boost.name, benefit=boost.benefit))
    return boost


@transaction.atomic
def remove_boost(membership: Membership, character_id, boost_id) -> None:
    character = own_character(membership, character_id)
    _not_in_play(character)
    if boost := character.boosts.filter(pk=boost_id).first():
        boost.delete()
        membership.campaign.log(membership.user, said("%(name)s strikes out the boost %(boost)s.",
                                                      name=character.name, boost=boost.name))


@transaction.atomic
def set_gear(membership: Membership, character_id, gear: str) -> Sheet:
    sheet = sheet_of(own_character(membership, character_id), locked=True)
    sheet.gear = gear
    sheet.save(update_fields=["gear"])
    return sheet


@transaction.atomic
def set_grit(gm: Membership, character_id, grit) -> Sheet:
    """The GM corrects grit points (earned by teamwork, spent on a die)."""
    character = Character.objects.filter(campaign=gm.campaign, pk=character_id).first()
    if character is None:
        raise Refused(_("No such character."))
    if grit is None or not 0 <= grit <= 99:
        raise Refused(_("Grit points: a whole number from 0 to 99."))
    sheet = sheet_of(character, locked=True)
    sheet.grit = grit
    sheet.save(update_fields=["grit"])
    gm.campaign.log(gm.user, said("%(name)s's grit points set to %(grit)s.", name=character.name, grit=grit))
    return sheet


@transaction.atomic
def set_dangerous(gm: Membership, on: bool) -> None:
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    campaign.system_options = {**campaign.system_options, "dangerous": on}
    campaign.save(update_fields=["system_options"])
    campaign.log(gm.user, said("Dangerous Encounters: ties go to the director.") if on
                 else said("Dangerous Encounters off: ties go to the player."))


# An action roll ------------------------------------------------------------------------------

@dataclass(frozen=True)
class ActionStart:
    character_id: int
    intent: str
    skill_id: int | None
    """None: an unskilled roll."""
    boost_ids: tuple[int, ...] = ()
    grit: bool = False
    clock_id: int | None = None


def _clock(membership: Membership, clock_id, kinds) -> Clock | None:
    if clock_id is None:
        return None
    clock = (Clock.objects.visible_to(membership).active()
             .filter(campaign=membership.campaign, pk=clock_id, kind__in=[k.value for k in kinds]).first())
    if clock is None:
        raise Refused(_("Choose a clock of this campaign that this roll can tick."))
    return clock


@transaction.atomic
def start_action(membership: Membership, start: ActionStart, key: str) -> Action | Roll:
    """The player states the intent, selects the most relevant skill set (or rolls unskilled) and
    the boosts it invokes ("Ability"); the director sets the rest."""
    if existing := Action.objects.filter(key=key).first():
        return existing  # the same form sent twice
    if made := roll_actions.made_with(membership.campaign, key):
        return made  # sent again once its roll was made: the key starts nothing new
    character = own_character(membership, start.character_id)
    if not start.intent:
        raise Refused(_("Say what you intend to do."))
    skill = None
    if start.skill_id is not None:
        skill = character.skills.filter(pk=start.skill_id).first()
        if skill is None:
            raise Refused(_("That skill is not on this sheet."))
    boosts = list(character.boosts.filter(pk__in=start.boost_ids).values_list("pk", flat=True))
    if len(boosts) != len(set(start.boost_ids)):
        raise Refused(_("Those boosts are not on this sheet."))
    if start.grit and sheet_of(character).grit < rules.GRIT_BUYS_A_DIE:
        raise Refused(_("No grit point to spend."))
    clock = _clock(membership, start.clock_id, PROGRESS_KINDS)
    if clock is not None and not clock.tickable_by(membership):
        raise Refused(_("You may not tick that clock."))
    try:
        with transaction.atomic():
            return Action.objects.create(
                campaign=membership.campaign, character=character, key=key, intent=start.intent, skill=skill,
                boosts=boosts, grit=start.grit, clock=clock, started_by=membership.user)
    except IntegrityError:
        raise Refused(_("%(name)s already has an action roll on its way: roll it first.") % {"name": character.name}) from None


def _locked(membership: Membership, action_id) -> Action:
    action = (Action.objects.select_for_update(of=("self",)).select_related("character", "skill")
              .filter(campaign=membership.campaign, pk=action_id).first())
    if action is None:
        raise Refused(_("That action roll is over."))
    return action


@transaction.atomic
def direct(gm: Membership, action_id, difficulty, position: str, risks: str = "",
           teamwork_difficulty=rules.TEAMWORK_DIFFICULTY, danger_clock_id=None) -> Action:
    """"the director ... advises the player of the difficulty rating, their position, and any
    potential risks and consequences"; and the difficulty of teamwork ("Teamwork"). She may change
    her mind until the dice are rolled."""
    action = _locked(gm, action_id)
    if position not in {p.value for p in rules.Position}:
        raise Refused(_("Choose advantage, no position die, or disadvantage."))
    action.difficulty, action.teamwork_difficulty = _die(difficulty), _die(teamwork_difficulty)
    action.position, action.risks = position, risks
    action.danger_clock = _clock(gm, danger_clock_id, DANGER_KINDS)
    action.save(update_fields=["difficulty", "position", "risks", "teamwork_difficulty", "danger_clock"])
    return action


def ability_pool(action: Action, help_given=None) -> list[tuple[str, int]]:
    """(where it comes from, die size) of the ability pool: the skill's die or d4 unskilled, a die
    per boost invoked, per helpful teamwork, and per grit point spent ("Action Roll")."""
    skill_die = action.skill.die if action.skill else rules.unskilled(rules.Position.NONE)[0]
    pool = [(action.skill.name if action.skill else str(UNSKILLED), skill_die)]
    pool += [(_("Boost: %(boost)s") % {"boost": boost.name}, boost.die)
             for boost in Boost.objects.filter(pk__in=action.boosts) if boost.die]
    for help in help_given if help_given is not None else action.help.select_related("helper"):
        if help.success:
            pool.append((_("Teamwork: %(name)s") % {"name": help.helper.name}, help.die))
    if action.grit:
        pool.append((_("Grit"), skill_die))
    return pool


def benefits(action: Action) -> list[tuple[str, str]]:
    """(boost, benefit) of each boost invoked with a benefit in words: told, not rolled."""
    return [(boost.name, boost.benefit) for boost in Boost.objects.filter(pk__in=action.boosts) if boost.benefit]


def position_of(action: Action) -> rules.Position:
    """The director's position, or disadvantage for an unskilled roll ("Unskilled Action Roll")."""
    return action.rules_position if action.skill_id else rules.unskilled(action.rules_position)[1]


def _quick_roll(membership: Membership, character: Character, skill: Skill | None, difficulty: int, *,
                key: str, goal: str, rng, helps: Action | None = None) -> Roll:
    """"Quick Action Roll": the skill's die (or d4 at disadvantage, unskilled) against the
    difficulty die; success or failure, the effect ignored."""
    die, position = rules.quick_pool(skill.die if skill else None)
    dice = roll_actions.table_dice(rng)
    ability, faces = rules.roll((die,), dice), rules.roll((difficulty,) * position.difficulty_dice, dice)
    success = rules.quick_action(ability[0], faces, position, ties_to_director=dangerous(membership.campaign))
    campaign = membership.campaign
    return Roll.objects.create(
        campaign=campaign, session=campaign.current_session, character=character, rolled_by=membership.user,
        kind=RollKind.QUICK, goal=goal, action=skill.name if skill else str(UNSKILLED), pool_size=1, dice=list(ability),
        dice_sources=[[skill.name if skill else str(UNSKILLED), die]], idempotency_key=key, outcome="success" if success else "failure",
        choices=rules.RollChoices(difficulty, position, dangerous(campaign), helps=helps.pk if helps else None,
                                  helped=helps.character.name if helps else "").to_data(),
        result=rules.QuickRollResult(faces, rules.difficulty_result(faces, position), success).to_data())


def may_help(action: Action, characters) -> list[Character]:
    """Which of ``characters`` may still help with ``action`` ("Teamwork"): not its roller, not
    one who helped already, not one with an action roll of their own on its way (helping gives up
    one's own action)."""
    helped = {help.helper_id for help in action.help.all()}
    busy = set(Action.objects.filter(campaign=action.campaign_id).values_list("character", flat=True))
    return [c for c in characters if c.pk != action.character_id and c.pk not in helped and c.pk not in busy]


@transaction.atomic
def help_action(membership: Membership, action_id, helper_id, skill_id, rng: random.Random | None = None) -> Help:
    """"Teamwork": the helper, giving up their own action, rolls a quick action roll against the
    difficulty the director set for it; a success adds the helper's skill die to the roller's
    pool and earns the helper 1 grit point; a failure, nothing."""
    action = _locked(membership, action_id)
    helper = own_character(membership, helper_id)
    if helper.pk == action.character_id:
        raise Refused(_("Help someone else: your own roll takes your action."))
    if action.difficulty is None:
        raise Refused(_("Wait for the director to set the difficulty, teamwork's included."))
    if existing := Help.objects.filter(action=action, helper=helper).first():
        return existing  # a double tap
    if Action.objects.filter(character=helper).exists():
        raise Refused(_("%(name)s has an action roll of their own on its way: helping would give it up. Roll it or "
                        "take it back first.") % {"name": helper.name})
    skill = helper.skills.filter(pk=skill_id).first() if skill_id is not None else None
    if skill_id is not None and skill is None:
        raise Refused(_("That skill is not on this sheet."))
    roll = _quick_roll(membership, helper, skill, action.teamwork_difficulty, key=f"{action.key}-help-{helper.pk}",
                       goal=filled(HELPING, name=action.character.name), rng=rng, helps=action)
    success = roll.outcome == "success"
    if success:
        sheet = sheet_of(helper, locked=True)
        sheet.grit += rules.TEAMWORK_GRIT
        sheet.save(update_fields=["grit"])
    return Help.objects.create(action=action, helper=helper, die=roll.dice_sources[0][1], success=success, roll=roll)


def _tick(membership: Membership, clock_id, outcome: rules.ActionResult, roll: Roll) -> rules.ClockTicked | None:
    """A success ticks its clock, a failure the director's, by the effect level (``CLOCK_TICKS``)."""
    if clock_id is None:
        return None
    clock = Clock.objects.select_related("character", "campaign").locked(pk=clock_id, campaign=membership.campaign)
    if clock.archived:
        return None
    moved = clock.moved_by_roll(outcome.effect.ticks, success=outcome.success)
    skill = said("Unskilled") if roll.choices.get("unskilled") else roll.action  # said in each reader's language
    reason = said("%(name)s's %(action)s: %(result)s", name=roll.character.name, action=skill,
                  result=outcome.in_a_sentence)
    change = record_change(membership, clock, clock.filled + moved, reason, roll=roll)
    return rules.ClockTicked(clock.pk, change.after - change.before) if change else None


@transaction.atomic
def roll_action(membership: Membership, action_id, rng: random.Random | None = None) -> Roll:
    """"All rolls are performed by the player who rolls both dice pools": the highest ability die
    against the difficulty die read by position; the action is then in the log, and over."""
    action = _locked(membership, action_id)
    if not action.character.editable_by(membership):
        raise Refused(_("Only its player rolls this action."))
    if action.difficulty is None:
        raise Refused(_("The director has not set the difficulty yet."))
    help_given = list(action.help.select_related("helper"))
    pool = ability_pool(action, help_given)
    if len(pool) > rules.MOST_POOL:
        raise Refused(_("At most %(most)s ability dice.") % {"most": rules.MOST_POOL})
    if action.grit:
        sheet = sheet_of(action.character, locked=True)
        if sheet.grit < rules.GRIT_BUYS_A_DIE:
            raise Refused(_("No grit point left to spend: take the grit die out."))
        sheet.grit -= rules.GRIT_BUYS_A_DIE
        sheet.save(update_fields=["grit"])
    position = position_of(action)
    dice = roll_actions.table_dice(rng)
    ability = rules.roll([size for _, size in pool], dice)
    faces = rules.roll((action.difficulty,) * position.difficulty_dice, dice)
    outcome = rules.read_action(ability, faces, position, ties_to_director=dangerous(membership.campaign))
    campaign = membership.campaign
    roll = Roll.objects.create(
        campaign=campaign, session=campaign.current_session, character=action.character, rolled_by=membership.user,
        kind=RollKind.ABILITY, goal=action.intent, action=action.skill.name if action.skill else str(UNSKILLED),
        pool_size=len(pool), dice=list(ability), dice_sources=[[source, size] for source, size in pool],
        idempotency_key=action.key, outcome="success" if outcome.success else "failure",
        choices=rules.RollChoices(
            action.difficulty, position, dangerous(campaign), action=action.pk, risks=action.risks,
            unskilled=action.skill_id is None, grit=action.grit, benefits=tuple(benefits(action)),
            teamwork=tuple(rules.TeamworkDie(h.helper.name, h.die, h.success) for h in help_given)).to_data(),
        result=rules.ActionRollResult.of(outcome).to_data())
    ticked = _tick(membership, action.clock_id if outcome.success else action.danger_clock_id, outcome, roll)
    if ticked:
        roll.result = rules.ActionRollResult.of(outcome).with_tick(ticked).to_data()
        roll.save(update_fields=["result"])
    action.delete()
    return roll


@transaction.atomic
def withdraw(membership: Membership, action_id) -> None:
    """Taken back before the roll; teamwork already rolled stays in the log, its grit earned."""
    action = _locked(membership, action_id)
    if not action.character.editable_by(membership):
        raise Refused(_("Only its player takes it back."))
    action.delete()


@transaction.atomic
def quick_roll(membership: Membership, character_id, skill_id, difficulty, goal: str, key: str,
               rng: random.Random | None = None) -> Roll:
    """A quick action roll on its own, for the director's simple checks ("Quick Action Roll")."""
    if existing := roll_actions.made_with(membership.campaign, key):
        return existing
    character = own_character(membership, character_id)
    if not goal:
        raise Refused(_("Say what the roll is for."))
    skill = character.skills.filter(pk=skill_id).first() if skill_id is not None else None
    if skill_id is not None and skill is None:
        raise Refused(_("That skill is not on this sheet."))
    return _quick_roll(membership, character, skill, _die(difficulty), key=key, goal=goal, rng=rng)
