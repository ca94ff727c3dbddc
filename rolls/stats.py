"""Dice statistics over the roll log a member may see: outcomes against the exact odds of the pools
rolled (gamerules/honesty.py), momentum over time, and how often each action is rolled."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext_lazy as _

from campaign.models import GameSession, Membership
from characters.models import Character
from core.templatetags.words import action as action_word
from gamerules.charge import Outcome, dice_rolled, odds
from gamerules.honesty import Honesty, Rolled, honesty
from gamerules.magic import assured_odds
from gamerules.systems import DiceSystem
from gamerules.threat import MOST_THREAT_DICE, ThreatRule, threat_odds
from gamerules.traits import stat_said
from rolls.models import RollKind

READ_AS_A_POOL = frozenset({RollKind.ACTION, RollKind.SETUP, RollKind.FORTUNE, RollKind.DETERMINATION,
                            RollKind.LOOT, RollKind.MARKET, RollKind.MISSION, RollKind.GOAL})
"""Charge's rolls whose outcome is the pool read as the rulebook reads it ("Rolling Dice"), with
the pool's size stored: their exact odds can be computed again from the log."""

MOMENTUM_ROLLS = 60
"""A character's momentum is drawn through their latest rolls only, so that the line stays readable
on a phone and a long campaign's page stays small."""

ACTION_KINDS = (RollKind.ACTION, RollKind.SETUP, RollKind.ABILITY, RollKind.QUICK, RollKind.CHECK, RollKind.CONFLICT)
"""Rolls of an action: Charge's actions, Ability's skills, Advantage's skills, a conflict's Stat."""

MOST_DICE = 20
"""No Charge pool comes near it (fortune rolls stop at 10); a stored pool above it is not one the
site rolled."""

NO_DICE = _("no dice were thrown (flashbacks paid for without a roll)")
OTHER_SYSTEM = _("another dice system's rolls, whose odds these statistics do not count yet")
DAMAGED = _("the dice kept do not match the pool (an edited or imported log)")


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

    def rolls(self, membership: Membership, moving_momentum: bool = False):
        """The rolls this member may see (hidden rolls are the GMs' alone), oldest first: the
        character's own, or with ``moving_momentum`` every roll that moved their momentum (an
        assist too)."""
        rolls = membership.campaign.rolls.visible_to(membership)
        if self.character and moving_momentum:
            rolls = rolls.filter(momentum__has_key=str(self.character.pk))
        elif self.character:
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
    momentum: list[tuple[Character, list[tuple[int, int]]]]
    """Each character's momentum before and after each of the latest :data:`MOMENTUM_ROLLS` rolls
    that moved it, oldest first."""


@lru_cache(maxsize=1024)
def _rolled(pool: int, threat: int, rule: ThreatRule, sure: bool, outcome: Outcome) -> Rolled:
    chances = threat_odds(pool, threat, rule) if threat else odds(pool)
    return Rolled.of(assured_odds(chances) if sure else chances, outcome)


def rolled(kind: str, pool: int, dice: list, outcome: str, choices: dict) -> Rolled | str:
    """A roll with the exact odds of the pool it rolled, or why they cannot be computed again."""
    if kind not in READ_AS_A_POOL:
        return NO_DICE if kind == RollKind.FLASHBACK else OTHER_SYSTEM
    try:
        threat = (choices or {}).get("threat") or {}
        threat_dice = threat.get("dice") or []
        helped = ((choices or {}).get("magic") or {}).get("helped") or {}
        sure = helped.get("benefit") == "success"  # a spell's automatic success ("The effect of magic")
        rule = ThreatRule(threat.get("rule", ThreatRule.SAME_VALUE.value))
        if not isinstance(dice, list) or len(dice) != dice_rolled(pool) or len(threat_dice) > MOST_THREAT_DICE \
                or pool > MOST_DICE:
            return DAMAGED
        return _rolled(pool, len(threat_dice), rule, sure, Outcome(outcome))
    except (AttributeError, TypeError, ValueError):  # not what the site stores
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
    fields = ("kind", "pool_size", "dice", "outcome", "choices", "action")
    for kind, pool, dice, outcome, choices, action in filters.rolls(membership).values_list(*fields):
        read = rolled(kind, pool, dice, outcome, choices)
        if isinstance(read, Rolled):
            counted[id(read)] += 1  # the same Rolled for the same pool (_rolled): counted, not hashed
            kinds[id(read)] = read
        else:
            left_out[read] += 1
        if kind in ACTION_KINDS and action:
            named[kind == RollKind.CONFLICT, action] += 1
    # An action never rolled shows as 0, in the campaign's order; ties keep that order.
    used = Counter(dict.fromkeys(map(action_word, campaign.charge.rules.action_names), 0)) \
        if campaign.dice_system is DiceSystem.CHARGE else Counter()
    for (stat, name), count in named.items():
        used[str(stat_said(name)) if stat else action_word(name)] += count
    moves: dict[str, list[tuple[int, int]]] = {}
    for momentum in filters.rolls(membership, moving_momentum=True).values_list("momentum", flat=True):
        for character_id, change in momentum.items():
            moves.setdefault(character_id, []).append(tuple(change))
    characters = campaign.characters.filter(pk__in=[int(pk) for pk in moves if pk.isdigit()]).order_by("name")
    return DiceStats(
        honesty=honesty(_tally(kinds, counted)),
        left_out=[(str(reason), count) for reason, count in left_out.items()],
        actions=sorted(used.items(), key=lambda item: -item[1]),
        momentum=[(character, moves[str(character.pk)][-MOMENTUM_ROLLS:]) for character in characters
                  if not filters.character or character == filters.character])

