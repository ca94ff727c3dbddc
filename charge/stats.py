"""What Charge adds to the dice statistics: each character's momentum through the rolls that moved
it ("Momentum"), over the rolls the member may see (rolls/stats.py ``Filters``)."""

from __future__ import annotations

from django.utils.translation import ngettext

from campaign.models import Membership
from characters.models import Character
from rolls.charts import Chart, steps_chart
from rolls.stats import Filters

MOMENTUM_ROLLS = 60
"""A character's momentum is drawn through their latest rolls only, so that the line stays readable
on a phone and a long campaign's page stays small."""


def momentum_moves(membership: Membership, filters: Filters) -> list[tuple[Character, list[tuple[int, int]]]]:
    """Each character's momentum before and after each of the latest :data:`MOMENTUM_ROLLS` rolls
    that moved it, oldest first: with a character chosen, every roll that moved theirs (an assist
    too), whoever rolled it."""
    rolls = filters.rolls(membership, own=False).filter(result__momentum__isnull=False)
    if filters.character:
        rolls = rolls.filter(result__momentum__has_key=str(filters.character.pk))
    moves: dict[str, list[tuple[int, int]]] = {}
    for momentum in rolls.values_list("result__momentum", flat=True):
        for character_id, change in momentum.items():
            moves.setdefault(character_id, []).append(tuple(change))
    characters = membership.campaign.characters.filter(pk__in=[int(pk) for pk in moves if pk.isdigit()]).order_by("name")
    return [(character, moves[str(character.pk)][-MOMENTUM_ROLLS:]) for character in characters
            if not filters.character or character == filters.character]


def momentum_chart(name: str, changes) -> Chart:
    return steps_chart(changes, ngettext(
        "%(name)s's momentum over %(count)s roll: %(values)s.", "%(name)s's momentum over %(count)s rolls: %(values)s.",
        len(changes)) % {"name": name, "count": len(changes),
                         "values": ", ".join(f"{before}→{after}" for before, after in changes)})


def stats_context(membership: Membership, filters: Filters) -> dict:
    return {"most_momentum": MOMENTUM_ROLLS,
            "momentum": [(character, momentum_chart(character.name, changes))
                         for character, changes in momentum_moves(membership, filters)]}
