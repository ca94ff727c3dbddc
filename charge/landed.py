"""A Charge roll as Charge reads the shared roll log's row: what it landed with and changed after
(its typed ``Aftermath``, kept in the roll's ``result``), the threat dice and the tension chosen
before it (in its ``choices``), and whether a consequence waits for an answer."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.models import Membership
from charge.kinds import ACTIONS
from gamerules.aftermath import Aftermath
from gamerules.charge import Outcome
from rolls.models import Roll


def aftermath(roll: Roll) -> Aftermath:
    """Read from the roll's ``result`` at every call: a write replaces it whole (``keep``)."""
    return Aftermath.from_data(roll.result)


def keep(roll: Roll, value: Aftermath) -> None:
    roll.result = value.to_data()


def outcome(roll: Roll) -> Outcome | None:
    return Outcome(roll.outcome) if roll.outcome else None


def threat(roll: Roll) -> dict:
    """The threat dice rolled with it and the action dice they left ("Threat Level Extra")."""
    return (roll.choices or {}).get("threat") or {}


def tension(roll: Roll) -> str:
    """The consequence the player accepted for a tension die ("Add Tension"), if any."""
    return (roll.choices or {}).get("tension", "")


@dataclass(frozen=True)
class ResourceSpent:
    """Points of a resource spent on the roll, and what a retaining resource's d6s gave back
    ("Resource Pool Extra")."""

    name: str
    spent: int
    dice: tuple[int, ...]
    back: int


def resources_spent(roll: Roll) -> tuple[ResourceSpent, ...]:
    return tuple(ResourceSpent(spent["name"], spent["spent"], tuple(spent["dice"]), spent["back"])
                 for spent in (roll.choices or {}).get("resources", ()))


def flashback_cost(roll: Roll) -> int:
    """The momentum a flashback cost ("Flashbacks")."""
    return (roll.choices or {}).get("flashback_cost") or 0


def read_face(roll: Roll) -> int | None:
    """The die read: the highest, or the lowest of two for zero dice, of what a threat left."""
    dice = threat(roll)["left"] if threat(roll) else roll.dice
    if not dice:
        return None
    return min(dice) if roll.pool_size <= 0 else max(dice)


def brings_consequence(roll: Roll) -> bool:
    """An action or setup roll's 1-5 ("Consequences")."""
    return roll.kind in ACTIONS and aftermath(roll).consequence_rating > 0


def awaits_consequence(roll: Roll) -> bool:
    """A 1-5 whose consequence is not settled yet (not chosen, or not accepted or resisted):
    nothing that the consequence may change is final."""
    return brings_consequence(roll) and not aftermath(roll).consequence_settled


def awaiting_answer(membership: Membership, recent: int = 20) -> list[Roll]:
    """The latest rolls whose consequence waits for one of this member's characters to accept,
    resist or be protected."""
    mine = set(membership.campaign.characters.editable_by(membership).values_list("pk", flat=True))
    rolls = (Roll.objects.filter(campaign=membership.campaign, hidden=False, result__consequence__isnull=False)
             .select_related("character").order_by("-pk")[:recent])
    return [roll for roll in rolls if (c := aftermath(roll).consequence) and not c.settled and c.target in mine]
