"""Every write of the Traits & Consequence system, each atomic: the sheet, and a conflict from its
stakes to its Consequence (``shared/rules/system-traits-and-consequence.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaign.models import Campaign, Membership
from characters.models import Character
from characters.sheets import own_character, sheet_for
from core.refused import Refused
from gamerules import traits as rules
from gamerules.words import said, said_n
from rolls import actions as roll_actions
from rolls.models import Roll
from traits.kinds import RollKind
from traits.models import Conflict, Feature, FeatureKind, Sheet

MOST_STATS = 12
MOST_RATING = 10
STAT_NAME_MOST = 30
"""A Stat's name is its conflict's action in the roll log (``Roll.action``)."""


def stat_names(campaign: Campaign) -> list[str]:
    """The campaign's Stats: the GM's list, or the text's six."""
    names = campaign.system_options.get("stats") or rules.DEFAULT_STATS
    return list(dict.fromkeys(str(name)[:STAT_NAME_MOST] for name in names))


def sheet_of(character: Character, locked: bool = False) -> Sheet:
    return sheet_for(Sheet, character, locked)




# The sheet -----------------------------------------------------------------------------------

@transaction.atomic
def set_stat_list(gm: Membership, text: str) -> list[str]:
    """The GM sets the campaign's Stats, one a line ("Stats & Powers" names its examples)."""
    names = list(dict.fromkeys(line.strip()[:STAT_NAME_MOST] for line in text.splitlines() if line.strip()))
    if not names:
        raise Refused(_("Name at least one Stat."))
    if len(names) > MOST_STATS:
        raise Refused(_("At most %(most)s Stats.") % {"most": MOST_STATS})
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    campaign.system_options = {**campaign.system_options, "stats": names}
    campaign.save(update_fields=["system_options"])
    campaign.log(gm.user, said("Stats: %(names)s.", names=", ".join(names)))
    return names


@transaction.atomic
def set_stats(membership: Membership, character_id, values: dict[str, tuple[int, int]]) -> Sheet:
    """Ratings and current values as the player (or GM) writes them; current never above rating."""
    character = own_character(membership, character_id)
    names = stat_names(membership.campaign)
    sheet = sheet_of(character, locked=True)
    stats = dict(sheet.stats)
    for name, (rating, current) in values.items():
        if name not in names:
            raise Refused(_("%(name)s is not one of this campaign's Stats.") % {"name": name})
        if not 0 <= rating <= MOST_RATING or not 0 <= current <= rating:
            raise Refused(_("%(name)s: a rating from 0 to %(most)s, and a current value from 0 to the rating.")
                          % {"name": name, "most": MOST_RATING})
        stats[name] = {"rating": rating, "current": current}
    if stats != sheet.stats:
        changes = ", ".join(f"{name} {stat['current']}/{stat['rating']}"
                            for name, stat in stats.items() if stat != sheet.stats.get(name))
        membership.campaign.log(membership.user, said("%(name)s's Stats: %(changes)s.", name=character.name, changes=changes))
    sheet.stats = stats
    sheet.save(update_fields=["stats"])
    return sheet


@transaction.atomic
def set_pool(gm: Membership, character_id, consequence: int, gl: int) -> Sheet:
    """The GM corrects the Consequence pool or sets GL (the explosion threshold)."""
    character = Character.objects.filter(campaign=gm.campaign, pk=character_id).first()
    if character is None:
        raise Refused(_("No such character."))
    if gl < 1 or consequence < 0 or consequence >= gl:
        raise Refused(_("GL is 1 or more, and the pool stays below it (at GL it explodes)."))
    sheet = sheet_of(character, locked=True)
    sheet.consequence, sheet.gl = consequence, gl
    sheet.save(update_fields=["consequence", "gl"])
    gm.campaign.log(gm.user, said("%(name)s's Consequence pool set to %(pool)s, GL %(gl)s.",
                                  name=character.name, pool=consequence, gl=gl))
    return sheet


@transaction.atomic
def add_feature(membership: Membership, character_id, kind: str, name: str, value: int,
                tagged: bool, applies_to: str) -> Feature:
    """A Power, a Trait or an Item written on the sheet ("Stats & Powers", "Traits and Items")."""
    character = own_character(membership, character_id)
    if kind not in FeatureKind.values:
        raise Refused(_("Choose Power, Trait or Item."))
    kind = FeatureKind(kind)
    if not name:
        raise Refused(_("Name it."))
    if kind is FeatureKind.ITEM and tagged:
        raise Refused(_("Only Traits and Powers carry the Consequence tag."))
    if kind is not FeatureKind.TRAIT and not 1 <= value <= MOST_RATING:
        raise Refused((_("A Power's value is 1 to %(most)s.") if kind is FeatureKind.POWER
                       else _("A Item's value is 1 to %(most)s.")) % {"most": MOST_RATING})
    feature = Feature.objects.create(character=character, kind=kind, name=name, tagged=tagged,
                                     value=value if kind is not FeatureKind.TRAIT else 1,
                                     applies_to=applies_to if kind is FeatureKind.POWER else "")
    values = {"name": character.name, "feature": str(feature)}
    membership.campaign.log(membership.user, {FeatureKind.POWER: said("%(name)s gains a Power: %(feature)s.", **values),
                                              FeatureKind.TRAIT: said("%(name)s gains a Trait: %(feature)s.", **values),
                                              FeatureKind.ITEM: said("%(name)s gains a Item: %(feature)s.", **values)}[kind])
    return feature


@transaction.atomic
def remove_feature(membership: Membership, character_id, feature_id) -> None:
    character = own_character(membership, character_id)
    if hasattr(character, "conflict"):
        raise Refused(_("Not while a conflict is on its way: its bids may use it."))
    feature = character.features.filter(pk=feature_id).first()
    if feature:
        feature.delete()
        membership.campaign.log(membership.user, said("%(name)s strikes out %(feature)s.",
                                                      name=character.name, feature=str(feature)))


# A conflict ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class ConflictStart:
    character_id: int
    stakes: str
    solution: str
    stat: str
    power_ids: tuple[int, ...] = ()
    burn: bool = False
    complication: str = ""
    """What the burnt Consequence complicates ("narrating a complication to your solution")."""


@transaction.atomic
def start_conflict(membership: Membership, start: ConflictStart, key: str) -> Conflict | Roll:
    """"Determine the Stakes", "Decide the Solution", choose the Stat; the Powers that apply; and,
    before the roll, burn one Consequence for -1 to that Stat ("Burning Consequence")."""
    if existing := Conflict.objects.filter(key=key).first():
        return existing  # the same form sent twice
    if made := roll_actions.made_with(membership.campaign, key):
        return made  # sent again once its roll was made: the key starts nothing new
    character = own_character(membership, start.character_id)
    if not start.stakes or not start.solution:
        raise Refused(_("Write the stakes (what you hope to accomplish) and the solution (what you do)."))
    if start.stat not in stat_names(membership.campaign):
        raise Refused(_("Choose one of the campaign's Stats."))
    sheet = sheet_of(character, locked=True)
    powers = list(character.features.filter(kind=FeatureKind.POWER, pk__in=start.power_ids).values_list("pk", flat=True))
    if len(powers) != len(set(start.power_ids)):
        raise Refused(_("Those Powers are not on this sheet."))
    if start.burn:
        if sheet.consequence < rules.BURN_PER_CONFLICT:
            raise Refused(_("There is no Consequence to burn."))
        if sheet.current([start.stat])[start.stat] < 1:
            raise Refused(_("%(stat)s is at 0: there is nothing to take -1 from.") % {"stat": start.stat})
        sheet.consequence -= rules.BURN_PER_CONFLICT
        sheet.save(update_fields=["consequence"])
    try:
        with transaction.atomic():
            return Conflict.objects.create(
                campaign=membership.campaign, character=character, key=key, stakes=start.stakes,
                solution=start.solution, stat=start.stat, burned=start.burn, powers=powers,
                complication=start.complication if start.burn else "",
                started_by=membership.user)
    except IntegrityError:
        raise Refused(_("%(name)s is already in a conflict: finish it first.") % {"name": character.name}) from None


def _locked(membership: Membership, conflict_id) -> Conflict:
    conflict = (Conflict.objects.select_for_update(of=("self",)).select_related("character", "roll")
                .filter(campaign=membership.campaign, pk=conflict_id).first())
    if conflict is None:
        raise Refused(_("That conflict is over."))
    return conflict


def _playing(membership: Membership, conflict_id) -> Conflict:
    conflict = _locked(membership, conflict_id)
    if not conflict.character.editable_by(membership):
        raise Refused(_("Only its player rolls this conflict."))
    return conflict


def stat_dice(conflict: Conflict, sheet: Sheet) -> int:
    """The Stat's current value, less one if a Consequence was burnt."""
    return max(sheet.current([conflict.stat]).get(conflict.stat, 0) - conflict.burned, 0)


def power_successes(conflict: Conflict) -> tuple[int, int]:
    """(automatic successes, © tags) of the Powers that apply ("Stats & Powers")."""
    powers = Feature.objects.filter(character=conflict.character_id, pk__in=conflict.powers)
    return sum(power.value for power in powers), sum(power.tagged for power in powers)


@transaction.atomic
def set_gm_successes(gm: Membership, conflict_id, dice: int | None = None, stated: int | None = None,
                     rng: random.Random | None = None) -> Conflict:
    """"the GM will tell you hers or hold up fingers": she rolls her dice, or states her successes."""
    conflict = _locked(gm, conflict_id)
    if conflict.gm_successes is not None:
        return conflict  # already set: a double tap
    if dice is not None:
        if not 1 <= dice <= rules.MOST_DICE:
            raise Refused(_("Roll 1 to %(most)s dice.") % {"most": rules.MOST_DICE})
        faces = list(rules.roll(dice, roll_actions.table_dice(rng)))
        conflict.gm_dice, conflict.gm_successes = faces, rules.successes(faces)
    elif stated is not None and 0 <= stated <= rules.MOST_DICE:
        conflict.gm_successes = stated
    else:
        raise Refused(_("Roll your dice, or state 0 to %(most)s successes.") % {"most": rules.MOST_DICE})
    conflict.save(update_fields=["gm_dice", "gm_successes"])
    return conflict


def conflict_result(roll: Roll) -> rules.ConflictRollResult:
    return rules.ConflictRollResult.from_data(roll.result)


def result_of(roll: Roll) -> rules.ConflictRollResult | rules.AftermathRollResult:
    """What a conflict's or an aftermath's roll keeps, typed: pages read it, never the JSON."""
    if roll.kind == RollKind.CONFLICT:
        return conflict_result(roll)
    return rules.AftermathRollResult.from_data(roll.result)


def choices_of(roll: Roll) -> rules.ConflictChoices:
    """What a conflict's roll was played with, typed (an aftermath keeps none)."""
    return rules.ConflictChoices.from_data(roll.choices)


def rules_conflict(roll: Roll) -> rules.Conflict:
    """The rules' view of a conflict roll, read from the log."""
    return conflict_result(roll).numbers(roll.dice)


@transaction.atomic
def roll_stat(membership: Membership, conflict_id, rng: random.Random | None = None) -> Roll:
    """The player rolls the Stat, adds the Powers' successes, and sees whether she is behind."""
    conflict = _playing(membership, conflict_id)
    if conflict.roll_id:
        return conflict.roll
    if conflict.gm_successes is None:
        raise Refused(_("The GM has not said her successes yet."))
    sheet = sheet_of(conflict.character)
    faces = list(rules.roll(stat_dice(conflict, sheet), roll_actions.table_dice(rng)))
    powers, tags = power_successes(conflict)
    power_names = list(Feature.objects.filter(pk__in=conflict.powers).values_list("name", flat=True))
    campaign = membership.campaign
    roll = Roll.objects.create(
        campaign=campaign, session=campaign.current_session, character=conflict.character,
        rolled_by=membership.user, kind=RollKind.CONFLICT, goal=conflict.stakes, action=conflict.stat,
        pool_size=len(faces), dice=faces, idempotency_key=conflict.key,
        choices=rules.ConflictChoices(conflict.solution, conflict.burned, conflict.complication,
                                      tuple(power_names), conflict.pk).to_data(),
        result=rules.ConflictRollResult(gm=conflict.gm_successes, gm_dice=tuple(conflict.gm_dice or ()),
                                        powers=powers, tags=tags).to_data())
    conflict.roll = roll
    conflict.save(update_fields=["roll"])
    return _stop_if_nothing_to_decide(conflict, sheet)


def bids_left(conflict: Conflict, sheet: Sheet) -> tuple[list[Feature], list[Feature], int]:
    """(Traits not bid yet, Items if none was bid, how many more Traits may be bid): "as many
    Traits as the value of the Stat you're using" (reading: after a burnt Consequence's -1), and
    "one item"."""
    bids = conflict_result(conflict.roll).bids if conflict.roll else ()
    features = list(conflict.character.features.exclude(pk__in=[bid.feature for bid in bids]))
    traits = [f for f in features if f.kind == FeatureKind.TRAIT]
    item_bid = any(bid.kind is rules.BidKind.ITEM for bid in bids)
    items = [] if item_bid else [f for f in features if f.kind == FeatureKind.ITEM]
    traits_bid = sum(bid.kind is rules.BidKind.TRAIT for bid in bids)
    return traits, items, max(stat_dice(conflict, sheet) - traits_bid, 0)


@transaction.atomic
def bid(membership: Membership, conflict_id, trait_ids, item_id=None, rng: random.Random | None = None) -> Roll:
    """"For every Trait you bid, roll an extra die"; the Item rolls its Value in dice. One at a time
    or all at once; the dice join the roll."""
    conflict = _playing(membership, conflict_id)
    roll = conflict.roll
    result = conflict_result(roll) if roll else None
    if result is None or result.resolved:
        raise Refused(_("Bid after the Stat roll, before the conflict is resolved."))
    sheet = sheet_of(conflict.character)
    traits, items, room = bids_left(conflict, sheet)
    chosen = [t for t in traits if t.pk in set(trait_ids)]
    item = next((i for i in items if i.pk == item_id), None)
    if len(chosen) != len(set(trait_ids)) or (item_id is not None and item is None):
        raise Refused(_("Bid Traits and an Item from the sheet, each once (one Item per conflict)."))
    if errors := rules.bid_errors(stat_dice(conflict, sheet),
                                  result.bid_count(rules.BidKind.TRAIT) + len(chosen),
                                  result.bid_count(rules.BidKind.ITEM) + (item is not None)):
        raise Refused(errors[0])
    if not chosen and item is None:
        raise Refused(_("Choose a Trait or an Item to bid."))
    dice = roll_actions.table_dice(rng)
    result = result.bid([rules.Bid(feature.pk, rules.BidKind(feature.kind), str(feature), feature.tagged,
                                   rules.roll(feature.bid_dice, dice))
                         for feature in chosen + ([item] if item else [])])
    roll.result = result.to_data()
    roll.pool_size = len(roll.dice) + sum(len(bid.dice) for bid in result.bids)
    roll.save(update_fields=["result", "pool_size"])
    return _stop_if_nothing_to_decide(conflict, sheet)


def _stop_if_nothing_to_decide(conflict: Conflict, sheet: Sheet) -> Roll:
    """Resolves at once when the player has nothing left to choose: won with the Stat roll ("If you
    have at least as many as the GM, stop"), or nothing left to bid."""
    traits, items, room = bids_left(conflict, sheet)
    result = conflict_result(conflict.roll)
    if result.numbers(conflict.roll.dice).result is rules.Result.WHOLE or not (traits and room or items):
        return _resolve(conflict)
    return conflict.roll


@transaction.atomic
def resolve(membership: Membership, conflict_id) -> Roll:
    """"... and Resolve": whole, mixed or a loss, and the Consequence it brings (the margin on a
    loss, and the tags' even on a win). Without Consequence the conflict is over."""
    conflict = _playing(membership, conflict_id)
    if conflict.roll is None:
        raise Refused(_("Roll the Stat first."))
    return _resolve(conflict)


def _resolve(conflict: Conflict) -> Roll:
    roll = conflict.roll
    result = conflict_result(roll)
    if result.resolved:
        return roll
    result = result.resolve(roll.dice)
    roll.outcome = result.numbers(roll.dice).result.value
    roll.result = result.to_data()
    if result.settled:
        conflict.delete()
    roll.save(update_fields=["result", "outcome"])
    return roll


@transaction.atomic
def propose_damage(membership: Membership, conflict_id, damage: dict[str, int],
                   rng: random.Random | None = None) -> Roll:
    """"the player decides how much (if any) Consequence she'll absorb as damage and where it goes";
    the rest goes into the pool. Damage waits for the GM to agree ("The GM (and the rest of the
    group) has to agree that it makes sense"); all of it into the pool needs no one's leave."""
    conflict = _playing(membership, conflict_id)
    roll = conflict.roll
    result = conflict_result(roll) if roll else None
    if result is None or not result.resolved:
        raise Refused(_("Resolve the conflict first."))
    sheet = sheet_of(conflict.character, locked=True)
    damage = {stat: points for stat, points in damage.items() if points}
    if errors := rules.damage_errors(result.consequence, damage, sheet.current(stat_names(membership.campaign))):
        raise Refused(errors[0])
    if not damage:
        return _settle(membership, conflict, sheet, {}, agreed=True, rng=rng)
    roll.result = result.propose(tuple(damage.items())).to_data()
    roll.save(update_fields=["result"])
    return roll


@transaction.atomic
def confirm_damage(gm: Membership, conflict_id, agreed: bool = True, rng: random.Random | None = None) -> Roll:
    """The GM agrees to the player's damage, or the group does not and it all goes to the pool."""
    conflict = _locked(gm, conflict_id)
    proposed = conflict_result(conflict.roll).proposed if conflict.roll else None
    if proposed is None:
        raise Refused(_("The player has not split the Consequence yet."))
    sheet = sheet_of(conflict.character, locked=True)
    return _settle(gm, conflict, sheet, dict(proposed) if agreed else {}, agreed, rng)


def _settle(membership, conflict, sheet, damage, agreed, rng) -> Roll:
    """The Consequence taken: damage on the Stats, the rest in the pool. "Whenever you get at
    least as much Consequence as your GL, it explodes": GL is burnt and the GM rolls that many
    dice; her successes are the twist's magnitude ("Explosions")."""
    roll = conflict.roll
    result = conflict_result(roll)
    names = stat_names(membership.campaign)
    taken = rules.take_consequence(sheet.consequence, sheet.gl, result.consequence, damage, sheet.current(names))
    stats = dict(sheet.stats)
    for stat, points in taken.damage.items():
        rating, current = next((r, c) for name, r, c in sheet.stat_rows(names) if name == stat)
        stats[stat] = {"rating": rating, "current": current - points}
    sheet.stats, sheet.consequence = stats, taken.pool
    sheet.save(update_fields=["stats", "consequence"])
    dice = roll_actions.table_dice(rng)
    explosions = tuple(rules.Explosion(sheet.gl, faces, rules.successes(faces))
                       for faces in (rules.roll(sheet.gl, dice) for _ in range(taken.explosions)))
    roll.result = result.settle(rules.Settlement(tuple(taken.damage.items()), taken.pool, agreed, explosions)).to_data()
    roll.save(update_fields=["result"])
    for explosion in explosions:
        membership.campaign.log(membership.user, said("%(name)s's Consequence explodes: a twist of magnitude %(magnitude)s.",
                                                      name=conflict.character.name, magnitude=explosion.successes))
    conflict.delete()
    return roll


@transaction.atomic
def withdraw(membership: Membership, conflict_id) -> None:
    """A conflict not rolled yet is taken back; a burnt Consequence comes back with it."""
    conflict = _locked(membership, conflict_id)
    if not (conflict.character.editable_by(membership) or membership.is_gm):
        raise Refused(_("Only its player or the GM takes it back."))
    if conflict.roll_id:
        raise Refused(_("The Stat is rolled: play it out."))
    if conflict.burned:
        sheet = sheet_of(conflict.character, locked=True)
        sheet.consequence += rules.BURN_PER_CONFLICT
        sheet.save(update_fields=["consequence"])
    conflict.delete()


@transaction.atomic
def aftermath(gm: Membership, character_id, burn: int, key: str, rng: random.Random | None = None) -> Roll:
    """"The GM burns off some or all of a character's Consequence and rolls that many dice ... the
    character gains [successes] new Consequence Traits" ("Aftermath")."""
    if existing := roll_actions.made_with(gm.campaign, key):
        return existing
    character = Character.objects.filter(campaign=gm.campaign, pk=character_id).first()
    if character is None:
        raise Refused(_("No such character."))
    sheet = sheet_of(character, locked=True)
    if not 1 <= burn <= sheet.consequence:
        raise Refused(_("Burn 1 to %(most)s of %(name)s's Consequence.") % {"most": sheet.consequence, "name": character.name}
                      if sheet.consequence else _("%(name)s has no Consequence to burn.") % {"name": character.name})
    sheet.consequence -= burn
    sheet.save(update_fields=["consequence"])
    faces = list(rules.roll(burn, roll_actions.table_dice(rng)))
    campaign = gm.campaign
    gains = rules.successes(faces)
    campaign.log(gm.user, said_n("Aftermath for %(name)s: %(burn)s Consequence burnt, %(gains)s new Consequence Trait to gain.",
                                 "Aftermath for %(name)s: %(burn)s Consequence burnt, %(gains)s new Consequence Traits to gain.",
                                 gains, name=character.name, burn=burn, gains=gains))
    return Roll.objects.create(
        campaign=campaign, session=campaign.current_session, character=character, rolled_by=gm.user,
        kind=RollKind.AFTERMATH, pool_size=burn, dice=faces, idempotency_key=key,
        result=rules.AftermathRollResult(burned=burn, successes=gains).to_data())
