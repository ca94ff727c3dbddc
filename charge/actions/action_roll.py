"""The action roll: what the wizard asks for, checked again against the locked characters, its
odds without rolling, and the roll itself with the momentum, spells and resources it spends.
Each write is one transaction; a repeated idempotency key returns the roll already made."""

import random
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext, ngettext, pgettext

from campaign.models import Membership
from characters.models import Character
from charge import landed
from charge.actions.rollers import lock_characters
from charge.actions.talents import gain_talent_dot
from charge.kinds import RollKind
from charge.models import Asset, PendingRoll, ResourcePool, Spell, bearing_on_a_roll
from charge.wording import by_wording
from clocks.actions import record_change
from clocks.models import Clock
from core.refused import Refused
from core.templatetags.words import action as action_word
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
    plan_action_roll,
    resolve_action_roll,
)
from gamerules.aftermath import Aftermath, MomentumMove
from gamerules.charge import Effect, PoolRoll, Risk, roll_pool
from gamerules.conditions import stress_penalty
from gamerules.dials import Extra, Ruleset
from gamerules.magic import SpellBenefit, charged_level, spell_bonus
from gamerules.progression import TalentKind
from gamerules.resources import roll_retained
from gamerules.talent_dots import TalentTrigger, fails_desperate
from gamerules.threat import roll_threatened
from gamerules.words import said, said_n
from rolls.actions import made_with, record, table_dice
from rolls.models import Roll


def either(choices) -> str:
    """"Shoot or Study": a choice of one among a few, said in the reader's language."""
    word = pgettext("between alternatives", "or")
    return f" {word} ".join(map(str, choices))


def not_an_action(action: str) -> str:
    """The refusal of an action the campaign does not have."""
    if action:
        return gettext("%(action)s is not an action in this campaign.") % {"action": action_word(action)}
    return gettext("That is not an action in this campaign.")


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


def _setup_benefit(campaign, roll_id, roller: Character) -> SetupBenefit | None:
    """A teammate's successful setup roll in this campaign, and the benefit its player chose:
    "any member of the team who follows through" gets it ("Set up"), not the one who set up."""
    if not roll_id:
        return None
    setup = Roll.objects.filter(campaign=campaign, pk=roll_id, kind=RollKind.SETUP).first()
    if setup and setup.character_id == roller.pk:
        raise Refused(gettext("%(name)s set this up: a teammate follows through on it.") % {"name": roller.name})
    benefit = landed.aftermath(setup).setup_benefit if setup else None
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
    if request.action not in campaign.charge.rules.action_names:
        raise Refused(not_an_action(request.action))
    if request.action and roller.charge.lost_action == request.action:
        raise Refused(gettext("Lost opportunity: %(action)s did not work. Try another action.") % {"action": action_word(request.action)})
    helpers = []
    for helper_id in request.helper_ids:
        helper = characters.get(helper_id)
        if helper is None or helper.campaign_id != campaign.pk or helper_id == roller.pk:
            raise Refused(gettext("A helper must be another character of this campaign."))
        if not helper.charge.may_assist(roller, membership):
            raise Refused(gettext("%(helper)s's player has not offered to assist %(roller)s: "
                                  "they tap “Assist %(roller)s” on their screen first.")
                          % {"helper": helper.name, "roller": roller.name})
        helpers.append(Helper(str(helper.pk), helper.charge.momentum, helper.name, helper.charge.taken_out))
    if request.project_id is not None:
        workable_project(membership, roller, request.project_id)
    if (request.asset is None) != (request.asset_id is None) or (
            request.asset_id is not None and not roller.assets.filter(pk=request.asset_id,
                                                                  spent_by__isnull=True).exists()):
        raise Refused(gettext("Use an asset %(name)s holds and has not spent.") % {"name": roller.name})
    _check_risk_and_effect(membership, request, roller, pending)
    # A roll on its way is made at the GM's risk (checked above), which may be below the floor.
    if errors := escalation_errors(request.risk, roller.charge.escalated_for(request.action),
                                   membership.is_gm or pending is not None, campaign.charge.wording):
        raise Refused(errors[0])
    own = {t.pk: t for t in roller.talents.all()}
    if any(talent_id not in own for talent_id in request.talent_ids):
        raise Refused(gettext("Only %(name)s's own talents apply.") % {"name": roller.name})
    talents = {pk: TalentKind(t.kind) for pk, t in own.items()}
    if request.cap_lifted and not membership.is_gm:
        raise Refused(gettext("Only a GM lifts the cap on bonus dice."))
    cast = pending.spell if pending is not None and pending.spell_id and campaign.charge.rules.has(Extra.MAGIC) else None
    if cast is not None:
        castable(campaign, roller, cast, request.action)
    helping = _helping_spell(campaign, request, cast)
    return ActionRollChoices(
        rating=roller.charge.rating(_rolled_action(request, own)), momentum=roller.charge.momentum, risk=request.risk,
        effect=request.effect, pushes=request.pushes, helpers=tuple(helpers),
        tension=bool(request.tension.strip()),
        talents=tuple(talents[t] for t in request.talent_ids if talents[t].changes_roll),
        asset=request.asset, setup=_setup_benefit(campaign, request.setup_from, roller),
        risk_improved=roller.charge.better_risk_next, taken_out=roller.charge.taken_out,
        last_standing=request.last_standing, flashback_cost=request.flashback_cost,
        flashback_most=campaign.charge.rules.flashback_most, cap_lifted=request.cap_lifted,
        disposition=int(bearing_on_a_roll(campaign, pending.party_details if pending else [])[1]),
        disposition_for_effect=request.disposition_for_effect,
        progress=progress.filled if (progress := party_progress(campaign)) else 0,
        burned_progress=request.burned_progress,
        resource_dice=sum(points for _, _, points in spent_resources(campaign, roller, request.resources)),
        spell_cost=cast.momentum_cost if cast else 0,
        talent_cost=len(set(request.talent_ids)) * campaign.charge.rules.talent_cost,
        stress_penalty=stress_penalty(roller.charge.stress, campaign.charge.rules.stress_penalty_at),
        spell=spell_bonus(helping.rules_charge, request.spell_benefit) if helping else None)


def castable(campaign, caster: Character, spell: Spell, action: str) -> None:
    """A spell of the caster's, cast with one of its actions, within its casting limit ("The Magic
    Dial", "The Cost of Magic")."""
    if not campaign.charge.rules.has(Extra.MAGIC):
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
             if campaign.charge.rules.has(Extra.MAGIC) else None)
    if spell is None or not spell.charge:
        raise Refused(gettext("That spell is not ready: cast it first."))
    if cast is not None and cast.pk == spell.pk:
        raise Refused(gettext("%(spell)s cannot help its own casting.") % {"spell": spell.name})
    if request.spell_benefit not in spell.benefits():
        choices = either(benefit.label(campaign.charge.wording) for benefit in spell.benefits())
        raise Refused(gettext("%(spell)s gives %(choices)s.") % {"spell": spell.name, "choices": choices})
    return spell


def spent_resources(campaign, roller: Character, spent, locked: bool = False) -> list:
    """(resource, pool, points) for each resource spent on a roll, checked against its pool: the
    party's for a shared one, the roller's own for a personal one ("Resource Pool Extra")."""
    chosen = [(resource_id, points) for resource_id, points in spent if points]
    if not chosen:
        return []
    if not campaign.charge.rules.has(Extra.RESOURCE_POOL):
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
    if not campaign.charge.rules.has(Extra.PARTY):
        return None
    clocks = Clock.objects.select_for_update() if locked else Clock.objects
    return clocks.filter(campaign=campaign, party=True, kind="progress", archived=False).first()


def _check_risk_and_effect(membership: Membership, request: ActionRollRequest, roller: Character,
                           pending: PendingRoll | None) -> None:
    """The GM sets the risk and the effect ("Action Roll"), on the roll on its way; the roll is
    made with what the roller last saw of them."""
    wording = membership.campaign.charge.wording
    if pending is None and membership.is_gm:
        return  # the GM sets them as they roll
    if pending is None or pending.character_id != roller.pk or pending.action != request.action:
        said = (gettext("Start %(name)s's %(action)s roll first: choose the goal and the action.") if request.action
                else gettext("Start %(name)s's action roll first: choose the goal and the action."))
        raise Refused(said % {"name": roller.name, "action": action_word(request.action)})
    if not pending.is_set:
        raise Refused(waiting_for_the_gm(wording))
    if request.flashback_cost != pending.price:
        raise Refused(ngettext("The GM priced the flashback at %(cost)s momentum. Roll again if you agree.",
                               "The GM priced the flashback at %(cost)s momentum. Roll again if you agree.",
                               pending.price) % {"cost": pending.price})
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


def workable_project(membership: Membership, character: Character, clock_id: int) -> Clock:
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
    return plan_action_roll(choices, membership.campaign.charge.rules.extras)


@transaction.atomic
def make_action_roll(membership: Membership, request: ActionRollRequest, key: str,
                     rng: random.Random | None = None) -> Roll:
    """Roll an action: pay the momentum, roll, gain momentum by the dial, record it all."""
    campaign = membership.campaign
    characters = lock_characters({request.character_id, *request.helper_ids})
    if existing := made_with(campaign, key):
        return existing
    pending = PendingRoll.objects.select_for_update().filter(character_id=request.character_id).first()
    progress = party_progress(campaign, locked=True) if request.burned_progress else None
    choices = rules_choices(membership, request, characters, pending)
    rules = campaign.charge.rules
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
    result = resolve_action_roll(planned, pool, Ruleset(campaign.charge.ruleset), rules.momentum)

    roller = characters[request.character_id]
    momentum = {roller.pk: [roller.charge.momentum, roller.charge.momentum - planned.roller_cost + result.momentum_gained]}
    for helper_id, (_, cost) in zip(request.helper_ids, planned.helper_costs, strict=True):
        helper = characters[helper_id]
        momentum[helper.pk] = [helper.charge.momentum, helper.charge.momentum - cost]
        helper.charge.assisting = None  # the offer is spent on this roll
    for character_id, (_, after) in momentum.items():
        characters[character_id].charge.momentum = after
    roller.charge.better_risk_next = False if choices.risk_improved else roller.charge.better_risk_next
    if roller.charge.lost_action and roller.charge.lost_action != request.action:
        roller.charge.lost_action = ""  # a new approach: the lost opportunity is behind them
    for character in characters.values():
        character.charge.save(update_fields=["momentum", "better_risk_next", "escalated_action", "lost_action",
                                             "assisting"])

    roll = record(
        key, campaign=campaign, session=campaign.current_session, character=roller,
        rolled_by=membership.user, kind=RollKind.SETUP if request.is_setup else RollKind.ACTION,
        goal=request.goal, action=request.action, pool_size=planned.pool_size,
        dice_sources=list(planned.dice_sources), dice=list(pool.dice), outcome=result.outcome.value,
        result=Aftermath(risk=Risk(planned.risk), effect=Effect(result.effect), consequence_rating=result.consequence_rating,
                            momentum=tuple(MomentumMove(pk, before, after) for pk, (before, after) in momentum.items())).to_data(),
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
    if fails_desperate(Risk(planned.risk), result.outcome):  # a hack may give it a talent dot
        gain_talent_dot(membership.user, roller, TalentTrigger.DESPERATE_FAIL, roll=roll)
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
    if pending is None or not pending.spell_id or not campaign.charge.rules.has(Extra.MAGIC):
        return magic
    spell = Spell.objects.select_for_update().get(pk=pending.spell_id)
    session = campaign.current_session
    spell.times_cast += 1
    spell.cast_day, spell.cast_session = campaign.day, session
    readied = None
    if spell.ritual_id is None:
        readied = charged_level(effect_before_critical(planned, result, Ruleset(campaign.charge.ruleset)),
                                result.outcome, roll.dice.count(6))
        spell.charge = int(readied) if readied else spell.charge
    spell.save(update_fields=["times_cast", "cast_day", "cast_session", "charge"])
    if spell.stress_cost:  # "Drawbacks (... take stress)"
        caster.charge.take_stress(spell.stress_cost)
        caster.charge.save(update_fields=["stress", "taken_out", "scars"])
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
