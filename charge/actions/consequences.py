"""What a made action roll changes afterwards: progress ticked, the GM's consequence accepted,
resisted, protected against or cancelled by a broken attachment, a setup's benefit chosen."""

import random
from dataclasses import replace

from django.db import transaction
from django.utils.translation import gettext

from campaign.models import Membership
from characters.models import Character
from charge import landed
from charge.actions.action_roll import workable_project
from charge.actions.projects import add_clock
from charge.actions.rollers import lock_characters
from charge.kinds import RollKind
from charge.models import Attachment, Spell
from charge.own_words import REPAIR, RESIST
from clocks.actions import create_clock, record_change
from clocks.models import Clock, ClockChange
from core.own_words import filled
from core.refused import Refused
from core.templatetags.words import action_phrase
from gamerules.action_roll import SetupBenefit, setup_succeeded
from gamerules.aftermath import (
    Aftermath,
    InflictedConsequence,
    MomentumMove,
    ProgressTick,
    StressTaken,
)
from gamerules.attachments import REPAIR_CLOCK_SEGMENTS, break_errors
from gamerules.charge import Outcome, Risk, roll_pool
from gamerules.clocks import ClockKind, size_errors
from gamerules.consequences import (
    Consequence,
    ConsequenceKind,
    Resistance,
    determination_errors,
    resistance,
    resisted,
)
from gamerules.dials import Extra
from gamerules.words import lowered, said
from rolls.actions import record, table_dice
from rolls.models import Roll


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
    aftermath = landed.aftermath(roll)
    if aftermath.progress is not None:
        raise Refused(gettext("This roll already ticked a clock."))
    if landed.awaits_consequence(roll):
        raise Refused(gettext("Settle the consequence first: it may reduce the effect."))
    if landed.outcome(roll) is Outcome.BAD or not aftermath.effect:
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
        workable_project(membership, roll.character, clock.pk)
        session = roll.campaign.current_session
    before = clock.filled
    moved = clock.moved_by_roll(int(aftermath.effect), success=True)
    reason = said("%(who)s's %(action)s roll: %(effect)s effect", who=_who(roll), action=action_phrase(roll.action),
                  effect=lowered(aftermath.effect.label))
    change = record_change(membership, clock, clock.filled + moved, reason, roll=roll)
    if is_project:
        clock.worked_in = session
        clock.save(update_fields=["worked_in"])
        roll.campaign.log(membership.user, said("%(who)s worked on %(clock)s: %(before)s→%(after)s.",
                                                who=roll.character.name if roll.character else said("The GM"),
                                                clock=str(clock.name), before=before, after=clock.filled), clock=clock)
    landed.keep(roll, replace(aftermath, progress=ProgressTick(clock.pk, clock.name, int(aftermath.effect))))
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
    if not landed.brings_consequence(roll):
        raise Refused(gettext("Only a 1-5 on an action roll brings a consequence."))
    aftermath = landed.aftermath(roll)
    if aftermath.consequence is not None:
        raise Refused(gettext("This roll's consequence is already chosen."))
    exposed = {roll.character_id, *roll.choices.get("helpers", [])}
    if target_id not in exposed:
        raise Refused(gettext("The consequence falls on the roller or on a character who assisted."))
    is_complication = kind is ConsequenceKind.COMPLICATION
    if is_complication and new_clock:
        name, size = new_clock
        if errors := size_errors(size, gm.campaign.charge.rules.clock_sizes):
            raise Refused(errors[0])
        clock_id = create_clock(gm, Clock(name=name[:120], kind="danger", size=size)).pk
    elif is_complication and not Clock.objects.for_consequences().filter(
            pk=clock_id, campaign=gm.campaign, archived=False).exists():
        raise Refused(gettext("A complication ticks a danger clock, a complication or an opposed clock: "
                              "choose one, or name a new one."))
    landed.keep(roll, replace(aftermath, consequence=InflictedConsequence(
        kind, aftermath.consequence_rating, target_id, clock_id if is_complication else None, story=story[:300])))
    roll.save(update_fields=["result"])
    return roll


def _pending(membership: Membership, roll_id) -> tuple[Roll, InflictedConsequence, Character]:
    roll = _locked_roll(membership, roll_id)
    consequence = landed.aftermath(roll).consequence
    if consequence is None or consequence.settled:
        raise Refused(gettext("There is no consequence waiting on this roll."))
    target = lock_characters({consequence.target})[consequence.target]
    return roll, consequence, target


def _set_consequence(roll: Roll, consequence: InflictedConsequence) -> None:
    landed.keep(roll, replace(landed.aftermath(roll), consequence=consequence))


@transaction.atomic
def protect(membership: Membership, roll_id, protector_id: int) -> Roll:
    """Step in: the protector suffers the consequence instead, and may resist it ("Protect")."""
    roll, consequence, _ = _pending(membership, roll_id)
    protector = Character.objects.filter(pk=protector_id, campaign=membership.campaign).first()
    if protector is None or not protector.editable_by(membership):
        raise Refused(gettext("Protect with your own character."))
    if protector.pk == consequence.target:
        raise Refused(gettext("%(name)s already faces this consequence.") % {"name": protector.name})
    if protector.charge.taken_out:
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
    if not roll.campaign.charge.rules.has(Extra.ATTACHMENT):
        raise Refused(gettext("This campaign does not use attachments (the Attachment extra)."))
    attachment = (Attachment.objects.select_for_update(of=("self",)).select_related("repair")
                  .filter(pk=attachment_id, character=target).first())
    if attachment is None:
        raise Refused(gettext("Break one of %(name)s's attachments.") % {"name": target.name})
    if errors := break_errors(attachment.broken and not attachment.repaired, attachment.worn_out):
        raise Refused(errors[0])
    attachment.broken = True
    attachment.repair = add_clock(membership, target, filled(REPAIR, attachment=attachment.name[:100]),
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
    if errors := determination_errors(momentum_burned, target.charge.momentum):
        raise Refused(errors[0])
    pool = roll_pool(momentum_burned, table_dice(rng))
    outcome = resistance(pool.outcome)
    before = target.charge.momentum
    target.charge.momentum -= momentum_burned
    target.charge.save(update_fields=["momentum"])
    record(key, campaign=roll.campaign, session=roll.session, character=target,
            rolled_by=membership.user, kind=RollKind.DETERMINATION, parent=roll,
            goal=filled(RESIST, consequence=lowered(consequence.kind.label(roll.campaign.charge.wording))),
            pool_size=momentum_burned, dice_sources=["momentum"] * momentum_burned,
            dice=list(pool.dice), outcome=pool.outcome.value,
            result=Aftermath(momentum=(MomentumMove(target.pk, before, target.charge.momentum),), resistance=outcome).to_data())
    return _apply(membership, roll, consequence, target, outcome)


def _apply(membership, roll: Roll, consequence: InflictedConsequence, target: Character,
           outcome: Resistance) -> Roll:
    """Apply what is left of the consequence, in numbers ("Types of Consequences")."""
    left = resisted(Consequence(consequence.kind, consequence.rating), outcome)
    stress = None
    if left:
        if left.stress:
            before = target.charge.stress
            filled = target.charge.take_stress(left.stress)
            stress = StressTaken(before, target.charge.stress, filled)
        if left.danger_ticks and consequence.clock:
            clock = Clock.objects.select_related("campaign").locked(pk=consequence.clock)
            moved = clock.moved_by_roll(left.danger_ticks, success=False)
            record_change(membership, clock, clock.filled + moved,
                          said("%(who)s's %(action)s roll: complication", who=_who(roll),
                               action=action_phrase(roll.action)),
                          roll=roll)
        if left.effect_reduction and (effect := landed.aftermath(roll).effect):
            landed.keep(roll, replace(landed.aftermath(roll), effect=effect.reduced(left.effect_reduction)))
            _weaken_readied_spell(roll, left.effect_reduction)
        _tick_spell_danger(membership, roll)
        if left.risk_escalation:
            target.charge.escalated_action = roll.action
            target.charge.escalated_risk = int((landed.aftermath(roll).risk or Risk.MODERATE).escalated())
        if left.lost_opportunity:
            target.charge.lost_action = roll.action
    if outcome is Resistance.AVOIDED_AND_RISK_IMPROVED and not roll.campaign.charge.quick:
        target.charge.better_risk_next = True  # Quick Charge's 66 is "some other benefit", the GM's call
    target.charge.save(update_fields=["stress", "taken_out", "escalated_action", "escalated_risk", "lost_action",
                                      "better_risk_next", "scars"])
    _set_consequence(roll, consequence.applied(outcome, left, stress))
    roll.save(update_fields=["result"])
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
    if benefit is SetupBenefit.RISK and roll.campaign.charge.quick:
        raise Refused(gettext("In Quick Charge a setup gives +1 effect."))
    landed.keep(roll, replace(landed.aftermath(roll), setup_benefit=benefit))
    roll.save(update_fields=["result"])
    return roll
