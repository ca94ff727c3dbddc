"""The action roll: from the player's choices to a pool, and from the dice to what changes.

Rulebook sections: "Action Roll" (steps 1-4, "Push Yourself", "Add Tension", "Assist"), "Team Work"
("Set up", "From Zero to Limited"), "Flashbacks", "Momentum", the Asset Extra, the Solo Extra
("The Last Standing Rule"), the Party Extra ("Uses for Party Details", "Burning Progress"), the
Magic Extra ("The Cost of Magic", "The effect of magic") and the Quick Charge Extra.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from gamerules.characters import spend_errors
from gamerules.charge import (
    DEFAULT_MOMENTUM_DIAL,
    Effect,
    MomentumDial,
    Outcome,
    PoolRoll,
    Risk,
    RiskWording,
    momentum_gain,
    odds,
)
from gamerules.dials import Extra, Ruleset
from gamerules.magic import SpellBonus, assured, assured_odds
from gamerules.party import Disposition, burn_errors
from gamerules.party import consequence_rating as party_consequence_rating
from gamerules.progression import TalentKind
from gamerules.readings import (
    CRITICAL_RAISES_EFFECT,
    FLASHBACK_MOST,
    LAST_STANDING_IS_ALONE,
    TAKEN_OUT_MAY_HELP,
    TENSION_MOMENTUM,
)
from gamerules.words import said, said_n

PUSH_COST = 2
"""Push yourself: 2 momentum per push ("Push Yourself")."""

LAST_STANDING_PUSH_COST = 1
"""Alone, pushing yourself costs 1 momentum per push ("The Last Standing Rule")."""

ASSIST_COST = 1
"""The helper consumes 1 momentum ("Assist")."""

NORMAL_BONUS_DICE = 2
"""You can normally get two bonus dice: one from assistance, one from pushing yourself, adding
tension or an asset ("Player Evens the Odds")."""

FLASHBACK_COSTS = {
    0: said("An ordinary action for which you had easy opportunity."),
    1: said("A complex action or unlikely opportunity."),
    2: said("An elaborate action that involved special opportunities or contingencies."),
}
"""The GM sets a flashback's cost in momentum, 0 to 2 ("Flashbacks" recap, Quick Charge, SRD)."""


def flashback_costs(most: int = FLASHBACK_MOST) -> dict[int, str]:
    """The costs a GM may set: 0 to 2 by default; the body's "2 (or more)" is a dial that lets
    the GM ask more for the most elaborate flashbacks ("Flashbacks"; project reading)."""
    elaborate = FLASHBACK_COSTS[2]
    return {cost: FLASHBACK_COSTS.get(cost, elaborate) for cost in range(0, max(most, 0) + 1)}


class PushBenefit(Enum):
    """What one push buys ("Push Yourself")."""

    DIE = "die"
    EFFECT = "effect"
    ACT_WHILE_TAKEN_OUT = "taken_out"

    @property
    def label(self) -> str:
        return {"die": said("+1d6"), "effect": said("+1 effect"),
                "taken_out": said("Act even though taken out")}[self.value]


class AssetBenefit(Enum):
    """An asset gives +1d6 or increased effect ("Asset Extra")."""

    DIE = "die"
    EFFECT = "effect"


class SetupBenefit(Enum):
    """A successful setup gives a follower +1 effect or a better risk ("Set up")."""

    EFFECT = "effect"
    RISK = "risk"

    def describe(self, wording: RiskWording = RiskWording.RISK) -> str:
        """What a follower gets, in the campaign's words ("Set up")."""
        if self is SetupBenefit.EFFECT:
            return said("+1 effect")
        return said("a better position") if wording is RiskWording.POSITION else said("a better risk")


@dataclass(frozen=True)
class Helper:
    """A character who assists: they consume 1 momentum and give +1d6 ("Assist"). ``key``
    tells characters apart (two may share a name); ``name`` is what the table reads. A
    character taken out for the scene acts only by pushing on their own roll ("Push Yourself":
    "take action even if you were taken out"), so they do not assist (project reading)."""

    key: str
    momentum: int
    name: str = ""
    taken_out: bool = False

    @property
    def label(self) -> str:
        return self.name or self.key


@dataclass(frozen=True)
class ActionRollChoices:
    """Everything decided before an action roll: the rating, the GM's risk and effect, and how
    the player evens the odds."""

    rating: int
    momentum: int
    risk: Risk = Risk.MODERATE
    effect: Effect = Effect.STANDARD
    pushes: tuple[PushBenefit, ...] = ()
    helpers: tuple[Helper, ...] = ()
    tension: bool = False
    talents: tuple[TalentKind, ...] = ()
    """The talents whose situation applies to this roll."""
    asset: AssetBenefit | None = None
    setup: SetupBenefit | None = None
    risk_improved: bool = False
    """A determination roll's 66 improved this roll's risk ("Determination Roll")."""
    taken_out: bool = False
    last_standing: bool = False
    flashback_cost: int = 0
    flashback_most: int = FLASHBACK_MOST
    """The most a flashback may cost in this campaign (the dial)."""
    cap_lifted: bool = False
    """The GM lifts the normal cap of two bonus dice."""
    disposition: int = 0
    """The party details bearing on the roll, combined: +1 positive, -1 negative (Party Extra)."""
    disposition_for_effect: bool = False
    """A positive disposition taken as +1 effect "rather than an improved position"."""
    progress: int = 0
    """The party's progress clock, filled segments that may be burned as momentum."""
    burned_progress: int = 0
    resource_dice: int = 0
    """Points of a resource spent for +1d6 each (Resource Pool Extra): capped by the resource, not
    by the two bonus dice."""
    spell_cost: int = 0
    """The momentum a spell this roll casts costs ("The Cost of Magic")."""
    talent_cost: int = 0
    """The momentum the talents invoked on this roll cost, under the campaign's dial (free by default)."""
    stress_penalty: int = 0
    """Dice the campaign's penalty takes away for the roller's stress (gamerules/conditions.py)."""
    spell: SpellBonus | None = None
    """What a readied spell gives this roll ("The effect of magic"): its die sits outside the cap of
    two bonus dice, as a talent's does."""


@dataclass(frozen=True)
class ActionRollPlan:
    """What the choices add up to: the pool, the final risk and effect, and who pays what."""

    pool_size: int
    dice_sources: tuple[str, ...]
    risk: Risk
    effect: Effect
    effect_steps: int
    roller_cost: int
    helper_costs: tuple[tuple[str, int], ...] = ()
    """(who, momentum) for each helper, by name, in the order they assist."""
    progress_burned: int = 0
    """Party progress spent as momentum, paying the roller's costs first, then the helpers'."""
    disposition: int = 0
    """The party disposition that moves a consequence rating (none when it bought +1 effect)."""
    automatic_success: bool = False
    """A spell makes it an automatic success: short of a 66, it reads as a full success."""
    dice_lost: int = 0
    """Dice the stress penalty took from the sources ("Introducing Penalties"); at 0 dice, the zero-dice rule."""

    @property
    def momentum_spent(self) -> int:
        return self.roller_cost + sum(cost for _, cost in self.helper_costs) + self.progress_burned

    @property
    def generates_momentum(self) -> bool:
        """When momentum is spent for a roll, it cannot generate momentum ("Momentum")."""
        return self.momentum_spent == 0

    @property
    def odds(self) -> Mapping[Outcome, Fraction]:
        return assured_odds(odds(self.pool_size)) if self.automatic_success else odds(self.pool_size)


@dataclass(frozen=True)
class Refusal:
    """The choices are not allowed; each reason is a sentence a player understands."""

    reasons: tuple[str, ...]


def plan_action_roll(choices: ActionRollChoices,
                     extras: frozenset[Extra] = frozenset()) -> ActionRollPlan | Refusal:
    """Add up an action roll from its choices ("Action Roll", steps 1-4).

    The pool is the action rating, +1d6 per assist (the helper consumes 1 momentum), +1d6 for a
    push (2 momentum, or 1 for the last one standing) or for added tension or an asset, and +1d6
    per talent whose situation applies. Normally at most one die comes from assistance and one
    from push, tension or asset; the GM may lift that cap. Pushes for effect, effect talents, an
    asset for effect and a setup each raise the effect a level (no effect becomes limited: "From
    Zero to Limited"); risk talents, a setup for risk and a determination 66 each lower the risk.
    """
    c = choices
    reasons: list[str] = []
    push_cost = PUSH_COST
    if c.last_standing:
        if Extra.SOLO not in extras:
            reasons.append(said("The Solo extra is not used in this campaign."))
        push_cost = LAST_STANDING_PUSH_COST
        if c.helpers and LAST_STANDING_IS_ALONE:
            reasons.append(said("Nobody can assist the last one standing."))
    if c.asset is not None and Extra.ASSET not in extras:
        reasons.append(said("The Asset extra is not used in this campaign."))
    if c.rating < 0:
        reasons.append(said("An action rating cannot be negative."))
    if c.taken_out and PushBenefit.ACT_WHILE_TAKEN_OUT not in c.pushes:
        reasons.append(said_n("A character who is taken out must push themselves (%(n)s momentum) to act.",
                              "A character who is taken out must push themselves (%(n)s momentum) to act.",
                              push_cost))
    if not c.taken_out and PushBenefit.ACT_WHILE_TAKEN_OUT in c.pushes:
        reasons.append(said("Only a character who is taken out needs to push to act."))
    if c.pushes.count(PushBenefit.ACT_WHILE_TAKEN_OUT) > 1:
        reasons.append(said("One push is enough to act while taken out."))
    if c.flashback_cost not in flashback_costs(c.flashback_most):
        reasons.append(_flashback_refusal(c.flashback_most))

    assist_dice = len(c.helpers)
    other_dice = c.pushes.count(PushBenefit.DIE) + int(c.tension) + int(c.asset is AssetBenefit.DIE)
    if not c.cap_lifted and (assist_dice > 1 or other_dice > 1):
        reasons.append(said("You can normally get two bonus dice: one from assistance and one from "
                            "pushing yourself, adding tension or an asset. Ask the GM to lift the cap."))

    helper_keys = [helper.key for helper in c.helpers]
    if len(set(helper_keys)) != len(helper_keys):
        reasons.append(said("A character can assist a roll only once."))
    # Burned progress pays "as momentum, on a one-for-one basis": the roller's costs first, then
    # the helpers' ("to allow the mechanic to assist").
    burn = c.burned_progress
    reasons.extend(burn_errors(c.progress, burn) if burn else [])
    roller_cost = push_cost * len(c.pushes) + c.flashback_cost + c.spell_cost + c.talent_cost
    burn_left = max(0, burn - roller_cost)
    roller_cost = max(0, roller_cost - burn)
    helper_costs = []
    for helper in c.helpers:
        cost = ASSIST_COST - min(burn_left, ASSIST_COST)
        burn_left -= ASSIST_COST - cost
        helper_costs.append((helper.label, cost))
        if helper.taken_out and not TAKEN_OUT_MAY_HELP:
            reasons.append(said("%(helper)s is taken out for the scene and cannot assist.", helper=helper.label))
        elif helper.momentum < cost:
            reasons.append(said("%(helper)s has no momentum left to assist.", helper=helper.label))
    if burn_left:
        reasons.append(said("Burn only the momentum this roll spends: pushes, a flashback, assists."))
    # The GM's price alone: said as the flashback's, so its player knows what they cannot pay.
    only_the_price = c.flashback_cost and roller_cost == c.flashback_cost
    reasons.extend(spend_errors(c.momentum, roller_cost, "This flashback costs" if only_the_price else "This needs"))
    if c.disposition_for_effect and c.disposition <= 0:
        reasons.append(said("Only a positive party detail gives +1 effect."))

    spell = c.spell or SpellBonus()
    effect_steps = (c.pushes.count(PushBenefit.EFFECT) + c.talents.count(TalentKind.EXTRA_EFFECT)
                    + int(c.asset is AssetBenefit.EFFECT) + int(c.setup is SetupBenefit.EFFECT)
                    + int(c.disposition_for_effect) + spell.effect_steps)
    # Momentum paid for effect past great buys nothing; free bonuses past great are just capped.
    if PushBenefit.EFFECT in c.pushes and c.effect + effect_steps > Effect.GREAT:
        reasons.append(said("The effect would pass great: a push for effect would be wasted."))
    if reasons:
        return Refusal(tuple(reasons))

    talent_dice = c.talents.count(TalentKind.EXTRA_DIE)
    dice_sources = (("rating",) * c.rating + ("assist",) * assist_dice
                    + ("push",) * c.pushes.count(PushBenefit.DIE) + ("tension",) * int(c.tension)
                    + ("asset",) * int(c.asset is AssetBenefit.DIE) + ("talent",) * talent_dice
                    + ("resource",) * c.resource_dice + ("spell",) * spell.dice)
    risk_steps = (c.talents.count(TalentKind.LOWER_RISK) + int(c.setup is SetupBenefit.RISK)
                  + int(c.risk_improved) + spell.risk_steps)
    return ActionRollPlan(
        pool_size=max(0, len(dice_sources) - c.stress_penalty),
        dice_sources=dice_sources,
        dice_lost=min(c.stress_penalty, len(dice_sources)),
        risk=Risk(max(Risk.LOW, c.risk - risk_steps)),
        effect=c.effect.raised(effect_steps),
        effect_steps=effect_steps,
        roller_cost=roller_cost,
        helper_costs=tuple(helper_costs),
        progress_burned=burn,
        disposition=0 if c.disposition_for_effect else c.disposition,
        automatic_success=spell.automatic_success,
    )


@dataclass(frozen=True)
class ActionRollResult:
    """What an action roll's dice mean in numbers, before any consequence is chosen."""

    outcome: Outcome
    effect: Effect
    """The effect achieved: what a progress clock ticks on a success ("Clocks")."""
    consequence_rating: int
    """How bad the consequence is on a 1-5 (0 when there is none): the risk ("Consequence
    Rating"), or read from the result under Quick Charge."""
    momentum_gained: int

    @property
    def progress_ticks(self) -> int:
        """A success ticks a progress clock by the effect; a bad outcome ticks nothing."""
        return int(self.effect) if self.outcome.is_success else 0


QUICK_CHARGE_EFFECT = {Outcome.CRITICAL: Effect.GREAT, Outcome.FULL: Effect.STANDARD,
                       Outcome.PARTIAL: Effect.LIMITED, Outcome.BAD: Effect.NONE}
"""Quick Charge reads the effect from the result: 66 gives 3, 6 gives 2, 4-5 gives 1."""

QUICK_CHARGE_CONSEQUENCE = {Outcome.PARTIAL: 1, Outcome.BAD: 2}
"""Quick Charge reads the consequence rating from the result: 4-5 gives 1, 1-3 gives 2 (the
rundown's numbers; its "Roll the Dice" paragraph says +1 for both, which we take as a slip)."""


def quick_charge_reads(effect_steps: int = 0) -> tuple[tuple[Outcome, int, int], ...]:
    """What each result gives under Quick Charge, best first: (outcome, effect, consequence
    rating), the effect raised on a success by the effect steps the player bought ("Quick Charge
    Extra": "The effect rating is determined by the action roll's result")."""
    return tuple((outcome, int(QUICK_CHARGE_EFFECT[outcome].raised(effect_steps) if outcome.is_success
                               else QUICK_CHARGE_EFFECT[outcome]), QUICK_CHARGE_CONSEQUENCE.get(outcome, 0))
                 for outcome in Outcome)


def resolve_action_roll(plan: ActionRollPlan, roll: PoolRoll, ruleset: Ruleset = Ruleset.CHARGE,
                        dial: MomentumDial = DEFAULT_MOMENTUM_DIAL) -> ActionRollResult:
    """Read an action roll ("Action Roll" recap; "Momentum"; "Consequence Rating").

    Charge: the effect is the plan's, raised one level on a critical (SRD 1.1: "you achieve your
    goal with increased effect"), and the consequence rating is the risk. Quick Charge: both are
    read from the result, and each effect step the player bought adds one. Added tension gains
    momentum too ("Momentum"; reading TENSION_MOMENTUM).
    """
    outcome = assured(roll.outcome) if plan.automatic_success else roll.outcome
    if ruleset is Ruleset.QUICK_CHARGE:
        effect = QUICK_CHARGE_EFFECT[outcome]
        if outcome.is_success:
            effect = effect.raised(plan.effect_steps)
        rating = QUICK_CHARGE_CONSEQUENCE.get(outcome, 0)
    else:
        effect = plan.effect
        if outcome is Outcome.CRITICAL and CRITICAL_RAISES_EFFECT and effect > Effect.NONE:
            effect = effect.raised()
        rating = int(plan.risk) if outcome.brings_consequence else 0
    if rating:  # a party detail's disposition moves the rating ("Dispositions")
        rating = party_consequence_rating(rating, Disposition(plan.disposition))
    tension = TENSION_MOMENTUM if "tension" in plan.dice_sources else 0
    return ActionRollResult(outcome=outcome, effect=effect, consequence_rating=rating,
                            momentum_gained=momentum_gain(outcome, plan.momentum_spent, dial) + tension)


def effect_before_critical(plan: ActionRollPlan, result: ActionRollResult,
                           ruleset: Ruleset = Ruleset.CHARGE) -> Effect:
    """The effect a roll achieved before a critical raised it, from which a spell's critical counts
    its own raises ("The effect of magic"). Quick Charge reads a critical as great: before it, the
    full success's standard, with the effect steps bought."""
    if result.outcome is not Outcome.CRITICAL:
        return result.effect
    if ruleset is Ruleset.QUICK_CHARGE:
        return QUICK_CHARGE_EFFECT[Outcome.FULL].raised(plan.effect_steps)
    return plan.effect


def setup_succeeded(outcome: Outcome) -> bool:
    """A setup "has its intended result" on a 4 or better, so a follower gets its benefit
    ("Set up")."""
    return outcome.is_success


# Whole sentences: the level agrees with its word, risk or position, in other languages. Only a
# worse level than low escalates.
_ESCALATION_REFUSALS = {
    (RiskWording.RISK, Risk.MODERATE): said(
        "The risk escalated for this action: it stays at least moderate until the session ends. "
        "Only the GM sets a better risk."),
    (RiskWording.RISK, Risk.HIGH): said(
        "The risk escalated for this action: it stays at least high until the session ends. "
        "Only the GM sets a better risk."),
    (RiskWording.POSITION, Risk.MODERATE): said(
        "The position escalated for this action: it stays at least risky until the session ends. "
        "Only the GM sets a better position."),
    (RiskWording.POSITION, Risk.HIGH): said(
        "The position escalated for this action: it stays at least desperate until the session "
        "ends. Only the GM sets a better position."),
}


def escalation_errors(risk: Risk, escalated_to: Risk | None, by_gm: bool,
                      wording: RiskWording = RiskWording.RISK) -> list[str]:
    """After an escalated risk ("Worse Position": "reduce the position rating by one level for
    future rolls related to that action"), a roll with that action starts at the worse level;
    only the GM sets it lower (project reading ESCALATION_LASTS_THE_SESSION)."""
    if escalated_to is None or by_gm or risk >= escalated_to:
        return []
    return [_ESCALATION_REFUSALS[wording, escalated_to]]


def _flashback_refusal(most: int) -> str:
    *cheaper, most_cost = flashback_costs(most)
    return said_n("A flashback costs %(costs)s or %(n)s momentum.", "A flashback costs %(costs)s or %(n)s momentum.",
                  most_cost, costs=", ".join(str(cost) for cost in cheaper))


def flashback_errors(cost: int, momentum: int, most: int = FLASHBACK_MOST) -> list[str]:
    """The GM sets a cost of 0 to 2 momentum (more with the dial); it must be there to pay
    ("Flashbacks")."""
    if cost not in flashback_costs(most):
        return [_flashback_refusal(most)]
    if cost > momentum:  # one whole sentence, rather than spend_errors' opening words and its own
        return [said_n("This flashback costs %(cost)s momentum and there is only %(n)s.",
                       "This flashback costs %(cost)s momentum and there are only %(n)s.", momentum, cost=cost)]
    return []
