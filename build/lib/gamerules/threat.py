"""The Threat Level Extra ("Threat Level Extra"): a threat's rating is a pool of dice rolled with
the action pool; each threat die cancels an action die, and a pool with every die cancelled is
"a critical fail". Two dials make it hit harder ("Tune it to make it deadlier")."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import comb, factorial

from gamerules.charge import FACES, Outcome, dice_rolled, read_pool
from gamerules.readings import THREAT_DEADLIER_SIXES_LAST, THREAT_ZERO_POOL_READS_LOWEST_LEFT
from gamerules.words import said

SUGGESTED_RATINGS = range(1, 4)
""""A good range would be between 1 and 3" ("Is there a limit to the Threat Level rating?"):
suggested, not a cap."""

MOST_THREAT_DICE = 10
"""The site's own bound on a threat pool, so that its odds stay exact and quick to compute."""


class ThreatRule(Enum):
    """How a threat die cancels an action die."""

    SAME_VALUE = "same_value"
    """"Each die from the threat pool cancels a single die of the same value" ("Rolling with the
    Threat Dice")."""
    DEADLIER = "deadlier"
    """"Each 6 of the threat pool automatically cancels one of the highest die on the action pool,
    no matter its value" ("Tune it to make it deadlier")."""
    HARSHER = "harsher"
    """"Each die from the threat pool cancels one die from the action pool that is equal or
    inferior" (ibid., "Example #3, harsher")."""

    @property
    def label(self) -> str:
        return {"same_value": said("Same value"), "deadlier": said("Deadlier: a threat 6 cancels the highest die"),
                "harsher": said("Harsher: a threat die cancels one equal or lower")}[self.value]


def cancel(action: Sequence[int], threat: Sequence[int], rule: ThreatRule = ThreatRule.SAME_VALUE) -> tuple[int, ...]:
    """The action dice left once the threat dice cancelled theirs, highest first.

    Under DEADLIER, the threat's other dice cancel their own value first and its 6s then cancel
    the highest dice left (reading THREAT_DEADLIER_SIXES_LAST, from the text's example).
    Under HARSHER, each threat die, highest first, cancels the highest action die left that is
    equal or lower, as the example does ("the 6 cancels the 5 and the 4 cancel the 3")."""
    if any(face not in FACES for face in (*action, *threat)):
        raise ValueError("dice show 1 to 6")
    left = sorted(action, reverse=True)
    if rule is ThreatRule.HARSHER:
        for die in sorted(threat, reverse=True):
            hit = next((face for face in left if face <= die), None)
            if hit is not None:
                left.remove(hit)
        return tuple(left)
    sixes = threat.count(6) if rule is ThreatRule.DEADLIER else 0
    if sixes and not THREAT_DEADLIER_SIXES_LAST:
        del left[:sixes]
    for die in threat:
        if rule is ThreatRule.DEADLIER and die == 6:
            continue
        if die in left:
            left.remove(die)
    if THREAT_DEADLIER_SIXES_LAST:
        del left[:sixes]
    return tuple(left)


def read_threatened(action: Sequence[int], threat: Sequence[int], pool_size: int,
                    rule: ThreatRule = ThreatRule.SAME_VALUE) -> Outcome:
    """How the action pool reads once cancelled: every die cancelled is "a critical fail", a bad
    outcome ("Example #2"); otherwise the dice left read as usual ("Rolling Dice"). A pool of zero
    dice rolled two to read the lowest: the lowest of those left is read (reading
    THREAT_ZERO_POOL_READS_LOWEST_LEFT)."""
    left = cancel(action, threat, rule)
    if not left:
        return Outcome.BAD
    if pool_size <= 0:
        read = min(left) if THREAT_ZERO_POOL_READS_LOWEST_LEFT else max(left)
        return read_pool((read,), 1)  # one die read: no critical
    return read_pool(left, len(left))


@dataclass(frozen=True)
class ThreatenedRoll:
    """An action pool rolled against a threat pool, and what is left of it."""

    action: tuple[int, ...]
    threat: tuple[int, ...]
    pool_size: int
    rule: ThreatRule

    @property
    def left(self) -> tuple[int, ...]:
        return cancel(self.action, self.threat, self.rule)

    @property
    def outcome(self) -> Outcome:
        return read_threatened(self.action, self.threat, self.pool_size, self.rule)


def roll_threatened(pool_size: int, threat_rating: int, rng: random.Random,
                    rule: ThreatRule = ThreatRule.SAME_VALUE) -> ThreatenedRoll:
    """Roll the action pool and, "at the same time", the threat pool of the threat's rating."""
    if not 0 <= threat_rating <= MOST_THREAT_DICE:
        raise ValueError(f"a threat pool has 0 to {MOST_THREAT_DICE} dice")
    action = tuple(rng.randint(1, 6) for _ in range(dice_rolled(pool_size)))
    threat = tuple(rng.randint(1, 6) for _ in range(threat_rating))
    return ThreatenedRoll(action, threat, pool_size, rule)


def _first_left(face: int, left: int) -> Outcome:
    """The outcome read from the highest face with dice left ("Rolling Dice")."""
    if face == 6:
        return Outcome.CRITICAL if left >= 2 else Outcome.FULL
    return Outcome.PARTIAL if face >= 4 else Outcome.BAD


def _left_at(face: int, dice: int, threat: int, carry: int, rule: ThreatRule) -> tuple[int, int]:
    """Scanning the faces from 6 down: the action dice of this face left, and the threat dice
    still carried down. DEADLIER carries its 6s to the highest dice left; HARSHER carries every
    threat die down to the first action die equal or lower (the same dice :func:`cancel`
    removes)."""
    if rule is ThreatRule.HARSHER:
        carry += threat
        gone = min(carry, dice)
        return dice - gone, carry - gone
    if rule is ThreatRule.DEADLIER and face == 6:
        carry, threat = threat, 0
    if rule is ThreatRule.DEADLIER and not THREAT_DEADLIER_SIXES_LAST:
        gone = min(carry, dice)
        return max(dice - gone - threat, 0), carry - gone
    left = max(dice - threat, 0)
    gone = min(carry, left)
    return left - gone, carry - gone


def _throws(count: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of ``count`` dice and the number of ordered throws that give it."""
    for faces in combinations_with_replacement(FACES, count):
        ways = factorial(count)
        for n in Counter(faces).values():
            ways //= factorial(n)
        yield faces, ways


@lru_cache(maxsize=1024)
def _threat_odds(pool: int, threat: int, rule: ThreatRule) -> tuple[tuple[Outcome, Fraction], ...]:
    """Counted over every ordered throw of both pools, face by face from 6 down: a state is how
    many action and threat dice show a higher face, what is carried down, and the outcome once
    the highest die left is found (None before). A pool of zero dice reads its lowest die left,
    so its two dice are counted throw by throw against every set of threat dice."""
    rolled = dice_rolled(pool)
    counts = dict.fromkeys(Outcome, 0)
    if pool <= 0:
        for action in product(FACES, repeat=rolled):
            for threat_dice, ways in _throws(threat):
                counts[read_threatened(action, threat_dice, pool, rule)] += ways
    else:
        states: dict[tuple[int, int, int, Outcome | None], int] = {(0, 0, 0, None): 1}
        for face in sorted(FACES, reverse=True):
            following: dict[tuple[int, int, int, Outcome | None], int] = {}
            for (placed, threat_placed, carry, read), ways in states.items():
                for dice in range(rolled - placed + 1):
                    for threat_dice in range(threat - threat_placed + 1):
                        left, carried = _left_at(face, dice, threat_dice, carry, rule)
                        outcome = read if read is not None or not left else _first_left(face, left)
                        key = (placed + dice, threat_placed + threat_dice, carried, outcome)
                        following[key] = following.get(key, 0) + ways * comb(rolled - placed, dice) * comb(
                            threat - threat_placed, threat_dice)
            states = following
        for (placed, threat_placed, _, read), ways in states.items():
            if placed == rolled and threat_placed == threat:
                counts[read or Outcome.BAD] += ways  # every die cancelled: "a critical fail"
    total = 6 ** (rolled + threat)
    return tuple((outcome, Fraction(counts[outcome], total)) for outcome in Outcome)


def threat_odds(pool: int, threat: int, rule: ThreatRule = ThreatRule.SAME_VALUE) -> dict[Outcome, Fraction]:
    """The exact chance of each outcome of an action pool of ``pool`` dice rolled against a threat
    pool of ``threat`` dice, counted over every throw of both pools."""
    if not 0 <= threat <= MOST_THREAT_DICE:
        raise ValueError(f"a threat pool has 0 to {MOST_THREAT_DICE} dice")
    return dict(_threat_odds(pool, threat, rule))
