"""Making rolls and applying what they change. Each function is one transaction: it locks every
character involved (in primary-key order, so two rolls never wait on each other in a circle),
checks what it may do against the locked rows, and records everything or nothing. A repeated
idempotency key (a double submit, a second tab) returns the roll already made."""

import random
from dataclasses import dataclass, field, replace

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, ngettext, pgettext

from campaign.models import (
    Campaign,
    HookDraw,
    Membership,
    ResourcePool,
    WorldTable,
    bearing_on_a_roll,
)
from characters.actions import add_clock, end_goal, tick_goal
from characters.models import Asset, AssetSource, Attachment, Character, Goal, Spell
from clocks.actions import create_clock, record_change
from clocks.models import Clock, ClockChange
from core.refused import Refused
from core.templatetags.words import action as action_word
from core.templatetags.words import action_phrase
from gamerules.action_roll import (
    ActionRollChoices,
    ActionRollPlan,
    AssetBenefit,
    Helper,
    PushBenefit,
    Refusal,
    SetupBenefit,
    effect_before_critical,
    escalation_errors,
    flashback_errors,
    plan_action_roll,
    resolve_action_roll,
    setup_succeeded,
)
from gamerules.aftermath import (
    Aftermath,
    InflictedConsequence,
    OpposedFortune,
    ProgressTick,
    StressTaken,
)
from gamerules.assets import assets_found
from gamerules.attachments import REPAIR_CLOCK_SEGMENTS, break_errors
from gamerules.charge import Effect, Outcome, PoolRoll, Risk, roll_pool
from gamerules.clocks import ClockKind, size_errors
from gamerules.consequences import (
    Consequence,
    ConsequenceKind,
    Resistance,
    determination_errors,
    resistance,
    resisted,
)
from gamerules.dials import Extra, ExtraDial, Ruleset
from gamerules.economy import Trade, market_pool, market_state
from gamerules.economy import spend_errors as spend_money_errors
from gamerules.fortune import OpposedResult
from gamerules.goals import Resolution, advance_ticks, resolution, resolved_dots
from gamerules.magic import SpellBenefit, charged_level, spell_bonus
from gamerules.progression import TalentKind
from gamerules.resources import roll_retained
from gamerules.threat import MOST_THREAT_DICE, roll_threatened
from gamerules.words import in_a_row, lowered, said, said_n
from gamerules.world import Card, draw_hooks, roll_mission
from rolls.models import PendingRoll, Roll, RollKind, Threat, by_wording, new_key

SYSTEM_RANDOM = random.SystemRandom()
"""Where the table's dice come from. Tests replace it, or pass their own ``rng``."""


def either(choices) -> str:
    """"Shoot or Study": a choice of one among a few, said in the reader's language."""
    word = pgettext("between alternatives", "or")
    return f" {word} ".join(map(str, choices))


def _not_an_action(action: str) -> str:
    if action:
        return gettext("%(action)s is not an action in this campaign.") % {"action": action_word(action)}
    return gettext("That is not an action in this campaign.")


def table_dice(rng: random.Random | None) -> random.Random:
    """The dice a roll is thrown with: those given (tests, the demo), or the table's."""
    return rng or SYSTEM_RANDOM


@dataclass(frozen=True)
class ActionRollRequest:
    """What the wizard collected, by database ids; checked again against the locked rows."""

    character_id: int
    action: str
    goal: str = ""
    risk: Risk = Risk.MODERATE
    effect: Effect = Effect.STANDARD
    pushes: tuple[PushBenefit, ...] = ()
    helper_ids: tuple[int, ...] = ()
    tension: str = ""
    talent_ids: tuple[int, ...] = ()
    asset: AssetBenefit | None = None
    asset_id: int | None = None
    setup_from: int | None = None
    last_standing: bool = False
    cap_lifted: bool = False
    flashback_cost: int = 0
    is_setup: bool = False
    project_id: int | None = None
    threat: int = 0
    """The threat pool the roller saw: a roll is made only against the threats they read."""
    disposition: int = 0
    """The party disposition the roller saw bear on the roll (Party Extra)."""
    disposition_for_effect: bool = False
    burned_progress: int = 0
    resources: tuple[tuple[int, int], ...] = ()
    """(resource id, points) spent for +1d6 each (Resource Pool Extra)."""
    spell_id: int | None = None
    """A readied spell that helps this roll (Magic Extra), and what the player takes from it."""
    spell_benefit: SpellBenefit | None = None
    extra: dict = field(default_factory=dict)


def _lock(character_ids) -> dict[int, Character]:
    rows = (Character.objects.select_for_update(of=("self",)).select_related("campaign")
            .filter(pk__in=set(character_ids)).order_by("pk"))
    return {character.pk: character for character in rows}


def _lock_own_character(membership: Membership, character_id, refusal: str) -> Character:
    """The character, locked, if this member may act for it; otherwise the refusal."""
    character = _lock({character_id}).get(character_id)
    if character is None or character.campaign_id != membership.campaign_id or not character.editable_by(membership):
        raise Refused(refusal)
    return character


def _setup_benefit(campaign, roll_id, roller: Character) -> SetupBenefit | None:
    """A teammate's successful setup roll in this campaign, and the benefit its player chose:
    "any member of the team who follows through" gets it ("Set up"), not the one who set up."""
    if not roll_id:
        return None
    setup = Roll.objects.filter(campaign=campaign, pk=roll_id, kind=RollKind.SETUP).first()
    if setup and setup.character_id == roller.pk:
        raise Refused(gettext("%(name)s set this up: a teammate follows through on it.") % {"name": roller.name})
    benefit = setup.aftermath.setup_benefit if setup else None
    if benefit is None:
        raise Refused(gettext("That setup has no benefit to give (it failed, or its player has not chosen)."))
    return benefit


def rules_choices(membership: Membership, request: ActionRollRequest,
                  characters: dict[int, Character], pending: PendingRoll | None) -> ActionRollChoices:
    """The gamerules choices for a request, read from the characters as they are now."""
    campaign = membership.campaign
    roller = characters.get(request.character_id)
    if roller is None or roller.campaign_id != campaign.pk:
        raise Refused(gettext("Choose a character of this campaign."))
    if not roller.editable_by(membership):
        raise Refused(gettext("%(name)s is another player's character: they roll for them.") % {"name": roller.name})
    if request.action not in campaign.rules.action_names:
        raise Refused(_not_an_action(request.action))
    if request.action and roller.lost_action == request.action:
        raise Refused(gettext("Lost opportunity: %(action)s did not work. Try another action.") % {"action": action_word(request.action)})
    helpers = []
    for helper_id in request.helper_ids:
        helper = characters.get(helper_id)
        if helper is None or helper.campaign_id != campaign.pk or helper_id == roller.pk:
            raise Refused(gettext("A helper must be another character of this campaign."))
        if not helper.may_assist(roller, membership):
            raise Refused(gettext("%(helper)s's player has not offered to assist %(roller)s: "
                                  "they tap “Assist %(roller)s” on their screen first.")
                          % {"helper": helper.name, "roller": roller.name})
        helpers.append(Helper(str(helper.pk), helper.momentum, helper.name, helper.taken_out))
    if request.project_id is not None:
        _workable_project(membership, roller, request.project_id)
    if (request.asset is None) != (request.asset_id is None) or (
            request.asset_id is not None and not roller.assets.filter(pk=request.asset_id,
                                                                  spent_by__isnull=True).exists()):
        raise Refused(gettext("Use an asset %(name)s holds and has not spent.") % {"name": roller.name})
    _check_risk_and_effect(membership, request, roller, pending)
    if errors := escalation_errors(request.risk, roller.escalated_for(request.action),
                                   membership.is_gm, campaign.wording):
        raise Refused(errors[0])
    own = {t.pk: t for t in roller.talents.all()}
    if any(talent_id not in own for talent_id in request.talent_ids):
        raise Refused(gettext("Only %(name)s's own talents apply.") % {"name": roller.name})
    talents = {pk: TalentKind(t.kind) for pk, t in own.items()}
    if request.cap_lifted and not membership.is_gm:
        raise Refused(gettext("Only a GM lifts the cap on bonus dice."))
    cast = pending.spell if pending is not None and pending.spell_id and campaign.rules.has(Extra.MAGIC) else None
    if cast is not None:
        _castable(campaign, roller, cast, request.action)
    helping = _helping_spell(campaign, request, cast)
    return ActionRollChoices(
        rating=roller.rating(_rolled_action(request, own)), momentum=roller.momentum, risk=request.risk,
        effect=request.effect, pushes=request.pushes, helpers=tuple(helpers),
        tension=bool(request.tension.strip()),
        talents=tuple(talents[t] for t in request.talent_ids if talents[t].changes_roll),
        asset=request.asset, setup=_setup_benefit(campaign, request.setup_from, roller),
        risk_improved=roller.better_risk_next, taken_out=roller.taken_out,
        last_standing=request.last_standing, flashback_cost=request.flashback_cost,
        flashback_most=campaign.rules.flashback_most, cap_lifted=request.cap_lifted,
        disposition=int(bearing_on_a_roll(campaign, pending.party_details if pending else [])[1]),
        disposition_for_effect=request.disposition_for_effect,
        progress=progress.filled if (progress := party_progress(campaign)) else 0,
        burned_progress=request.burned_progress,
        resource_dice=sum(points for _, _, points in spent_resources(campaign, roller, request.resources)),
        spell_cost=cast.momentum_cost if cast else 0,
        spell=spell_bonus(helping.rules_charge, request.spell_benefit) if helping else None)


def _castable(campaign, caster: Character, spell: Spell, action: str) -> None:
    """A spell of the caster's, cast with one of its actions, within its casting limit ("The Magic
    Dial", "The Cost of Magic")."""
    if not campaign.rules.has(Extra.MAGIC):
        raise Refused(gettext("This campaign does not use magic (the Magic extra)."))
    if spell.character_id != caster.pk:
        raise Refused(gettext("%(name)s casts only their own spells.") % {"name": caster.name})
    if action not in spell.actions:
        said = (gettext("%(spell)s is cast with %(actions)s, not %(action)s.") if action
                else gettext("%(spell)s is cast with %(actions)s, not that."))
        raise Refused(said % {"spell": spell.name, "actions": either(map(action_word, spell.actions)),
                              "action": action_word(action)})
    session = campaign.current_session
    if errors := spell.casting_errors(campaign.day, session.pk if session else None):
        raise Refused(errors[0])


def _helping_spell(campaign, request: ActionRollRequest, cast: Spell | None) -> Spell | None:
    """A readied spell of the campaign's that helps the roll, with a benefit its effect gives
    ("The effect of magic")."""
    if request.spell_id is None:
        return None
    spell = (Spell.objects.filter(pk=request.spell_id, character__campaign=campaign).first()
             if campaign.rules.has(Extra.MAGIC) else None)
    if spell is None or not spell.charge:
        raise Refused(gettext("That spell is not ready: cast it first."))
    if cast is not None and cast.pk == spell.pk:
        raise Refused(gettext("%(spell)s cannot help its own casting.") % {"spell": spell.name})
    if request.spell_benefit not in spell.benefits():
        choices = either(benefit.label(campaign.wording) for benefit in spell.benefits())
        raise Refused(gettext("%(spell)s gives %(choices)s.") % {"spell": spell.name, "choices": choices})
    return spell


def spent_resources(campaign, roller: Character, spent, locked: bool = False) -> list:
    """(resource, pool, points) for each resource spent on a roll, checked against its pool: the
    party's for a shared one, the roller's own for a personal one ("Resource Pool Extra")."""
    chosen = [(resource_id, points) for resource_id, points in spent if points]
    if not chosen:
        return []
    if not campaign.rules.has(Extra.RESOURCE_POOL):
        raise Refused(gettext("This campaign has no resource pools (the Resource Pool extra)."))
    resources = {r.pk: r for r in campaign.resources.filter(pk__in=[pk for pk, _ in chosen], spend="die")}
    result = []
    for resource_id, points in chosen:
        resource = resources.get(resource_id)
        if resource is None:
            raise Refused(gettext("Spend a resource that adds dice to a roll."))
        pools = ResourcePool.objects.select_for_update(of=("self",)) if locked else ResourcePool.objects
        pool = pools.filter(resource=resource, character=None if resource.shared else roller).first()
        if errors := resource.as_rule().spend_errors(pool.points if pool else 0, points):
            raise Refused(errors[0])
        result.append((resource, pool, points))
    return result


def party_progress(campaign, locked: bool = False) -> Clock | None:
    """The party's progress clock, whose filled segments burn as momentum (Party Extra)."""
    if not campaign.rules.has(Extra.PARTY):
        return None
    clocks = Clock.objects.select_for_update() if locked else Clock.objects
    return clocks.filter(campaign=campaign, party=True, kind="progress", archived=False).first()


def _check_risk_and_effect(membership: Membership, request: ActionRollRequest, roller: Character,
                           pending: PendingRoll | None) -> None:
    """The GM sets the risk and the effect ("Action Roll"), on the roll on its way; the roll is
    made with what the roller last saw of them."""
    wording = membership.campaign.wording
    if pending is None and membership.is_gm:
        return  # the GM sets them as they roll
    if pending is None or pending.character_id != roller.pk or pending.action != request.action:
        said = (gettext("Start %(name)s's %(action)s roll first: choose the goal and the action.") if request.action
                else gettext("Start %(name)s's action roll first: choose the goal and the action."))
        raise Refused(said % {"name": roller.name, "action": action_word(request.action)})
    if not pending.is_set:
        raise Refused(waiting_for_the_gm(wording))
    if (request.risk, request.effect) != (pending.rules_risk, pending.rules_effect):
        said = by_wording(wording, gettext("The GM changed the risk and the effect: now %(risk)s risk, %(effect)s effect. "
                                           "Roll again if you agree."),
                          gettext("The GM changed the position and the effect: now %(risk)s position, %(effect)s "
                                  "effect. Roll again if you agree."))
        raise Refused(said % {"risk": str(pending.rules_risk.label(wording)).lower(),
                              "effect": str(pending.rules_effect.label).lower()})


def waiting_for_the_gm(wording) -> str:
    """Why a player cannot roll yet: the GM has not set the risk and the effect."""
    return by_wording(wording, gettext("Waiting for the GM to set the risk and the effect."),
                      gettext("Waiting for the GM to set the position and the effect."))


def _rolled_action(request: ActionRollRequest, talents: dict) -> str:
    """The action whose dots are rolled: the chosen one, or another that a talent "use [action]
    instead of [action] when ___" puts in its place ("Milestone": situational talents)."""
    swaps = [talents[pk] for pk in request.talent_ids if talents[pk].kind == TalentKind.ACTION_SWAP.value]
    if not swaps:
        return request.action
    if len(swaps) > 1 or swaps[0].instead_of != request.action:
        raise Refused(gettext("That talent replaces %(replaced)s, not %(action)s: choose one talent that replaces "
                              "the action you roll.") % {"replaced": action_word(swaps[0].instead_of),
                                                         "action": action_word(request.action)})
    return swaps[0].action


def _workable_project(membership: Membership, character: Character, clock_id: int) -> Clock:
    """Once per session, a character "can make an action roll to work on" a long-term project
    ("Long-term Projects"), if whoever rolls may tick it."""
    clock = Clock.objects.filter(pk=clock_id, character=character, kind="project", archived=False).first()
    if clock is None or not clock.tickable_by(membership):
        raise Refused(gettext("Choose one of the character's projects that you may tick."))
    session = character.campaign.current_session
    if session is None:
        raise Refused(gettext("Projects are worked on during a session: none is running."))
    if clock.worked_in_id == session.pk:
        raise Refused(gettext("%(name)s already worked on %(clock)s in %(session)s.") % {
            "name": character.name, "clock": clock.name, "session": session})
    return clock


def plan(membership: Membership, request: ActionRollRequest, pending: PendingRoll | None,
         characters: dict[int, Character]) -> ActionRollPlan | Refusal:
    """The odds and costs of a request without rolling (the wizard's odds partial), with the
    characters as the wizard loaded them."""
    try:
        choices = rules_choices(membership, request, characters, pending)
    except Refused as refusal:
        return Refusal((str(refusal),))
    return plan_action_roll(choices, membership.campaign.rules.extras)


def made_with(campaign, key) -> Roll | None:
    """The roll a key already made: whatever sends that key again (a double submit, a re-sent
    step, a second tab) lands on it, and nothing new starts with the key."""
    roll = Roll.objects.filter(idempotency_key=key).first()
    if roll and roll.campaign_id != campaign.pk:
        raise Refused(gettext("That roll belongs elsewhere."))
    return roll


def _record(key, **fields) -> Roll:
    try:
        with transaction.atomic():
            return Roll.objects.create(idempotency_key=key, **fields)
    except IntegrityError:
        # The same submission landed a moment ago; it already did everything.
        return Roll.objects.get(idempotency_key=key)


@transaction.atomic
def make_action_roll(membership: Membership, request: ActionRollRequest, key: str,
                     rng: random.Random | None = None) -> Roll:
    """Roll an action: pay the momentum, roll, gain momentum by the dial, record it all."""
    campaign = membership.campaign
    characters = _lock({request.character_id, *request.helper_ids})
    if existing := made_with(campaign, key):
        return existing
    pending = PendingRoll.objects.select_for_update().filter(character_id=request.character_id).first()
    progress = party_progress(campaign, locked=True) if request.burned_progress else None
    choices = rules_choices(membership, request, characters, pending)
    rules = campaign.rules
    planned = plan_action_roll(choices, rules.extras)
    if isinstance(planned, Refusal):
        raise Refused(" ".join(map(str, planned.reasons)))
    spending = spent_resources(campaign, characters[request.character_id], request.resources, locked=True)
    bearing, disposition = bearing_on_a_roll(campaign, pending.party_details if pending else [])
    if int(disposition) != request.disposition:
        raise Refused(gettext("The GM changed the party details that bear on this roll (now %(disposition)s). "
                              "Roll again if you agree.") % {"disposition": str(disposition.label).lower()})
    threats = pending.applied_threats() if pending is not None and rules.has(Extra.THREAT_LEVEL) else []
    threat = _threat_pool(threats, request.threat)
    threat_rolled = None
    if threat:  # "the player also rolls the number of dice equal to the Threat Level rating at the same time"
        threatened = roll_threatened(planned.pool_size, threat, table_dice(rng), rules.threat_rule)
        pool = PoolRoll(threatened.action, planned.pool_size, threatened.outcome)
        threat_rolled = {"sources": [str(t) for t in threats], "dice": list(threatened.threat),
                         "left": list(threatened.left), "rule": threatened.rule.value}
    else:
        pool = roll_pool(planned.pool_size, table_dice(rng))
    result = resolve_action_roll(planned, pool, Ruleset(campaign.ruleset), rules.momentum)

    roller = characters[request.character_id]
    momentum = {roller.pk: [roller.momentum, roller.momentum - planned.roller_cost + result.momentum_gained]}
    for helper_id, (_, cost) in zip(request.helper_ids, planned.helper_costs, strict=True):
        helper = characters[helper_id]
        momentum[helper.pk] = [helper.momentum, helper.momentum - cost]
        helper.assisting = None  # the offer is spent on this roll
    for character_id, (_, after) in momentum.items():
        characters[character_id].momentum = after
    roller.better_risk_next = False if choices.risk_improved else roller.better_risk_next
    if roller.lost_action and roller.lost_action != request.action:
        roller.lost_action = ""  # a new approach: the lost opportunity is behind them
    for character in characters.values():
        character.save(update_fields=["momentum", "better_risk_next", "escalated_action", "lost_action",
                                      "assisting"])

    roll = _record(
        key, campaign=campaign, session=campaign.current_session, character=roller,
        rolled_by=membership.user, kind=RollKind.SETUP if request.is_setup else RollKind.ACTION,
        goal=request.goal, action=request.action, pool_size=planned.pool_size,
        dice_sources=list(planned.dice_sources), dice=list(pool.dice), outcome=result.outcome.value,
        risk=int(planned.risk), effect=int(result.effect), consequence_rating=result.consequence_rating,
        momentum={str(k): v for k, v in momentum.items()},
        choices={"risk": int(request.risk), "effect": int(request.effect),
                 "pushes": [p.value for p in request.pushes], "helpers": list(request.helper_ids),
                 "tension": request.tension, "talents": list(request.talent_ids),
                 "asset": request.asset.value if request.asset else None,
                 "setup_from": request.setup_from, "last_standing": request.last_standing,
                 "cap_lifted": request.cap_lifted, "flashback_cost": request.flashback_cost,
                 "momentum_gained": result.momentum_gained, "project": request.project_id,
                 "threat": threat_rolled,
                 "party": {"details": [f"{d.text} ({d.rules_concept.label})" for d in bearing],
                           "disposition": int(disposition), "for_effect": request.disposition_for_effect,
                           "burned": planned.progress_burned} if bearing or planned.progress_burned else None})
    if spending:
        roll.choices["resources"] = _spend_resources(spending, table_dice(rng))
        roll.save(update_fields=["choices"])
    if planned.progress_burned:  # "spend filled segments of the progress clock as momentum"
        record_change(membership, progress, progress.filled - planned.progress_burned,
                      said_n("%(name)s burned %(count)s progress as momentum",
                             "%(name)s burned %(count)s progress as momentum", planned.progress_burned,
                             name=roller.name, count=planned.progress_burned), roll=roll)
    if request.asset_id is not None:
        Asset.objects.filter(pk=request.asset_id, spent_by__isnull=True).update(spent_by=roll)
    if magic := _magic(membership, roll, roller, pending, request, planned, result):
        roll.choices["magic"] = magic
        roll.save(update_fields=["choices"])
    if pending is not None:
        pending.delete()  # rolled: no longer on its way
    return roll


def _magic(membership, roll: Roll, caster: Character, pending: PendingRoll | None, request: ActionRollRequest,
           planned: ActionRollPlan, result) -> dict:
    """What the roll did with spells: the spell it cast pays its stress and, without a ritual to
    fill, is readied at the roll's effect; the readied spell that helped it is used up, and its
    ritual clock empties for the next casting."""
    magic = {}
    campaign = membership.campaign
    if request.spell_id is not None:
        helped = Spell.objects.select_for_update().get(pk=request.spell_id)
        if not helped.charge:
            raise Refused(gettext("%(spell)s helped another roll a moment ago.") % {"spell": helped.name})
        magic["helped"] = {"id": helped.pk, "name": helped.name, "level": helped.charge,
                           "benefit": request.spell_benefit.value}
        helped.charge = None
        helped.save(update_fields=["charge"])
        if helped.ritual_id is not None:
            record_change(membership, Clock.objects.select_related("campaign").locked(pk=helped.ritual_id), 0,
                          said("%(spell)s took effect", spell=helped.name), roll=roll)
    if pending is None or not pending.spell_id or not campaign.rules.has(Extra.MAGIC):
        return magic
    spell = Spell.objects.select_for_update().get(pk=pending.spell_id)
    session = campaign.current_session
    spell.times_cast += 1
    spell.cast_day, spell.cast_session = campaign.day, session
    readied = None
    if spell.ritual_id is None:
        readied = charged_level(effect_before_critical(planned, result, Ruleset(campaign.ruleset)),
                                result.outcome, roll.dice.count(6))
        spell.charge = int(readied) if readied else spell.charge
    spell.save(update_fields=["times_cast", "cast_day", "cast_session", "charge"])
    if spell.stress_cost:  # "Drawbacks (... take stress)"
        caster.take_stress(spell.stress_cost)
        caster.save(update_fields=["stress", "taken_out", "scars", "condition"])
    magic["cast"] = {"id": spell.pk, "name": spell.name, "charge": int(readied) if readied else None,
                     "ritual": spell.ritual_id is not None, "stress": spell.stress_cost,
                     "momentum": spell.momentum_cost}
    return magic


def _spend_resources(spending, rng) -> list[dict]:
    """Take the points spent off their pools; a resource that retains rolls a d6 per point and
    gives one back on each 5-6 ("Retain 1 Resource spent during an action roll")."""
    said = []
    for resource, pool, points in spending:
        dice, back = roll_retained(points, rng) if resource.retained else ((), 0)
        pool.points -= points - back
        pool.save(update_fields=["points"])
        said.append({"name": resource.name, "spent": points, "dice": list(dice), "back": back})
    return said


def _threat_pool(threats, seen: int) -> int:
    """The threat pool of the threats that apply, as the roller read it."""
    threat = sum(t.rating for t in threats)
    if threat != seen:
        now = ", ".join(map(str, threats)) or gettext("none")
        raise Refused(gettext("The GM changed the threats that apply (now: %(threats)s). Roll again if you agree.")
                      % {"threats": now})
    return threat


@dataclass(frozen=True)
class RollStart:
    """The wizard's first step ("Action Roll": the player sets the goal), or a GM's call."""

    character_id: int
    action: str
    goal: str = ""
    setup: bool = False
    flashback_cost: int = 0
    project_id: int | None = None
    spell_id: int | None = None
    """The spell the roll casts (Magic Extra)."""


@transaction.atomic
def start_roll(membership: Membership, start: RollStart, key: str) -> PendingRoll | Roll:
    """Put a roll on its way, or change the goal and action of the one already on its way for
    this character. A new action needs the GM's risk and effect again; Quick Charge reads them
    from the dice ("Quick Charge"), so its rolls are ready at once. A key that already made a
    roll starts nothing: the answer is that roll."""
    campaign = membership.campaign
    character = _lock({start.character_id}).get(start.character_id)
    if made := made_with(campaign, key):
        return made
    if character is None or character.campaign_id != campaign.pk or not character.editable_by(membership):
        raise Refused(gettext("Roll for a character of yours in this campaign."))
    if start.action not in campaign.rules.action_names:
        raise Refused(_not_an_action(start.action))
    if start.project_id is not None:
        _workable_project(membership, character, start.project_id)
    spell = None
    if start.spell_id is not None:
        spell = Spell.objects.filter(pk=start.spell_id).first()
        if spell is None:
            raise Refused(gettext("That spell is gone."))
        _castable(campaign, character, spell, start.action)
    if errors := flashback_errors(start.flashback_cost, character.momentum, campaign.rules.flashback_most):
        raise Refused(errors[0])
    pending = PendingRoll.objects.select_for_update().filter(character=character).first()
    if pending is None:
        if PendingRoll.objects.filter(key=key).exists():
            key = new_key()  # the form sent again for another character: a roll of its own
        pending = PendingRoll(campaign=campaign, character=character, key=key, started_by=membership.user)
    elif pending.action != start.action:
        pending.risk = pending.effect = None  # the GM sets them for the new action
    pending.action, pending.goal, pending.setup = start.action, start.goal[:300], start.setup
    pending.flashback_cost, pending.project_id = start.flashback_cost, start.project_id
    if pending.pk and pending.spell_id != start.spell_id:
        pending.risk = pending.effect = None  # a spell starts the risk and the effect afresh
    pending.spell = spell
    if campaign.quick:
        pending.risk, pending.effect = int(pending.suggested_risk()), int(Effect.NONE)
    pending.save()
    return pending


@transaction.atomic
def call_for_roll(gm: Membership, start: RollStart, risk: Risk | None, effect: Effect | None) -> PendingRoll:
    """The GM calls for a roll, and may set its risk and effect at once; the player then evens
    the odds."""
    pending = start_roll(gm, start, new_key())
    pending.called = True
    if risk is not None and effect is not None and not gm.campaign.quick:
        pending.risk, pending.effect = int(risk), int(effect)
    pending.save()
    return pending


def _locked_pending(membership: Membership, pending_id) -> PendingRoll:
    try:
        return (PendingRoll.objects.select_related("character", "campaign")
                .locked(pk=pending_id, campaign=membership.campaign))
    except PendingRoll.DoesNotExist:
        raise Refused(gettext("That roll was made or withdrawn a moment ago.")) from None


@transaction.atomic
def set_risk_and_effect(gm: Membership, pending_id, risk: Risk, effect: Effect,
                        threat_ids=None, party_detail_ids=None) -> PendingRoll:
    """The GM sets the risk and the effect of a roll on its way ("Action Roll"), and with the
    Threat Level extra the threats that apply, with the Party extra the party details that bear
    on it (``None``: as they were)."""
    if not gm.is_gm:
        raise Refused(gettext("The GM sets the risk and the effect."))
    pending = _locked_pending(gm, pending_id)
    if gm.campaign.quick:
        raise Refused(gettext("Quick Charge reads the risk and the effect from the dice."))
    pending.risk, pending.effect = int(risk), int(effect)
    # The mission's first roll has its risk: the mission roll's start is used up.
    HookDraw.objects.filter(campaign=gm.campaign_id, start_pending=True).update(start_pending=False)
    if threat_ids is not None:
        _apply_threats(gm, pending, threat_ids)
    if party_detail_ids is not None:
        chosen = set(party_detail_ids)
        if not gm.campaign.rules.has(Extra.PARTY) or gm.campaign.party_details.filter(pk__in=chosen).count() != len(chosen):
            raise Refused(gettext("Choose details of this campaign's party sheet."))
        pending.party_details = sorted(chosen)
    pending.save(update_fields=["risk", "effect", "threats", "party_details"])
    return pending


@transaction.atomic
def apply_threats(gm: Membership, pending_id, threat_ids) -> PendingRoll:
    """The GM says which threats bear on a roll on its way ("when the threat can be tied to a
    reason why that roll might be impacted"); their ratings make its threat pool."""
    if not gm.is_gm:
        raise Refused(gettext("The GM says which threats apply."))
    pending = _locked_pending(gm, pending_id)
    _apply_threats(gm, pending, threat_ids)
    pending.save(update_fields=["threats"])
    return pending


def _apply_threats(gm: Membership, pending: PendingRoll, threat_ids) -> None:
    if not gm.campaign.rules.has(Extra.THREAT_LEVEL):
        raise Refused(gettext("This campaign does not use threats (the Threat Level extra)."))
    chosen = set(threat_ids)
    threats = list(Threat.objects.filter(campaign=gm.campaign, pk__in=chosen).facing(pending.character_id))
    if len(threats) != len(chosen):
        raise Refused(gettext("Choose threats on the scene or on %(name)s.") % {"name": pending.character.name})
    if sum(t.rating for t in threats) > MOST_THREAT_DICE:
        raise Refused(ngettext("A threat pool has at most %(count)s die here: apply fewer threats.",
                               "A threat pool has at most %(count)s dice here: apply fewer threats.",
                               MOST_THREAT_DICE) % {"count": MOST_THREAT_DICE})
    pending.threats = sorted(chosen)


@transaction.atomic
def add_threat(gm: Membership, source: str, rating: int, character_id: int | None) -> Threat:
    """A threat in play: "the source must be clearly identified", with its rating (1-3 suggested,
    not a cap), on the scene or on one character."""
    source = source.strip()
    if not gm.is_gm:
        raise Refused(gettext("The GM sets threats."))
    if not gm.campaign.rules.has(Extra.THREAT_LEVEL):
        raise Refused(gettext("This campaign does not use threats (the Threat Level extra)."))
    if not source:
        raise Refused(gettext("Name the threat's source, so that nobody has to guess what it affects."))
    if not 1 <= rating <= MOST_THREAT_DICE:
        raise Refused(gettext("A threat's rating is 1 to %(most)s (1-3 suggested).") % {"most": MOST_THREAT_DICE})
    character = None
    if character_id is not None:
        character = gm.campaign.characters.filter(pk=character_id).first()
        if character is None:
            raise Refused(gettext("Put the threat on the scene or on a character of this campaign."))
    Campaign.objects.locked(pk=gm.campaign_id)  # two taps at once: the second finds the first
    if Threat.objects.filter(campaign=gm.campaign, character=character, source__iexact=source[:120]).exists():
        refusal = (gettext("%(source)s is already in play on %(name)s.") if character
                   else gettext("%(source)s is already in play on the scene."))
        raise Refused(refusal % {"source": source, "name": character.name if character else ""})
    threat = Threat.objects.create(campaign=gm.campaign, character=character, source=source[:120], rating=rating)
    gm.campaign.log(gm.user, said("Threat %(threat)s on %(target)s.", threat=str(threat), target=_target(threat)))
    return threat


@transaction.atomic
def clear_threat(gm: Membership, threat_id) -> None:
    """The threat is gone from the fiction; rolls on their way no longer count it."""
    if not gm.is_gm:
        raise Refused(gettext("The GM clears threats."))
    threat = Threat.objects.select_for_update().filter(campaign=gm.campaign, pk=threat_id).first()
    if threat is None:
        raise Refused(gettext("That threat is already gone."))
    gm.campaign.log(gm.user, said("Threat %(threat)s on %(target)s is gone.", threat=str(threat), target=_target(threat)))
    threat.delete()


def _target(threat: Threat) -> str:
    """What a threat weighs on, inside a log line (Threat.target, said in each reader's language)."""
    return threat.character.name if threat.character_id else said("the scene")


@transaction.atomic
def ask_for_assist(membership: Membership, pending_id, helper_id) -> PendingRoll:
    """The roller asks a teammate for help; the helper's player agrees on their own screen,
    since the helper pays the momentum ("Assist")."""
    pending = _locked_pending(membership, pending_id)
    if not pending.character.editable_by(membership):
        raise Refused(gettext("%(name)s's player asks for help.") % {"name": pending.character.name})
    helper = Character.objects.filter(pk=helper_id, campaign=membership.campaign).first()
    if helper is None or helper.pk == pending.character_id:
        raise Refused(gettext("Ask another character of this campaign."))
    if helper.taken_out:
        raise Refused(gettext("%(name)s is taken out and cannot assist.") % {"name": helper.name})
    if helper.pk not in pending.asked:
        pending.asked = [*pending.asked, helper.pk]
        pending.save(update_fields=["asked"])
    return pending


@transaction.atomic
def withdraw_roll(membership: Membership, pending_id) -> None:
    """The roller's player or a GM takes back a roll on its way (a call, too)."""
    pending = _locked_pending(membership, pending_id)
    if not pending.character.editable_by(membership):
        raise Refused(gettext("%(name)s's player or a GM withdraws this roll.") % {"name": pending.character.name})
    pending.delete()


def _locked_roll(membership: Membership, roll_id) -> Roll:
    return Roll.objects.select_related("character").locked(pk=roll_id, campaign=membership.campaign)


def _may_settle(membership: Membership, roll: Roll) -> bool:
    return membership.is_gm or (roll.character is not None and roll.character.editable_by(membership))


@transaction.atomic
def tick_progress(membership: Membership, roll_id, clock_id) -> ClockChange | None:
    """A success ticks a progress clock by its effect ("Clocks"); a consequence first, if any."""
    roll = _locked_roll(membership, roll_id)
    if not _may_settle(membership, roll):
        raise Refused(gettext("Only the roller's player or a GM applies this roll."))
    aftermath = roll.aftermath
    if aftermath.progress is not None:
        raise Refused(gettext("This roll already ticked a clock."))
    if roll.awaits_consequence:
        raise Refused(gettext("Settle the consequence first: it may reduce the effect."))
    if roll.rules_outcome is Outcome.BAD or not roll.effect:
        raise Refused(gettext("Only a success with some effect ticks a progress clock."))
    clock = (Clock.objects.for_progress().select_for_update(of=("self",))
             .select_related("campaign", "character").filter(pk=clock_id, campaign=membership.campaign)
             .first())
    if clock is None or not clock.tickable_by(membership) or clock.archived:
        raise Refused(gettext("Choose a progress clock, a project or an opposed clock you may tick."))
    is_project = clock.rules_kind is ClockKind.PROJECT
    if is_project and roll.choices.get("project") != clock.pk:
        raise Refused(gettext("%(clock)s moves only by a roll made to work on it (once per session).") % {"clock": clock.name})
    if is_project:
        _workable_project(membership, roll.character, clock.pk)
        session = roll.campaign.current_session
    before = clock.filled
    moved = clock.moved_by_roll(roll.effect, success=True)
    reason = said("%(who)s's %(action)s roll: %(effect)s effect", who=_who(roll), action=action_phrase(roll.action),
                  effect=lowered(Effect(roll.effect).label))
    change = record_change(membership, clock, clock.filled + moved, reason, roll=roll)
    if is_project:
        clock.worked_in = session
        clock.save(update_fields=["worked_in"])
        roll.campaign.log(membership.user, said("%(who)s worked on %(clock)s: %(before)s→%(after)s.",
                                                who=roll.character.name if roll.character else said("The GM"),
                                                clock=str(clock.name), before=before, after=clock.filled), clock=clock)
    roll.aftermath = replace(aftermath, progress=ProgressTick(clock.pk, clock.name, roll.effect))
    roll.save(update_fields=["result"])
    return change


def _who(roll: Roll) -> str:
    """Who rolled, for a clock's reason: a phrase said in each reader's language."""
    return roll.character.name if roll.character else said("The GM")


@transaction.atomic
def choose_consequence(gm: Membership, roll_id, kind: ConsequenceKind, target_id: int,
                       clock_id: int | None = None, new_clock: tuple[str, int] | None = None,
                       story: str = "") -> Roll:
    """On a 1-5 the GM inflicts one consequence of the roll's rating ("Consequences"), and says
    what it is in the story. It waits
    for the target to accept, resist or be protected before its numbers apply. A complication
    ticks "a new or existing clock": ``new_clock`` (name, size) starts a danger clock."""
    roll = _locked_roll(gm, roll_id)
    if not roll.brings_consequence:
        raise Refused(gettext("Only a 1-5 on an action roll brings a consequence."))
    aftermath = roll.aftermath
    if aftermath.consequence is not None:
        raise Refused(gettext("This roll's consequence is already chosen."))
    exposed = {roll.character_id, *roll.choices.get("helpers", [])}
    if target_id not in exposed:
        raise Refused(gettext("The consequence falls on the roller or on a character who assisted."))
    is_complication = kind is ConsequenceKind.COMPLICATION
    if is_complication and new_clock:
        name, size = new_clock
        if errors := size_errors(size, gm.campaign.rules.clock_sizes):
            raise Refused(errors[0])
        clock_id = create_clock(gm, Clock(name=name[:120], kind="danger", size=size)).pk
    elif is_complication and not Clock.objects.for_consequences().filter(
            pk=clock_id, campaign=gm.campaign, archived=False).exists():
        raise Refused(gettext("A complication ticks a danger clock, a complication or an opposed clock: "
                              "choose one, or name a new one."))
    roll.aftermath = replace(aftermath, consequence=InflictedConsequence(
        kind, roll.consequence_rating, target_id, clock_id if is_complication else None, story=story[:300]))
    roll.save(update_fields=["result"])
    return roll


def _pending(membership: Membership, roll_id) -> tuple[Roll, InflictedConsequence, Character]:
    roll = _locked_roll(membership, roll_id)
    consequence = roll.aftermath.consequence
    if consequence is None or consequence.settled:
        raise Refused(gettext("There is no consequence waiting on this roll."))
    target = _lock({consequence.target})[consequence.target]
    return roll, consequence, target


def _set_consequence(roll: Roll, consequence: InflictedConsequence) -> None:
    roll.aftermath = replace(roll.aftermath, consequence=consequence)


@transaction.atomic
def protect(membership: Membership, roll_id, protector_id: int) -> Roll:
    """Step in: the protector suffers the consequence instead, and may resist it ("Protect")."""
    roll, consequence, _ = _pending(membership, roll_id)
    protector = Character.objects.filter(pk=protector_id, campaign=membership.campaign).first()
    if protector is None or not protector.editable_by(membership):
        raise Refused(gettext("Protect with your own character."))
    if protector.pk == consequence.target:
        raise Refused(gettext("%(name)s already faces this consequence.") % {"name": protector.name})
    if protector.taken_out:
        raise Refused(gettext("%(name)s is taken out for the scene and cannot step in.") % {"name": protector.name})
    _set_consequence(roll, consequence.protected(protector.pk, protector.name))
    roll.save(update_fields=["result"])
    return roll


@transaction.atomic
def break_attachment(membership: Membership, roll_id, attachment_id) -> Roll:
    """Break an attachment to cancel the incoming consequence outright, with no determination
    roll ("Attachment Extra Rule"); repairing it is a project of 4 segments ("Recovering an
    Attachment") on the sheet."""
    roll, consequence, target = _pending(membership, roll_id)
    if not target.editable_by(membership):
        raise Refused(gettext("%(name)s's player chooses to break an attachment.") % {"name": target.name})
    if not roll.campaign.rules.has(Extra.ATTACHMENT):
        raise Refused(gettext("This campaign does not use attachments (the Attachment extra)."))
    attachment = (Attachment.objects.select_for_update(of=("self",)).select_related("repair")
                  .filter(pk=attachment_id, character=target).first())
    if attachment is None:
        raise Refused(gettext("Break one of %(name)s's attachments.") % {"name": target.name})
    if errors := break_errors(attachment.broken and not attachment.repaired, attachment.worn_out):
        raise Refused(errors[0])
    attachment.broken = True
    attachment.repair = add_clock(membership, target, (gettext("Repair: %(attachment)s") % {"attachment": attachment.name})[:120],
                                  "project", REPAIR_CLOCK_SEGMENTS)
    attachment.save(update_fields=["broken", "repair"])
    roll.campaign.log(membership.user, said("%(name)s broke %(attachment)s to cancel a consequence.",
                                            name=target.name, attachment=attachment.name))
    return _apply(membership, roll, replace(consequence, broken_attachment=attachment.name), target,
                  Resistance.CANCELLED)


@transaction.atomic
def accept_consequence(membership: Membership, roll_id) -> Roll:
    roll, consequence, target = _pending(membership, roll_id)
    if not (membership.is_gm or target.editable_by(membership)):
        raise Refused(gettext("The consequence's target, or a GM, accepts it."))
    return _apply(membership, roll, consequence, target, Resistance.STILL_HAPPENS)


@transaction.atomic
def resist_consequence(membership: Membership, roll_id, momentum_burned: int, key: str,
                       rng: random.Random | None = None) -> Roll:
    """A determination roll: one die per momentum burned; 1-3 it still happens, 4-5 reduced,
    6 avoided, 66 avoided and the next roll's risk lowered ("Determination Roll")."""
    roll, consequence, target = _pending(membership, roll_id)
    if not target.editable_by(membership):
        raise Refused(gettext("%(name)s's player resists for them.") % {"name": target.name})
    if errors := determination_errors(momentum_burned, target.momentum):
        raise Refused(errors[0])
    pool = roll_pool(momentum_burned, table_dice(rng))
    outcome = resistance(pool.outcome)
    before = target.momentum
    target.momentum -= momentum_burned
    target.save(update_fields=["momentum"])
    _record(key, campaign=roll.campaign, session=roll.session, character=target,
            rolled_by=membership.user, kind=RollKind.DETERMINATION, parent=roll,
            goal=gettext("Resist: %(consequence)s") % {"consequence": str(consequence.kind.label(roll.campaign.wording)).lower()},
            pool_size=momentum_burned, dice_sources=["momentum"] * momentum_burned,
            dice=list(pool.dice), outcome=pool.outcome.value,
            momentum={str(target.pk): [before, target.momentum]},
            aftermath=Aftermath(resistance=outcome))
    return _apply(membership, roll, consequence, target, outcome)


def _apply(membership, roll: Roll, consequence: InflictedConsequence, target: Character,
           outcome: Resistance) -> Roll:
    """Apply what is left of the consequence, in numbers ("Types of Consequences")."""
    left = resisted(Consequence(consequence.kind, consequence.rating), outcome)
    stress = None
    if left:
        if left.stress:
            before = target.stress
            filled = target.take_stress(left.stress)
            stress = StressTaken(before, target.stress, filled)
        if left.danger_ticks and consequence.clock:
            clock = Clock.objects.select_related("campaign").locked(pk=consequence.clock)
            moved = clock.moved_by_roll(left.danger_ticks, success=False)
            record_change(membership, clock, clock.filled + moved,
                          said("%(who)s's %(action)s roll: complication", who=_who(roll),
                               action=action_phrase(roll.action)),
                          roll=roll)
        if left.effect_reduction and roll.effect:
            roll.effect = int(Effect(roll.effect).reduced(left.effect_reduction))
            _weaken_readied_spell(roll, left.effect_reduction)
        _tick_spell_danger(membership, roll)
        if left.risk_escalation:
            target.escalated_action = roll.action
            target.escalated_risk = int(Risk(roll.risk or Risk.MODERATE).escalated())
        if left.lost_opportunity:
            target.lost_action = roll.action
    if outcome is Resistance.AVOIDED_AND_RISK_IMPROVED and not roll.campaign.quick:
        target.better_risk_next = True  # Quick Charge's 66 is "some other benefit", the GM's call
    target.save(update_fields=["stress", "taken_out", "escalated_action", "escalated_risk", "lost_action",
                               "better_risk_next", "scars", "condition"])
    _set_consequence(roll, consequence.applied(outcome, left, stress))
    roll.save(update_fields=["result", "effect"])
    return roll


def _cast(roll: Roll) -> dict | None:
    return (roll.choices.get("magic") or {}).get("cast")


def _weaken_readied_spell(roll: Roll, steps: int) -> None:
    """A reduced effect on a casting roll reduces the spell it readied ("Use the effect rating of
    the spell")."""
    cast = _cast(roll)
    if not (cast and cast["charge"]):
        return
    cast["charge"] = max(0, cast["charge"] - steps) or None
    Spell.objects.filter(pk=cast["id"], charge__isnull=False).update(charge=cast["charge"])
    roll.save(update_fields=["choices"])


def _tick_spell_danger(membership, roll: Roll) -> None:
    """"Danger (a clock to tick on consequences ...)": each consequence a casting roll brings ticks
    its spell's danger clock one segment."""
    cast = _cast(roll)
    spell = Spell.objects.filter(pk=cast["id"], danger__archived=False).first() if cast else None
    if spell is not None:
        clock = Clock.objects.select_related("campaign").locked(pk=spell.danger_id)
        record_change(membership, clock, clock.filled + 1,
                      said("%(spell)s: a consequence of casting it", spell=spell.name), roll=roll)


@transaction.atomic
def choose_setup_benefit(membership: Membership, roll_id, benefit: SetupBenefit) -> Roll:
    """The setup's player chooses what followers get: +1 effect or a better risk ("Set up")."""
    roll = _locked_roll(membership, roll_id)
    if roll.kind != RollKind.SETUP or not setup_succeeded(Outcome(roll.outcome)):
        raise Refused(gettext("Only a successful setup action gives a benefit."))
    if not _may_settle(membership, roll):
        raise Refused(gettext("The setup's player chooses the benefit."))
    if benefit is SetupBenefit.RISK and roll.campaign.quick:
        raise Refused(gettext("In Quick Charge a setup gives +1 effect."))
    roll.aftermath = replace(roll.aftermath, setup_benefit=benefit)
    roll.save(update_fields=["result"])
    return roll


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
        if character is None or action not in membership.campaign.rules.action_names:
            raise Refused(gettext("Choose a character of this campaign and one of its actions."))
        pool = character.rating(action)
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
    roll = _record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                   rolled_by=membership.user, kind=RollKind.FORTUNE, goal=label[:300], pool_size=pool,
                   dice_sources=["rating" if character else "fortune"] * len(dice), dice=dice,
                   outcome=first.outcome.value, hidden=hidden, aftermath=aftermath,
                   character=character, action=action if character else "")
    return roll


@transaction.atomic
def make_loot_roll(membership: Membership, character_id: int, pool: int, name: str, key: str,
                   rng: random.Random | None = None) -> Roll:
    """After a conflict, search for loot: a fortune roll, 1d6 by default; a 6 creates one asset
    on the character's sheet, a 66 two ("Loot Assets Rule")."""
    character = _lock_own_character(membership, character_id, gettext("Search for loot with your own character."))
    if existing := made_with(membership.campaign, key):
        return existing
    if not membership.campaign.rules.has(Extra.ASSET):
        raise Refused(gettext("This campaign does not use assets (the Asset extra)."))
    if not 0 <= pool <= 6:
        raise Refused(gettext("A loot roll has 0 to 6 dice."))
    rolled = roll_pool(pool, table_dice(rng))
    found = assets_found(rolled.outcome)
    typed = name.strip()[:80]
    name = typed or gettext("Loot")
    roll = _record(key, campaign=membership.campaign, session=membership.campaign.current_session,
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
    character = _lock_own_character(membership, character_id, gettext("Trade with your own character."))
    if existing := made_with(membership.campaign, key):
        return existing
    campaign = membership.campaign
    if not campaign.rules.has(Extra.ECONOMY):
        raise Refused(gettext("This campaign has no market (the Economy extra)."))
    if errors := spend_money_errors(character.money, money):
        raise Refused(errors[0])
    filled = Campaign.objects.values_list("market_filled", flat=True).get(pk=campaign.pk)  # as it is now
    pool = market_pool(filled, trade, money)
    rolled = roll_pool(pool, table_dice(rng))
    if money:
        character.money -= money
        character.save(update_fields=["money"])
    roll = _record(key, campaign=campaign, session=campaign.current_session, character=character,
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
    if not gm.campaign.rules.has(Extra.WORLD):
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
    roll = _record(key, campaign=gm.campaign, session=gm.campaign.current_session, rolled_by=gm.user,
                   kind=RollKind.MISSION, goal=draw.prompts[-1] or gettext("The next mission"), hidden=not draw.revealed,
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
    character = _lock_own_character(membership, goal.character_id, gettext("Roll for your own character's goals."))
    if existing := made_with(membership.campaign, key):
        return existing
    goal = Goal.objects.select_for_update().get(pk=goal.pk)
    rules = membership.campaign.rules
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
    return _record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                   character=character, rolled_by=membership.user, kind=RollKind.GOAL, goal=goal.name,
                   pool_size=pool, dice_sources=["fortune"] * len(rolled.dice), dice=list(rolled.dice),
                   outcome=rolled.outcome.value, choices=choices)


@transaction.atomic
def make_determination_roll(membership: Membership, character_id: int, burned: int, key: str,
                            note: str = "", rng: random.Random | None = None) -> Roll:
    """A determination roll on its own, against a consequence described in words."""
    character = _lock_own_character(membership, character_id, gettext("Roll for your own character."))
    if existing := made_with(membership.campaign, key):
        return existing
    if errors := determination_errors(burned, character.momentum):
        raise Refused(errors[0])
    pool = roll_pool(burned, table_dice(rng))
    before = character.momentum
    character.momentum -= burned
    if pool.outcome is Outcome.CRITICAL and not membership.campaign.quick:
        character.better_risk_next = True
    character.save(update_fields=["momentum", "better_risk_next"])
    roll = _record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                   character=character, rolled_by=membership.user, kind=RollKind.DETERMINATION,
                   goal=note[:300], pool_size=burned, dice_sources=["momentum"] * burned,
                   dice=list(pool.dice), outcome=pool.outcome.value,
                   momentum={str(character.pk): [before, character.momentum]},
                   aftermath=Aftermath(resistance=resistance(pool.outcome)))
    return roll


@transaction.atomic
def make_flashback(membership: Membership, character_id: int, cost: int, key: str,
                   note: str = "") -> Roll:
    """Pay the GM's price of 0-2 momentum for a flashback that needs no roll, or before its
    fortune roll ("Flashbacks"). A flashback resolved by an action roll is paid in the wizard,
    so that the roll knows momentum was spent on it."""
    character = _lock_own_character(membership, character_id, gettext("Call a flashback for your own character."))
    if existing := made_with(membership.campaign, key):
        return existing
    if errors := flashback_errors(cost, character.momentum, membership.campaign.rules.flashback_most):
        raise Refused(errors[0])
    before = character.momentum
    character.momentum -= cost
    character.save(update_fields=["momentum"])
    roll = _record(key, campaign=membership.campaign, session=membership.campaign.current_session,
                   character=character, rolled_by=membership.user, kind=RollKind.FLASHBACK,
                   goal=note[:300], momentum={str(character.pk): [before, character.momentum]},
                   choices={"flashback_cost": cost})
    return roll
