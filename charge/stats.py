"""What Charge adds to the dice statistics: each character's momentum through the rolls that moved
it ("Momentum"), over the rolls the member may see (rolls/stats.py ``Filters``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from campaign.models import Membership
from characters.models import Character
from rolls.charts import Chart, steps_chart
from rolls.stats import Filters

TITLE = _("Momentum over time")
SHOW = _("Show momentum over time")

MOMENTUM_ROLLS = 60
"""A character's momentum is drawn through their latest rolls only, so that the line stays readable
on a phone and a long campaign's page stays small."""


def momentum_moves(membership: Membership, filters: Filters) -> list[tuple[Character, list[tuple[int, int]]]]:
    """Each character's momentum before and after each of the latest :data:`MOMENTUM_ROLLS` rolls
    that moved it, oldest first: with a character chosen, every roll that moved theirs (an assist
    too), whoever rolled it. Read newest first, and no further than every line needs: a long
    campaign's older rolls are not read at all."""
    characters = membership.campaign.characters.order_by("name")
    if filters.character:
        characters = characters.filter(pk=filters.character.pk)
    characters = list(characters)
    rolls = filters.rolls(membership, own=False).filter(result__momentum__isnull=False)
    if filters.character:
        rolls = rolls.filter(result__momentum__has_key=str(filters.character.pk))
    moves: dict[str, list[tuple[int, int]]] = {str(character.pk): [] for character in characters}
    newest_first = rolls.order_by("-pk").values_list("result__momentum", flat=True)
    # Enough when the characters share the rolls about alike; else more, then the rest.
    first = 5 * MOMENTUM_ROLLS * max(len(moves), 1) // 4
    for start, stop in ((0, first), (first, 5 * first), (5 * first, None)):
        read = 0
        for momentum in newest_first[start:stop]:
            read += 1
            for character_id, change in momentum.items():
                if (line := moves.get(character_id)) is not None and len(line) < MOMENTUM_ROLLS:
                    line.append(tuple(change))
        if stop is None or read < stop - start or all(len(line) == MOMENTUM_ROLLS for line in moves.values()):
            break
    return [(character, moves[str(character.pk)][::-1]) for character in characters if moves[str(character.pk)]]


def momentum_chart(name: str, changes) -> Chart:
    return steps_chart(changes, ngettext(
        "%(name)s's momentum over %(count)s roll: %(values)s.", "%(name)s's momentum over %(count)s rolls: %(values)s.",
        len(changes)) % {"name": name, "count": len(changes),
                         "values": ", ".join(f"{before}→{after}" for before, after in changes)})


def stats_context(membership: Membership, filters: Filters) -> dict:
    return {"most_momentum": MOMENTUM_ROLLS,
            "momentum": [(character, momentum_chart(character.name, changes))
                         for character, changes in momentum_moves(membership, filters)]}
