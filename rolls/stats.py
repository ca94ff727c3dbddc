"""Dice statistics over the roll log a member may see: outcomes against the exact odds of the pools
rolled (gamerules/honesty.py), and how often each action is rolled; a dice system adds its own
(``SystemSite.stats``: Charge's momentum over time)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from campaign.models import GameSession, Membership
from characters.models import Character
from core.systems import DAMAGED, Logged, kind_of
from core.templatetags.words import action as action_word
from gamerules.honesty import Honesty, Rolled, honesty

UNREAD = _("rolls of a kind whose exact odds no dice system here gives")

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


def rolled(kind: str, pool, dice, outcome: str, choices, result=None, sources=None) -> Rolled | str:
    """A roll read by its kind (core/systems.py ``LoggedKind.odds``) with the exact odds it had when
    it was thrown, or why they cannot be computed again."""
    logged = kind_of(kind)
    if logged.odds is None:
        return UNREAD
    try:
        return logged.odds(Logged(pool, dice, outcome, choices or {}, result or {}, sources or []))
    except (AttributeError, KeyError, IndexError, TypeError, ValueError):  # not what the site stores
        return DAMAGED


def _tally(kinds: dict[int, Rolled], counted: Counter) -> Counter:
    """Each different roll and how many times it was rolled (equal rolls held twice add up)."""
    tally = Counter()
    for each, times in counted.items():
        tally[kinds[each]] += times
    return tally


def dice_stats(membership: Membership, filters: Filters) -> DiceStats:
    campaign = membership.campaign
    counted, left_out, named, kinds = Counter(), Counter(), Counter(), {}
    fields = ("kind", "pool_size", "dice", "outcome", "choices", "result", "dice_sources", "action")
    for kind, pool, dice, outcome, choices, result, sources, action in filters.rolls(membership).values_list(*fields):
        read = rolled(kind, pool, dice, outcome, choices, result, sources)
        if isinstance(read, Rolled):
            counted[id(read)] += 1  # each kind's odds give equal rolls the same Rolled: counted, not hashed
            kinds[id(read)] = read
        else:
            left_out[read] += 1
        if action and (logged := kind_of(kind)).action:
            named[logged.said, action] += 1
    # An action never rolled shows as 0, in the campaign's order; ties keep that order.
    used = Counter(dict.fromkeys(map(action_word, campaign.site.actions(campaign)), 0)) \
        if campaign.site.actions else Counter()
    for (said, name), count in named.items():
        used[str(said(name))] += count
    return DiceStats(
        honesty=honesty(_tally(kinds, counted), scales=[scale for kind in campaign.site.kinds for scale in kind.scales]),
        left_out=[(str(reason), count) for reason, count in left_out.items()],
        actions=sorted(used.items(), key=lambda item: -item[1]))

