"""Character creation, action ratings, stress and recovery ("Creating your Character",
"Stress & Condition", "Recovery", "Momentum")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gamerules.dials import Dials
from gamerules.readings import QUICK_CHARGE_RECOVERY_RANGE, RECOVERY_RANGE
from gamerules.words import said, said_n


def dots_spent(dots: Mapping[str, int]) -> int:
    """Action dots on a sheet: each is one die in that action's pool ("Actions")."""
    return sum(dots.values())


def creation_errors(dots: Mapping[str, int], dials: Dials) -> list[str]:
    """Every reason a starting spread of action dots is not allowed ("Actions").

    Distribute 7 action dots among the 12 actions; at the start of a campaign a single action
    cannot have more than 2 dots. The numbers come from the campaign's dials.
    """
    errors = _unknown_or_negative(dots, dials)
    over_cap = sorted(name for name, value in dots.items() if value > dials.creation_cap)
    if over_cap:
        errors.append(said_n("At creation an action has at most %(cap)s dots (%(actions)s has more).",
                             "At creation an action has at most %(cap)s dots (%(actions)s have more).",
                             len(over_cap), cap=dials.creation_cap, actions=", ".join(over_cap)))
    spent = dots_spent(dots)
    if spent > dials.starting_dots:
        errors.append(said("You spent %(spent)s dots; a new character has %(dots)s.", spent=spent,
                           dots=dials.starting_dots))
    elif spent < dials.starting_dots:
        errors.append(said_n("You have %(n)s dot left to spend.", "You have %(n)s dots left to spend.",
                             dials.starting_dots - spent))
    return errors


def rating_errors(dots: Mapping[str, int], dials: Dials) -> list[str]:
    """Every reason a sheet's ratings are not allowed after creation (max rating 4 by default:
    "Changing the Number of Actions")."""
    errors = _unknown_or_negative(dots, dials)
    over = sorted(name for name, value in dots.items() if value > dials.max_rating)
    if over:
        errors.append(said_n("An action's rating is at most %(most)s (%(actions)s is higher).",
                             "An action's rating is at most %(most)s (%(actions)s are higher).",
                             len(over), most=dials.max_rating, actions=", ".join(over)))
    return errors


def _unknown_or_negative(dots: Mapping[str, int], dials: Dials) -> list[str]:
    errors = []
    unknown = sorted(set(dots) - set(dials.action_names))
    if unknown:
        errors.append(said_n("%(actions)s is not an action in this campaign.",
                             "%(actions)s are not an action in this campaign.", len(unknown),
                             actions=", ".join(unknown)))
    if any(value < 0 for value in dots.values()):
        errors.append(said("An action cannot have fewer than 0 dots."))
    return errors


@dataclass(frozen=True)
class StressResult:
    """A stress clock after stress is taken ("Stress & Condition")."""

    stress: int
    taken_out: bool
    """The clock filled: it is cleared and the character is taken out for the scene."""


def take_stress(stress: int, amount: int, clock_size: int) -> StressResult:
    """Tick ``amount`` stress; a full clock clears and takes the character out for the scene.

    "When your stress clock reaches 4 filled segments, you clear it, and are taken out for the
    scene" ("Stress & Condition"); the 4 is the campaign's stress clock size. Stress past full is
    not carried over: the clock is cleared.
    """
    if amount < 0:
        raise ValueError("stress taken cannot be negative; use recover()")
    total = stress + amount
    if total >= clock_size:
        return StressResult(stress=0, taken_out=True)
    return StressResult(stress=total, taken_out=False)


def recovery_range(quick: bool = False) -> range:
    """How much stress one recovery clears: the GM says 1 to 4 ("Recovery"; reading 6), or 1 in
    Quick Charge ("Quick Charge": "once per session clear 1 segment")."""
    return QUICK_CHARGE_RECOVERY_RANGE if quick else RECOVERY_RANGE


def recovery_errors(amount: int, quick: bool = False, recovered_this_session: bool = False) -> list[str]:
    """A character recovers once per session, when the fiction allows it ("Recovery": recap)."""
    allowed = recovery_range(quick)
    errors = [] if amount in allowed else [
        said_n("Recovery clears %(n)s stress.", "Recovery clears %(n)s stress.", allowed.start)
        if len(allowed) == 1
        else said_n("Recovery clears %(least)s to %(n)s stress.", "Recovery clears %(least)s to %(n)s stress.",
                    allowed.stop - 1, least=allowed.start)]
    if recovered_this_session:
        errors.append(said("Recovery happens once per session, and this character has recovered."))
    return errors


def recover(stress: int, amount: int, quick: bool = False) -> int:
    """Stress left after recovering ``amount`` segments, never below zero ("Recovery")."""
    if errors := recovery_errors(amount, quick):
        raise ValueError(errors[0])
    return max(0, stress - amount)


def session_start_momentum(dials: Dials) -> int:
    """Every character starts each session with 2 momentum, or the dial's amount ("Momentum")."""
    return dials.starting_momentum


def spend_errors(momentum: int, cost: int, spending: str = "This needs") -> list[str]:
    """Momentum that is not there cannot be spent ("Momentum"). ``spending`` begins the refusal,
    "This needs" or "This flashback costs": "This needs 2 momentum and there is only 1."."""
    if cost < 0:
        return [said("A cost in momentum cannot be negative.")]
    if cost > momentum:
        return [{"This needs": said_n("This needs %(cost)s momentum and there is only %(n)s.",
                                      "This needs %(cost)s momentum and there are only %(n)s.", momentum, cost=cost),
                 "This flashback costs": said_n("This flashback costs %(cost)s momentum and there is only %(n)s.",
                                                "This flashback costs %(cost)s momentum and there are only %(n)s.",
                                                momentum, cost=cost)}[spending]]
    return []
