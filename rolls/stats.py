"""Dice statistics over the roll log a member may see: outcomes against the exact odds of the pools
rolled (gamerules/honesty.py), and how often each action is rolled; a dice system adds its own
(``SystemSite.stats``: Charge's momentum over time)."""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, Min, Q

from campaign.models import GameSession, Membership
from characters.models import Character
from core.systems import DAMAGED, kind_of
from core.templatetags.words import action as action_word
from gamerules.honesty import Honesty, Rolled, honesty
from rolls.models import ReadingTally
from rolls.reading import UNREAD, rolled

logger = logging.getLogger(__name__)

__all__ = ["DAMAGED", "UNREAD", "DiceStats", "Filters", "dice_stats", "rolled"]


@dataclass(frozen=True)
class Filters:
    """Whose rolls: one character's, one person's (who threw the dice), one session's; any together."""

    character: Character | None = None
    player: Membership | None = None
    session: GameSession | None = None

    @classmethod
    def read(cls, membership: Membership, query) -> Filters:
        """From the page's query; an id that is not this campaign's is ignored."""
        campaign = membership.campaign

        def chosen(queryset, name):
            value = query.get(name, "")
            return queryset.filter(pk=int(value)).first() if value.isdigit() and len(value) < 12 else None

        return cls(chosen(campaign.characters.all(), "character"),
                   chosen(campaign.memberships.select_related("user"), "player"),
                   chosen(campaign.sessions.all(), "session"))

    @property
    def chosen(self) -> bool:
        """Whether any is chosen: else the statistics are the whole campaign's."""
        return bool(self.character or self.player or self.session)

    def query(self) -> dict[str, int]:
        """The page's query that chooses them."""
        return {name: chosen.pk for name in ("character", "player", "session") if (chosen := getattr(self, name))}

    def rolls(self, membership: Membership, own: bool = True):
        """The rolls this member may see (hidden rolls are the GMs' alone), oldest first: the
        character's own (unless not ``own``: a system then finds what else of theirs a roll
        moved, an assist's momentum say)."""
        rolls = membership.campaign.rolls.visible_to(membership)
        if self.character and own:
            rolls = rolls.filter(character=self.character)
        if self.player:
            rolls = rolls.filter(rolled_by_id=self.player.user_id)
        if self.session:
            rolls = rolls.filter(session=self.session)
        return rolls.order_by("pk")


@dataclass(frozen=True)
class DiceStats:
    honesty: Honesty
    left_out: list[tuple[str, int]]
    """Why rolls were not counted, and how many for each reason."""
    actions: list[tuple[str, int]]
    """Each action (a skill, a Stat in other systems) and how many rolls used it, most used first."""


FIELDS = ("kind", "pool_size", "dice", "outcome", "choices", "result", "dice_sources")


class _Tally:
    """Rolls counted by what they read: each different roll (equal ones are the same Rolled, each
    kind's odds keep them: counted by identity, hashed once) and each reason to leave rolls out,
    in the order of their first roll."""

    def __init__(self):
        self.rolled: dict[int, list] = {}  # id(Rolled): [first roll, Rolled, times]
        self.left_out: dict[object, list] = {}  # reason: [first roll, None, times]

    def add(self, read: Rolled | str, first: int, times: int) -> None:
        if isinstance(read, Rolled):
            seen = self.rolled.setdefault(id(read), [first, read, 0])
        else:
            seen = self.left_out.setdefault(read, [first, None, 0])
        seen[0], seen[2] = min(seen[0], first), seen[2] + times

    def counted(self) -> Counter:
        tally = Counter()
        for _, read, times in self.rolled.values():
            tally[read] += times
        return tally

    def reasons(self) -> list[tuple[str, int]]:
        return [(str(reason), times) for reason, (_, _, times) in sorted(self.left_out.items(), key=lambda i: i[1][0])]


def tallied(membership: Membership):
    """The readings of every roll of the campaign this member may see, as the tally keeps them
    (rolls/tally.py), in the rows ``_count`` reads: (kind, reading, action, times, first)."""
    rows = ReadingTally.objects.filter(campaign=membership.campaign)
    return (rows if membership.is_gm else rows.filter(hidden=False)).values_list(
        "kind", "reading", "action", "times", "first")


def _count(rolls, kept=None) -> tuple[_Tally, Counter]:
    """Rolls of each reading and each action, counted by the database, or as the tally keeps them
    (``kept``: :func:`tallied` for these rolls); one roll of each reading read whole (rolls/reading.py),
    and the rolls not read yet (the tally holds none: they are looked for)."""
    tally, named, unread = _Tally(), Counter(), kept is not None
    readings: dict[tuple[str, str], list[int]] = {}  # (kind, reading): [its first roll, how many]
    groups = kept if kept is not None else rolls.order_by().values_list("kind", "reading", "action") \
        .annotate(times=Count("pk"), first=Min("pk"))
    for kind, reading, action, times, first in groups:
        if not reading:
            unread = True
        else:
            seen = readings.setdefault((kind, reading), [first, 0])
            seen[0], seen[1] = min(seen[0], first), seen[1] + times
        if action and (logged := kind_of(kind)).action:
            named[logged.said, action] += times
    if not readings and not unread:
        return tally, named
    firsts = {first for first, _ in readings.values()}
    read = {pk: row for pk, *row in rolls.filter(Q(pk__in=firsts) | Q(reading="") if unread else Q(pk__in=firsts))
            .values_list("pk", "reading", "action", *FIELDS)}
    if kept is not None and not firsts <= read.keys():  # a tally out of step with its rolls: count them
        logger.warning("The dice statistics' tally names rolls this member cannot read: counted afresh.")
        return _count(rolls)
    for first, times in readings.values():
        tally.add(rolled(*read[first][2:]), first, times)
    for pk, (reading, action, kind, *row) in read.items():
        if not reading:
            tally.add(rolled(kind, *row), pk, 1)
            if kept is not None and action and (logged := kind_of(kind)).action:  # (else counted with its group)
                named[logged.said, action] += 1
    return tally, named


def dice_stats(membership: Membership, filters: Filters, tallied_counts: bool = True) -> DiceStats:
    """The statistics of the rolls ``filters`` name: a whole campaign's counted by its tally
    (rolls/tally.py), unless ``tallied_counts`` is false; one character's, person's or session's
    counted by the database."""
    campaign = membership.campaign
    whole = tallied_counts and not filters.chosen
    tally, named = _count(filters.rolls(membership), tallied(membership) if whole else None)
    # An action never rolled shows as 0, in the campaign's order; ties keep that order.
    used = Counter(dict.fromkeys(map(action_word, campaign.site.actions(campaign)), 0)) \
        if campaign.site.actions else Counter()
    for (said, name), count in named.items():
        used[str(said(name))] += count
    return DiceStats(
        honesty=honesty(tally.counted(), scales=[scale for kind in campaign.site.kinds for scale in kind.scales]),
        left_out=tally.reasons(),
        actions=sorted(used.items(), key=lambda item: -item[1]))
