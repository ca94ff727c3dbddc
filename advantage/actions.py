"""Every write of the Advantage & Threat system, each atomic: the sheet, the GM's threats and
jobs, and a check from its pool to the clock it works on
(``shared/rules/system-advantage-and-threat.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import reduce

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from advantage.kinds import RollKind
from advantage.models import (
    Check,
    Condition,
    Expertise,
    Factor,
    FactorKind,
    Flaw,
    Gear,
    GearFeature,
    Job,
    Sheet,
    Skill,
    Threat,
    Wound,
)
from advantage.own_words import CHECK_ASSISTS, SIMPLE_HELP
from campaign.models import Campaign, Membership
from characters.models import Character
from characters.sheets import own_character, sheet_for
from clocks.actions import record_change
from clocks.models import Clock
from core.own_words import filled
from core.refused import Refused
from gamerules import advantage as rules
from gamerules.clocks import ClockKind
from gamerules.words import said
from rolls import actions as roll_actions
from rolls.models import Roll

MOST_RANK = 10
FACTOR_KINDS = {
    # kind: (the signs it may carry, who may add it)
    FactorKind.SITUATION: ((1, -1), "member"),
    FactorKind.ENVIRONMENT: ((1, -1), "member"),
    FactorKind.GEAR: ((1, -1), "member"),
    FactorKind.ENEMY_CONDITION: ((1,), "member"),
    FactorKind.CONDITION: ((-1,), "member"),
    FactorKind.ASSISTANCE: ((1,), "member"),
    FactorKind.WOUND: (tuple(-minus for minus in rules.WOUND_MINUS), "gm"),
    FactorKind.FLAW: ((-1,), "member"),
}
"""The factors the table builds a pool from ("Gather your Dice Pool")."""


def sheet_of(character: Character, locked: bool = False) -> Sheet:
    return sheet_for(Sheet, character, locked)




def _any(gm: Membership, character_id) -> Character:
    character = Character.objects.filter(campaign=gm.campaign, pk=character_id).first()
    if character is None:
        raise Refused(_("No such character."))
    return character


def current_job(campaign: Campaign) -> Job | None:
    return Job.objects.current(campaign)


# The sheet -----------------------------------------------------------------------------------

def named(name: str, refusal: str) -> str:
    """``name``, or refused with ``refusal`` ("Name the skill.") when it is empty."""
    if not name:
        raise Refused(refusal)
    return name


def either(words) -> str:
    """"+1 or -1", "Ada or Bruno or Cleo"."""
    return reduce(lambda out, other: _("%(either)s or %(other)s") % {"either": out, "other": other}, map(str, words))


def both(words) -> str:
    """"a flaw invoked and Banes"."""
    return reduce(lambda out, other: _("%(first)s and %(second)s") % {"first": out, "second": other}, map(str, words))


@transaction.atomic
def add_skill(membership: Membership, character_id, name: str, rank) -> Skill:
    character = own_character(membership, character_id)
    if rank is None or not 0 <= rank <= MOST_RANK:
        raise Refused(_("A skill's rank is 0 to %(most)s.") % {"most": MOST_RANK})
    if character.advantage_skills.filter(name__iexact=name).exists():
        raise Refused(_("%(name)s already has %(skill)s.") % {"name": character.name, "skill": name})
    skill = Skill.objects.create(character=character, name=named(name, _("Name the skill.")), rank=rank)
    membership.campaign.log(membership.user, said("%(name)s gains a skill: %(skill)s %(rank)s.",
                                                  name=character.name, skill=skill.name, rank=skill.rank))
    return skill


@transaction.atomic
def set_rank(membership: Membership, character_id, skill_id, rank) -> Skill:
    character = own_character(membership, character_id)
    skill = character.advantage_skills.filter(pk=skill_id).first()
    if skill is None:
        raise Refused(_("That skill is not on this sheet."))
    if rank is None or not 0 <= rank <= MOST_RANK:
        raise Refused(_("A skill's rank is 0 to %(most)s.") % {"most": MOST_RANK})
    if skill.rank != rank:
        skill.rank = rank
        skill.save(update_fields=["rank"])
        membership.campaign.log(membership.user, said("%(name)s's %(skill)s is now %(rating)s.",
                                                      name=character.name, skill=skill.name, rating=rank))
    return skill


@transaction.atomic
def add_expertise(membership: Membership, character_id, skill_id, name: str) -> Expertise:
    character = own_character(membership, character_id)
    skill = character.advantage_skills.filter(pk=skill_id).first()
    if skill is None:
        raise Refused(_("Attach the expertise to one of this sheet's skills."))
    return Expertise.objects.create(skill=skill, name=named(name, _("Name the expertise.")))


@transaction.atomic
def add_entry(membership: Membership, character_id, kind: str, name: str, *, level=1, augmentation=False) -> object:
    """A flaw, a piece of gear (or augmentation), a condition or a wound on the sheet. A wound is
    the GM's or the player's to write; gaining a condition or wound is a consequence the table
    has agreed."""
    character = own_character(membership, character_id)
    name = named(name, {"flaw": _("Name the flaw."), "gear": _("Name the gear."), "condition": _("Name the condition."),
                         "wound": _("Name the wound.")}.get(kind) or _("Name the %(what)s.") % {"what": kind})
    if kind == "flaw":
        entry = Flaw.objects.create(character=character, name=name)
    elif kind == "gear":
        entry = Gear.objects.create(character=character, name=name, augmentation=augmentation)
    elif kind == "condition":
        entry = Condition.objects.create(character=character, name=name)
    elif kind == "wound":
        if level not in rules.WOUND_LEVELS:
            raise Refused(_("A wound is level 1 or 2."))
        entry = Wound.objects.create(character=character, name=name, level=level)
    else:
        raise Refused(_("Choose a flaw, gear, a condition or a wound."))
    values = {"name": character.name, "entry": _entry(entry)}
    membership.campaign.log(membership.user, {
        "flaw": said("%(name)s: flaw %(entry)s.", **values), "gear": said("%(name)s: gear %(entry)s.", **values),
        "condition": said("%(name)s: condition %(entry)s.", **values), "wound": said("%(name)s: wound %(entry)s.", **values),
    }[kind])
    return entry


def _entry(entry) -> str:
    """An entry of the sheet inside a log line: its name, a wound's level said in each reader's language."""
    if isinstance(entry, Wound):
        return said("%(name)s (level %(level)s)", name=entry.name, level=entry.level)
    return str(entry)


@transaction.atomic
def add_feature(membership: Membership, character_id, gear_id, name: str, plus: bool) -> GearFeature:
    character = own_character(membership, character_id)
    gear = character.gear.filter(pk=gear_id).first()
    if gear is None:
        raise Refused(_("That gear is not on this sheet."))
    return GearFeature.objects.create(gear=gear, name=named(name, _("Name the feature.")), plus=plus)


def struck_out(kind: str, **values) -> str:
    """The log's line for each kind of entry struck off a sheet."""
    return {
        "skill": said("%(name)s strikes out skill %(entry)s.", **values),
        "expertise": said("%(name)s strikes out expertise %(entry)s.", **values),
        "flaw": said("%(name)s strikes out flaw %(entry)s.", **values),
        "gear": said("%(name)s strikes out gear %(entry)s.", **values),
        "feature": said("%(name)s strikes out feature %(entry)s.", **values),
        "condition": said("%(name)s strikes out condition %(entry)s.", **values),
        "wound": said("%(name)s strikes out wound %(entry)s.", **values),
    }[kind]


ENTRIES = {"skill": (Skill, "character"), "expertise": (Expertise, "skill__character"), "flaw": (Flaw, "character"),
           "gear": (Gear, "character"), "feature": (GearFeature, "gear__character"),
           "condition": (Condition, "character"), "wound": (Wound, "character")}


@transaction.atomic
def remove_entry(membership: Membership, character_id, kind: str, entry_id) -> None:
    """Strike something off the sheet: a condition overcome, a wound healed, gear lost..."""
    character = own_character(membership, character_id)
    if kind not in ENTRIES:
        raise Refused(_("Nothing of that kind on a sheet."))
    model, owner = ENTRIES[kind]
    entry = model.objects.filter(pk=entry_id, **{owner: character}).first()
    if entry is not None:
        entry.delete()
        membership.campaign.log(membership.user, struck_out(kind, name=character.name, entry=_entry(entry)))


@transaction.atomic
def set_drive(membership: Membership, character_id, drive: str) -> Sheet:
    sheet = sheet_of(own_character(membership, character_id), locked=True)
    sheet.drive = drive
    sheet.save(update_fields=["drive"])
    return sheet


@transaction.atomic
def take_trauma(membership: Membership, character_id) -> Sheet:
    """"Taking Harm that results in a Trauma grants 1 AP"."""
    character = own_character(membership, character_id)
    sheet = sheet_of(character, locked=True)
    sheet.trauma += 1
    sheet.ap = rules.recovered(sheet.ap, 1, sheet.ap_max)
    sheet.save(update_fields=["trauma", "ap"])
    membership.campaign.log(membership.user, said("%(name)s takes a Trauma (%(trauma)s) and gains 1 AP.",
                                                  name=character.name, trauma=sheet.trauma))
    return sheet


@transaction.atomic
def heal_trauma(gm: Membership, character_id) -> Sheet:
    character = _any(gm, character_id)
    sheet = sheet_of(character, locked=True)
    if sheet.trauma:
        sheet.trauma -= 1
        sheet.tough = min(sheet.tough, sheet.trauma)
        sheet.save(update_fields=["trauma", "tough"])
        gm.campaign.log(gm.user, said("%(name)s recovers from a Trauma (%(trauma)s left).",
                                      name=character.name, trauma=sheet.trauma))
    return sheet


SPENDS = ("momentum", "declaration", "tough")
"""What 1 AP buys outside a check's dice ("Spending Action Points (AP)")."""


def _spent(spend: str, name: str, words: str) -> str:
    """The log's line of an AP spent, without and with the player's words."""
    if words:
        return {"momentum": said("%(name)s spends 1 AP and seizes momentum: %(words)s.", name=name, words=words),
                "declaration": said("%(name)s spends 1 AP and makes a declaration: %(words)s.", name=name, words=words),
                "tough": said("%(name)s spends 1 AP and toughs it out: %(words)s.", name=name, words=words)}[spend]
    return {"momentum": said("%(name)s spends 1 AP and seizes momentum.", name=name),
            "declaration": said("%(name)s spends 1 AP and makes a declaration.", name=name),
            "tough": said("%(name)s spends 1 AP and toughs it out.", name=name)}[spend]


@transaction.atomic
def spend_ap(membership: Membership, character_id, spend: str, words: str = "") -> Sheet:
    """Seize Momentum, Make a Declaration (what changes is the table's story), or Tough it Out:
    "Ignore the MINUS penalty of a single Trauma until the adrenaline wears off"."""
    character = own_character(membership, character_id)
    if spend not in SPENDS:
        raise Refused(_("Spend AP on momentum, a declaration, or toughing it out."))
    sheet = sheet_of(character, locked=True)
    if sheet.ap < 1:
        raise Refused(_("%(name)s has no Action Point left.") % {"name": character.name})
    if spend == "tough":
        if sheet.tough >= sheet.trauma:
            raise Refused(_("No Trauma left to tough out."))
        sheet.tough += 1
    sheet.ap -= 1
    sheet.save(update_fields=["ap", "tough"])
    membership.campaign.log(membership.user, _spent(spend, character.name, words))
    return sheet


@transaction.atomic
def adrenaline_wears_off(gm: Membership, character_id) -> Sheet:
    """"It will return once the adrenaline wears off": the GM says when."""
    character = _any(gm, character_id)
    sheet = sheet_of(character, locked=True)
    if sheet.tough:
        sheet.tough = 0
        sheet.save(update_fields=["tough"])
        gm.campaign.log(gm.user, said("%(name)s's adrenaline wears off: the Trauma weighs again.", name=character.name))
    return sheet


@transaction.atomic
def set_ap(gm: Membership, character_id, ap, ap_max) -> Sheet:
    """The GM corrects Action Points or raises the maximum (an advancement)."""
    character = _any(gm, character_id)
    if ap_max is None or not 1 <= ap_max <= rules.AP_MOST or ap is None or not 0 <= ap <= ap_max:
        raise Refused(_("A maximum of 1 to %(most)s AP, and 0 up to the maximum now.") % {"most": rules.AP_MOST})
    sheet = sheet_of(character, locked=True)
    sheet.ap, sheet.ap_max = ap, ap_max
    sheet.save(update_fields=["ap", "ap_max"])
    gm.campaign.log(gm.user, said("%(name)s's Action Points set to %(ap)s of %(most)s.",
                                  name=character.name, ap=ap, most=ap_max))
    return sheet



@transaction.atomic
def advance_ap(gm: Membership, character_id) -> Sheet:
    """"You can increase your AP limit with Advancements": the GM grants one, +1 Maximum AP
    (``rules.advanced``); the AP on hand wait for the pool to fill."""
    character = _any(gm, character_id)
    sheet = sheet_of(character, locked=True)
    most = rules.advanced(sheet.ap_max)
    if most is None:
        raise Refused(_("Maximum AP is at most %(most)s.") % {"most": rules.AP_MOST})
    gm.campaign.log(gm.user, said("%(name)s advances: Maximum AP %(before)s → %(after)s.",
                                  name=character.name, before=sheet.ap_max, after=most))
    sheet.ap_max = most
    sheet.save(update_fields=["ap_max"])
    return sheet


# A check -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CheckStart:
    character_id: int
    intent: str
    skill_id: int | None
    expertise_ids: tuple[int, ...] = ()
    threat_id: int | None = None
    drive: bool = False
    clock_id: int | None = None
    assisting_id: int | None = None


@transaction.atomic
def start_check(membership: Membership, start: CheckStart, key: str) -> Check | Roll:
    """"Explain what your character is attempting to do ... and what approach your character is
    taking": the skill, its expertise, the threat it faces, the drive, the clock it works on."""
    if existing := Check.objects.filter(key=key).first():
        return existing  # the same form sent twice
    if made := roll_actions.made_with(membership.campaign, key):
        return made  # sent again once its roll was made: the key starts nothing new
    character = own_character(membership, start.character_id)
    if not start.intent:
        raise Refused(_("Say what your character attempts, and how."))
    skill = character.advantage_skills.filter(pk=start.skill_id).first() if start.skill_id else None
    if start.skill_id and skill is None:
        raise Refused(_("That skill is not on this sheet."))
    expertise = list(Expertise.objects.filter(skill=skill, pk__in=start.expertise_ids).values_list("pk", flat=True))
    if len(expertise) != len(set(start.expertise_ids)):
        raise Refused(_("Use expertise attached to the skill being used."))
    threat = Threat.objects.filter(campaign=membership.campaign, pk=start.threat_id).first() if start.threat_id else None
    if start.threat_id and threat is None:
        raise Refused(_("That threat is gone."))
    clock = None
    if start.clock_id:
        clock = Clock.objects.visible_to(membership).active().filter(campaign=membership.campaign, pk=start.clock_id).first()
        if clock is None or not clock.tickable_by(membership) or clock.rules_kind is ClockKind.STRESS:
            raise Refused(_("Choose a clock you may tick."))
    assisting = None
    if start.assisting_id:
        assisting = Check.objects.filter(campaign=membership.campaign, pk=start.assisting_id, roll__isnull=True).first()
        if assisting is None or assisting.character_id == character.pk:
            raise Refused(_("That check is already rolled, or is your own."))
    if start.drive and not sheet_of(character).drive:
        raise Refused(_("Write the drive on the sheet first."))
    try:
        with transaction.atomic():
            return Check.objects.create(
                campaign=membership.campaign, character=character, key=key, intent=start.intent, skill=skill,
                expertise=expertise, threat=threat, drive=start.drive, clock=clock, assisting=assisting,
                started_by=membership.user)
    except IntegrityError:
        raise Refused(_("%(name)s already has a check on its way: finish it first.") % {"name": character.name}) from None


def _locked(membership: Membership, check_id) -> Check:
    check = (Check.objects.select_for_update(of=("self",)).select_related("character", "skill", "threat", "roll")
             .filter(campaign=membership.campaign, pk=check_id).first())
    if check is None:
        raise Refused(_("That check is over."))
    return check


def _building(membership: Membership, check_id) -> Check:
    check = _locked(membership, check_id)
    if check.roll_id:
        raise Refused(_("The dice are rolled: the pool is what it was."))
    return check


@transaction.atomic
def add_factor(membership: Membership, check_id, kind: str, dice: int, name: str = "", ref=None) -> Check:
    """"Any player can suggest factors that might add PLUS or MINUS, work together to build the
    pool. The GM has final say": every change waits for her word again."""
    check = _building(membership, check_id)
    if kind not in FACTOR_KINDS:
        raise Refused(_("Choose what the factor is."))
    signs, who = FACTOR_KINDS[kind]
    label = FactorKind(kind).label
    if who == "gm" and not membership.is_gm:
        raise Refused(_("Only the GM invokes a %(kind)s.") % {"kind": str(label).lower()})
    character = check.character
    if kind == "gear":
        feature = GearFeature.objects.filter(gear__character=character, pk=ref).select_related("gear").first()
        if feature is None:
            raise Refused(_("Choose a feature of the gear on this sheet."))
        dice, name = (1 if feature.plus else -1), f"{feature.gear.name}: {feature.name}"
    elif kind == "condition":
        condition = character.conditions.filter(pk=ref).first()
        if condition is None:
            raise Refused(_("Choose one of the character's conditions."))
        dice, name = -1, condition.name
    elif kind == "wound":
        wound = character.wounds.filter(pk=ref).first()
        if wound is None:
            raise Refused(_("Choose one of the character's wounds."))
        name = wound.name
        if (invoked := check.factors.filter(kind=kind, ref=ref).first()) and dice in signs:
            return _changed(check, invoked, dice)  # the GM's second thought on the same wound
    elif kind == "flaw":
        if not character.editable_by(membership):
            raise Refused(_("A flaw is invoked by its player or the GM."))
        flaw = character.flaws.filter(pk=ref).first()
        if flaw is None:
            raise Refused(_("Choose one of the character's flaws."))
        if check.factors.filter(kind=FactorKind.FLAW).exists():
            raise Refused(_("One flaw a check."))
        job = current_job(membership.campaign)
        if job is not None and flaw.invoked_in_id == job.pk:
            raise Refused(_("%(flaw)s was invoked already this job: it colours the story, but adds no MINUS.") % {"flaw": flaw.name})
        dice, name = -rules.FLAW_MINUS, flaw.name
    elif kind == "enemy-condition":
        if not check.threat or name not in check.threat.condition_list:
            raise Refused(_("Choose a condition of the threat faced."))
    elif kind == "assistance":
        if check.factors.filter(kind=FactorKind.ASSISTANCE, ref=None).exists():
            raise Refused(_("Simple assistance adds +1 PLUS however many help."))
        dice, name, ref = rules.SIMPLE_ASSISTANCE_PLUS, name or SIMPLE_HELP, None
    if dice not in signs:
        raise Refused(_("%(kind)s: %(signs)s.") % {"kind": label, "signs": either(f"{d:+d}" for d in signs)})
    if not name:
        raise Refused(_("Name the factor: what helps or hinders?"))
    if check.factors.filter(kind=kind, ref=ref, name=name[:120]).exists():
        return check  # already in the pool
    Factor.objects.create(for_check=check, kind=kind, name=name[:120], dice=dice, suggested_by=membership.user, ref=ref)
    check.confirmed = False
    check.save(update_fields=["confirmed"])
    return check


def _changed(check: Check, factor: Factor, dice: int) -> Check:
    """A factor already in the pool, counted anew: it waits for the GM's word again."""
    if factor.dice != dice:
        factor.dice = dice
        factor.save(update_fields=["dice"])
        check.confirmed = False
        check.save(update_fields=["confirmed"])
    return check


@transaction.atomic
def remove_factor(membership: Membership, check_id, factor_id) -> Check:
    """The GM strikes any factor; a member, one they suggested."""
    check = _building(membership, check_id)
    factor = check.factors.filter(pk=factor_id).first()
    if factor is None:
        return check
    if not membership.is_gm and factor.suggested_by_id != membership.user_id:
        raise Refused(_("Only the GM strikes a factor someone else suggested."))
    factor.delete()
    check.confirmed = False
    check.save(update_fields=["confirmed"])
    return check


@dataclass(frozen=True)
class Contributor:
    name: str
    dice: int
    """Signed: PLUS above zero, MINUS below."""


def contributors(check: Check, sheet: Sheet) -> list[Contributor]:
    """Every contributor to the pool, named and countable ("Gather your Dice Pool")."""
    out = []
    if check.skill:
        out.append(Contributor(_("Skill: %(skill)s") % {"skill": check.skill.name}, check.skill.rank))
        out += [Contributor(_("Expertise: %(expertise)s") % {"expertise": e.name}, 1)
                for e in Expertise.objects.filter(pk__in=check.expertise, skill=check.skill)]
    if check.drive and sheet.drive:
        out.append(Contributor(_("Drive: %(drive)s") % {"drive": sheet.drive}, 1))
    if check.threat and check.threat.current:
        out.append(Contributor(_("Toughness: %(threat)s") % {"threat": check.threat.name}, -check.threat.current))
    if sheet.trauma_minus:
        out.append(Contributor(_("Trauma (%(trauma)s)") % {"trauma": sheet.trauma - sheet.tough}, -sheet.trauma_minus))
    out += [Contributor(_("%(kind)s: %(name)s") % {"kind": factor.get_kind_display(), "name": factor.name}, factor.dice)
            for factor in check.factors.all()]
    return out


def pool(check: Check, sheet: Sheet) -> tuple[int, int, int, int]:
    """(PLUS gathered, MINUS gathered, PLUS rolled, MINUS rolled): the caps and the zero-PLUS rule."""
    parts = contributors(check, sheet)
    plus = sum(c.dice for c in parts if c.dice > 0)
    minus = -sum(c.dice for c in parts if c.dice < 0)
    return (plus, minus, *rules.pool_size(plus, minus))


@transaction.atomic
def confirm(gm: Membership, check_id) -> Check:
    check = _building(gm, check_id)
    check.confirmed = True
    check.save(update_fields=["confirmed"])
    return check


@transaction.atomic
def roll_check(membership: Membership, check_id, rng: random.Random | None = None) -> Roll:
    """The player rolls the pool the GM confirmed. A flaw invoked gives back 1 AP (once per job and
    flaw); "When a check results in any number of Banes gain 1 AP"."""
    check = _locked(membership, check_id)
    if not check.character.editable_by(membership):
        raise Refused(_("Only its player rolls this check."))
    if check.roll_id:
        return check.roll
    if not check.confirmed:
        raise Refused(_("The GM has not had the last word on the pool yet."))
    sheet = sheet_of(check.character, locked=True)
    parts = contributors(check, sheet)
    plus, minus, plus_dice, minus_dice = pool(check, sheet)
    plus_faces, minus_faces = rules.roll(plus_dice, minus_dice, roll_actions.table_dice(rng))
    read = rules.read_check(plus_faces, minus_faces)
    gained = []
    if flaw := check.factors.filter(kind=FactorKind.FLAW).first():
        Flaw.objects.filter(pk=flaw.ref).update(invoked_in=current_job(membership.campaign))
        gained.append(rules.ApGain.FLAW)
    if read.banes:
        gained.append(rules.ApGain.BANES)
    ap_before = sheet.ap
    sheet.ap = rules.recovered(sheet.ap, len(gained), sheet.ap_max)
    gained_ap = sheet.ap - ap_before
    sheet.save(update_fields=["ap"])
    campaign = membership.campaign
    roll = Roll.objects.create(
        campaign=campaign, session=campaign.current_session, character=check.character, rolled_by=membership.user,
        kind=RollKind.CHECK, goal=check.intent, action=check.skill.name if check.skill else "", pool_size=plus_dice,
        dice=list(plus_faces), dice_sources=[[c.name, c.dice] for c in parts], idempotency_key=check.key,
        outcome=read.outcome.value,
        choices=rules.CheckChoices(plus, minus, check.threat.name if check.threat else "", check.pk,
                                   check.clock_id).to_data(),
        result=rules.CheckRollResult(minus_faces, read.outcome, read.boons, read.banes, ap_before, sheet.ap,
                                     tuple(gained), gained_ap).to_data())
    check.roll = roll
    check.save(update_fields=["roll"])
    return _done_if_nothing_to_spend(membership, check, sheet)


def _may_spend(roll: Roll, sheet: Sheet) -> bool:
    """Whether anything is left to spend on a rolled check: an Action Point to improve a result
    short of Major or to ignore Banes, or a Boon while AP are not full."""
    result = result_of(roll)
    if sheet.ap >= 1 and (roll.outcome != rules.Outcome.MAJOR.value or result.banes_left):
        return True
    return bool(result.boons_left) and sheet.ap < sheet.ap_max


def _done_if_nothing_to_spend(membership: Membership, check: Check, sheet: Sheet) -> Roll:
    """With nothing left to spend the player has nothing to decide: the check is done at once."""
    return check.roll if _may_spend(check.roll, sheet) else done(membership, check.pk)


def result_of(roll: Roll) -> rules.CheckRollResult:
    """What a check's roll keeps, typed: pages read it, never the JSON."""
    return rules.CheckRollResult.from_data(roll.result)


def choices_of(roll: Roll) -> rules.CheckChoices:
    """What a check's roll was rolled with, typed."""
    return rules.CheckChoices.from_data(roll.choices)


def gained_words(result: rules.CheckRollResult) -> str:
    """Why AP came back, "a flaw invoked and Banes", in the reader's language."""
    return both(reason.label for reason in result.gained) if result.gained else ""


SPEND_ON_CHECK = ("improve", "ignore-banes", "boon")


@transaction.atomic
def spend_on_check(membership: Membership, check_id, spend: str) -> Roll:
    """After the dice: "Improve Result" (1 AP a level), "Ignore Banes" (1 AP: treat those 6s as
    5s; the MINUS stays), or spend a Boon to gain 1 AP."""
    check = _locked(membership, check_id)
    if not check.character.editable_by(membership):
        raise Refused(_("Only its player spends on this check."))
    roll = check.roll
    if roll is None:
        raise Refused(_("Roll first."))
    if spend not in SPEND_ON_CHECK:
        raise Refused(_("Improve the result, ignore the Banes, or spend a Boon."))
    sheet = sheet_of(check.character, locked=True)
    result = result_of(roll)
    outcome = rules.Outcome(roll.outcome)
    if spend == "boon":
        if result.boons_left < 1:
            raise Refused(_("No Boon left to spend."))
        if sheet.ap >= sheet.ap_max:
            raise Refused(_("%(name)s's Action Points are full: keep the Boon.") % {"name": check.character.name})
        result = replace(result, boons_spent=result.boons_spent + 1)
        sheet.ap = rules.recovered(sheet.ap, 1, sheet.ap_max)
    else:
        if sheet.ap < 1:
            raise Refused(_("%(name)s has no Action Point left.") % {"name": check.character.name})
        if spend == "improve":
            if outcome is rules.Outcome.MAJOR:
                raise Refused(_("A Major success is as good as it gets."))
            roll.outcome = outcome.improved().value
            result = replace(result, improved=result.improved + 1)
        else:
            if not result.banes_left:
                raise Refused(_("No Banes to ignore."))
            result = replace(result, ignored_banes=True)
        sheet.ap -= 1
    sheet.save(update_fields=["ap"])
    roll.result = replace(result, ap_after=sheet.ap).to_data()
    roll.save(update_fields=["outcome", "result"])
    return _done_if_nothing_to_spend(membership, check, sheet)


@transaction.atomic
def done(membership: Membership, check_id) -> Roll:
    """The check is over: its clock is marked by the outcome, Boons and Banes left ("Clocks &
    Extended Checks"); a helper's Major or Minor adds +1 PLUS to the check it assists."""
    check = _locked(membership, check_id)
    if not check.character.editable_by(membership):
        raise Refused(_("Only its player ends this check."))
    roll = check.roll
    if roll is None:
        raise Refused(_("Roll first."))
    outcome = rules.Outcome(roll.outcome)
    result = result_of(roll)
    marked = None
    if check.clock_id:
        clock = Clock.objects.select_related("character", "campaign").locked(pk=check.clock_id, campaign=membership.campaign)
        # A danger clock or complication is a negative clock; an opposed clock moves as a positive
        # one toward the characters' side.
        marks = rules.clock_marks(outcome, result.boons_left, result.banes_left,
                                  positive=clock.rules_kind not in (ClockKind.DANGER, ClockKind.COMPLICATION))
        moved = -marks if clock.is_opposed and not clock.characters_fill else marks
        reason = said("%(name)s's check: %(outcome)s", name=check.character.name, outcome=outcome.in_a_sentence)
        if not clock.archived and record_change(membership, clock, clock.filled + moved, reason, roll=roll):
            marked = rules.ClockMarked(clock.pk, moved)
    if check.assisting_id and outcome is not rules.Outcome.HOLLOW:
        target = Check.objects.select_for_update().filter(pk=check.assisting_id, roll__isnull=True).first()
        if target is not None:
            Factor.objects.create(
                for_check=target, kind=FactorKind.ASSISTANCE, dice=1, suggested_by=membership.user, ref=check.pk,
                name=filled(CHECK_ASSISTS, name=check.character.name, outcome=outcome.in_a_sentence))
            target.confirmed = False
            target.save(update_fields=["confirmed"])
    roll.result = replace(result, settled=True, marked=marked).to_data()
    roll.save(update_fields=["result"])
    check.delete()
    return roll


@transaction.atomic
def withdraw(membership: Membership, check_id) -> None:
    check = _building(membership, check_id)
    if not check.character.editable_by(membership):
        raise Refused(_("Only its player takes it back."))
    check.delete()
