"""Consequences and resisting them ("Consequences", "Determination Roll", "Team Work: Protect")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from gamerules.charge import Outcome, Risk, RiskWording
from gamerules.readings import DETERMINATION_REDUCTION
from gamerules.words import said, said_n


class ConsequenceKind(Enum):
    """The five kinds of consequence the GM chooses from on a 1-5 ("Types of Consequences")."""

    REDUCED_EFFECT = "reduced_effect"
    COMPLICATION = "complication"
    ESCALATED_RISK = "escalated_risk"
    LOST_OPPORTUNITY = "lost_opportunity"
    WORSE_CONDITION = "worse_condition"

    def label(self, wording: RiskWording = RiskWording.RISK) -> str:
        if self is ConsequenceKind.ESCALATED_RISK:
            return said("Worse position") if wording is RiskWording.POSITION else said("Escalated risk")
        return {"reduced_effect": said("Reduced effect"), "complication": said("Complication"),
                "lost_opportunity": said("Lost opportunity"),
                "worse_condition": said("Worse condition")}[self.value]

    def meaning(self, wording: RiskWording = RiskWording.RISK) -> str:
        """The rule in one line, from the "Consequences" recap."""
        if self is ConsequenceKind.ESCALATED_RISK:
            if wording is RiskWording.POSITION:
                return said("The position worsens by one level for future related rolls.")
            return said("The risk rises by one level for future related rolls.")
        return {
            "reduced_effect": said("The effect of the action is reduced by one level."),
            "complication": said("Tick one segment per consequence rating on a danger clock."),
            "lost_opportunity": said("What you tried didn't work: try again with another action."),
            "worse_condition": said("Take 1 stress per consequence rating."),
        }[self.value]

    @property
    def uses_rating(self) -> bool:
        return self in (ConsequenceKind.COMPLICATION, ConsequenceKind.WORSE_CONDITION)


def consequence_rating(risk: Risk) -> int:
    """Low risk (controlled) 1, moderate (risky) 2, high (desperate) 3 ("Consequence Rating")."""
    return int(risk)


@dataclass(frozen=True)
class Consequence:
    """One consequence in numbers ("Types of Consequences")."""

    kind: ConsequenceKind
    rating: int

    @property
    def effect_reduction(self) -> int:
        """Reduced effect: the effect rating drops one level."""
        return 1 if self.kind is ConsequenceKind.REDUCED_EFFECT else 0

    @property
    def danger_ticks(self) -> int:
        """Complication: one segment per consequence rating on a danger clock."""
        return self.rating if self.kind is ConsequenceKind.COMPLICATION else 0

    @property
    def risk_escalation(self) -> int:
        """Escalated risk (worse position): future related rolls one level riskier."""
        return 1 if self.kind is ConsequenceKind.ESCALATED_RISK else 0

    @property
    def lost_opportunity(self) -> bool:
        """Lost opportunity: the same action cannot be tried again."""
        return self.kind is ConsequenceKind.LOST_OPPORTUNITY

    @property
    def stress(self) -> int:
        """Worse condition: 1 stress per consequence rating."""
        return self.rating if self.kind is ConsequenceKind.WORSE_CONDITION else 0


class Resistance(Enum):
    """What a determination roll does to a consequence ("Determination Roll")."""

    STILL_HAPPENS = "still_happens"
    REDUCED = "reduced"
    AVOIDED = "avoided"
    AVOIDED_AND_RISK_IMPROVED = "avoided_and_risk_improved"
    CANCELLED = "cancelled"
    """An attachment was broken: the consequence is cancelled outright, with no determination
    roll ("Attachment Extra Rule")."""

    def label(self, wording: RiskWording = RiskWording.RISK, quick: bool = False) -> str:
        """Quick Charge has no risk to improve: its 66 gives "some other benefit" ("Quick
        Charge": Determination Roll)."""
        if quick:
            improved = said("The consequence is avoided, and you get some other benefit (the GM says which).")
        elif wording is RiskWording.POSITION:
            improved = said("The consequence is avoided, and you get +1 position for your next roll.")
        else:
            improved = said("The consequence is avoided, and the risk of your next roll is lowered.")
        return {
            "still_happens": said("The consequence still happens."),
            "reduced": said("The consequence is reduced."),
            "avoided": said("The consequence is avoided."),
            "avoided_and_risk_improved": improved,
            "cancelled": said("An attachment was broken: the consequence is cancelled."),
        }[self.value]


def resistance(outcome: Outcome) -> Resistance:
    """1-3 still happens, 4-5 reduced, 6 avoided, 66 avoided and the next roll's risk improves
    ("Determination Roll")."""
    return {Outcome.BAD: Resistance.STILL_HAPPENS, Outcome.PARTIAL: Resistance.REDUCED,
            Outcome.FULL: Resistance.AVOIDED,
            Outcome.CRITICAL: Resistance.AVOIDED_AND_RISK_IMPROVED}[outcome]


def resisted(consequence: Consequence, result: Resistance) -> Consequence | None:
    """The consequence left after resisting: unchanged, reduced, or none at all.

    A reduced consequence has its rating lowered one level (a project reading); kinds without a
    number are reduced in the fiction, and keep their numbers.
    """
    if result is Resistance.STILL_HAPPENS:
        return consequence
    if result is Resistance.REDUCED:
        if not consequence.kind.uses_rating:
            return consequence
        return replace(consequence, rating=max(0, consequence.rating - DETERMINATION_REDUCTION))
    return None


def determination_errors(momentum_burned: int, momentum: int) -> list[str]:
    """The pool is one die per charge of momentum burned, which must be there ("Determination
    Roll"). Burning none rolls two dice and reads the lowest (reading 3)."""
    if momentum_burned < 0:
        return [said("Momentum burned cannot be negative.")]
    if momentum_burned > momentum:
        return [said_n("You can burn at most the %(n)s momentum you have.",
                       "You can burn at most the %(n)s momentum you have.", momentum)]
    return []
