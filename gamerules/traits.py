"""The "Traits & Consequence" dice system (``shared/rules/system-traits-and-consequence.md``): a
Stat's d6 pool where every 4-6 is a success against the GM's successes, Powers' automatic
successes, Traits and one Item bid for more dice, © tags turning low dice into Consequence, damage
to Stats, explosions at GL and the aftermath.

Section names below are the document's headings ("Stats & Powers", "Traits and Items", "... and
Resolve", "The Consequence Tag", "Getting Rid of Consequence"...). Readings where the text is open
are the named constants at the top.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from gamerules.honesty import Rolled, Scale
from gamerules.stored import json_object
from gamerules.words import said, said_as, said_n

FACES = range(1, 7)
SUCCESS_FACES = frozenset({4, 5, 6})
""""every die that shows a high number – a 4, 5, or 6 – is a success" ("Dice System")."""

DEFAULT_STATS = ("Muscle", "Perception", "Focus", "Speed", "Charisma", "Stoicism")
"""Reading: the text names these six Stats in its examples; they are the default list, which the GM
changes per campaign."""

DEFAULT_STAT_NAMES = (said_as("stat", "Muscle"), said_as("stat", "Perception"), said_as("stat", "Focus"),
                      said_as("stat", "Speed"), said_as("stat", "Charisma"), said_as("stat", "Stoicism"))
"""The default Stats as the screens say them, in the reader's language."""


def stat_said(name: str) -> str:
    """A Stat as the reader reads it: one of the text's six in their language, a Stat the GM named
    as the GM wrote it. The Stat itself (a sheet's key, a roll's action) stays as it is."""
    return said_as("stat", name) if name in DEFAULT_STAT_NAMES else name


def stat_typed(name: str) -> str:
    """A Stat the reader typed: one of the text's six, typed in their language, is the text's own
    (kept in English); any other name as typed."""
    return next((str.__str__(stat) for stat in DEFAULT_STAT_NAMES if str(stat) == name), name)

DEFAULT_STAT_RATING = 2
"""Reading: a new sheet's Stats start at 2 each; the GM and player set them (the text gives no
creation rules)."""

DEFAULT_GL = 5
"""Reading: GL, the character's threshold at which Consequence explodes ("Whenever you get at least
as much Consequence as your GL, it explodes"), starts at 5 and is set per character; the text never
spells GL out, so the sheet calls it "GL (explosion threshold)"."""

MOST_TAGS = 6
""""Six or more tags means that every die adds to your Consequence" ("The Consequence Tag")."""

BURN_PER_CONFLICT = 1
""""you can burn off one Consequence per conflict by taking a -1 to your chosen Stat"."""

MOST_DICE = 20
"""Reading: a pool of more than 20 dice is refused as a slip of the finger; the odds stay exact."""


def successes(dice: Sequence[int]) -> int:
    """Successes on the dice: each 4, 5 or 6 ("Dice System")."""
    return sum(1 for die in dice if die in SUCCESS_FACES)


def tagged_consequence(dice: Sequence[int], tags: int) -> int:
    """Consequence from © tags: with ``tags`` tagged Traits or Powers in the roll, every die showing
    1 to ``tags`` gives a point; six or more, every die ("The Consequence Tag"). Powers add
    successes, not dice, so their automatic successes are never among ``dice``."""
    highest = min(max(tags, 0), MOST_TAGS)
    return sum(1 for die in dice if die <= highest)


def roll(dice: int, rng: random.Random) -> tuple[int, ...]:
    """``dice`` d6 thrown with ``rng`` (production: ``random.SystemRandom``)."""
    return tuple(rng.randint(1, 6) for _ in range(max(dice, 0)))


@cache
def _at_least(dice: int, needed: int) -> Fraction:
    if needed <= 0:
        return Fraction(1)
    if needed > dice:
        return Fraction(0)
    return sum((Fraction(comb(dice, k), 2 ** dice) for k in range(needed, dice + 1)), Fraction(0))


def bid_odds(bid_dice: int, needed: int) -> Fraction:
    """The exact chance of at least ``needed`` successes on ``bid_dice`` dice: whether the Traits
    and Item bid can close the gap ("Traits and Items"). Each die succeeds half the time."""
    return _at_least(max(bid_dice, 0), needed)


def success_odds(dice: int) -> dict[int, Fraction]:
    """The exact chance of each number of successes on ``dice`` dice."""
    dice = max(dice, 0)
    return {k: Fraction(comb(dice, k), 2 ** dice) for k in range(dice + 1)}


def conflict_odds(stat: int, powers: int, gm_dice: int) -> Fraction:
    """The exact chance that the Stat's successes plus the Powers' automatic successes are at least
    the GM's successes on ``gm_dice`` dice: "If you have at least as many as the GM, stop. You win"
    (players win ties)."""
    return sum((chance * bid_odds(stat, gm - powers) for gm, chance in success_odds(gm_dice).items()),
               Fraction(0))


def expected_tagged(dice: int, tags: int) -> Fraction:
    """The expected Consequence the tags bring on ``dice`` dice: each die shows 1..tags with chance
    tags/6."""
    return Fraction(max(dice, 0) * min(max(tags, 0), MOST_TAGS), 6)


@dataclass(frozen=True)
class ConflictOdds:
    """The exact chance of each way a conflict ends ("... and Resolve"), and the Consequence a
    loss's margin is expected to bring ("Losing Conflicts"), over every roll: a win brings none."""

    whole: Fraction
    mixed: Fraction
    loss: Fraction
    loss_consequence: Fraction

    def by_result(self) -> dict[Result, Fraction]:
        return {Result.WHOLE: self.whole, Result.MIXED: self.mixed, Result.LOSS: self.loss}


def resolution_odds(stat_dice: int, powers: int, gm: Mapping[int, Fraction], bid_dice: int) -> ConflictOdds:
    """The odds of a whole success, a mixed success and a loss ("... and Resolve") before the Stat
    roll, with ``gm`` the chance of each number of the GM's successes (one number once she has
    them). Reading: behind after the Stat roll, the player bids every die on offer (``bid_dice``:
    Traits up to the Stat's value, a die each, and one Item's Value, "Traits and Items"), so a
    mixed success is the best the bids can do and a loss is lost by what all of them left
    ("Losing Conflicts": "Consequence equal to the difference")."""
    whole = mixed = loss = loss_consequence = Fraction(0)
    stat, bids = success_odds(stat_dice), success_odds(bid_dice)
    for gm_successes, gm_chance in gm.items():
        for rolled, rolled_chance in stat.items():
            first = rolled + powers
            if first >= gm_successes:
                whole += gm_chance * rolled_chance
                continue
            for bid, bid_chance in bids.items():
                chance = gm_chance * rolled_chance * bid_chance
                if first + bid >= gm_successes:
                    mixed += chance
                else:
                    loss += chance
                    loss_consequence += chance * (gm_successes - first - bid)
    return ConflictOdds(whole, mixed, loss, loss_consequence)


class Result(Enum):
    """How a conflict ends ("... and Resolve")."""

    WHOLE = "whole"
    MIXED = "mixed"
    LOSS = "loss"

    @property
    def label(self) -> str:
        return {"whole": said("Whole success"), "mixed": said("Mixed success"), "loss": said("Loss")}[self.value]

    @property
    def meaning(self) -> str:
        return {"whole": said("You win the stakes. Tell us how it goes down."),
                "mixed": said("You win the stakes, but at a price."),
                "loss": said("You don't win the conflict: you take Consequence.")}[self.value]


@dataclass(frozen=True)
class Conflict:
    """A conflict's numbers as rolled: the Stat's dice, the Powers' successes, the GM's successes,
    the bid dice (Traits, then the Item's) and the © tags in play."""

    stat_dice: tuple[int, ...]
    powers: int
    gm: int
    bid_dice: tuple[int, ...] = ()
    tags: int = 0

    @property
    def first(self) -> int:
        """Successes from the Stat roll and the Powers alone."""
        return successes(self.stat_dice) + self.powers

    @property
    def total(self) -> int:
        return self.first + successes(self.bid_dice)

    @property
    def behind(self) -> int:
        """How many successes the player still needs after the Stat roll (0: won already)."""
        return max(self.gm - self.first, 0)

    @property
    def result(self) -> Result:
        """Whole: won with the Stat and Powers alone; mixed: won with bids; else a loss."""
        if self.first >= self.gm:
            return Result.WHOLE
        return Result.MIXED if self.total >= self.gm else Result.LOSS

    @property
    def margin_consequence(self) -> int:
        """"you receive Consequence equal to the difference between your successes and your
        opponent's" on a loss; a mixed success gives none ("you can't gain Consequence ... from a
        mixed success")."""
        return self.gm - self.total if self.result is Result.LOSS else 0

    @property
    def tag_consequence(self) -> int:
        """Tags count on every die rolled (Stat, Traits, Item), "even if you win the conflict"."""
        return tagged_consequence(self.stat_dice + self.bid_dice, self.tags)

    @property
    def consequence(self) -> int:
        return self.margin_consequence + self.tag_consequence


def bid_errors(stat_value: int, traits: int, items: int) -> list[str]:
    """"You can bid as many Traits as the value of the Stat you're using" and "one item"."""
    errors = []
    if traits > max(stat_value, 0):
        errors.append(said_n("You can bid at most %(n)s Traits with a Stat of %(stat)s.",
                             "You can bid at most %(n)s Traits with a Stat of %(stat)s.", max(stat_value, 0),
                             stat=stat_value))
    if items > 1:
        errors.append(said("You can bid one Item."))
    return errors


@dataclass(frozen=True)
class Taken:
    """Consequence received, split at once between damage to Stats and the pool ("Getting Rid of
    Consequence"), and the explosions it set off ("Explosions")."""

    pool: int
    damage: dict[str, int]
    explosions: int = 0

    @property
    def exploded(self) -> bool:
        return self.explosions > 0


def take_consequence(pool: int, gl: int, amount: int, damage: dict[str, int],
                     current: dict[str, int]) -> Taken:
    """Put ``amount`` Consequence as the player splits it: ``damage`` points on Stats (lowering their
    current value, never below 0), the rest into the pool. "Whenever you get at least as much
    Consequence as your GL, it explodes ... Burn off your GL in Consequence": reading, a pool still
    at GL after one burn explodes again, so the pool always ends below GL."""
    if errors := damage_errors(amount, damage, current):
        raise ValueError(errors[0])
    pool += amount - sum(damage.values())
    explosions = pool // gl if gl > 0 else 0
    return Taken(pool - explosions * gl, {stat: points for stat, points in damage.items() if points}, explosions)


def damage_errors(amount: int, damage: dict[str, int], current: dict[str, int]) -> list[str]:
    """Why a split of Consequence into damage cannot be taken, in a player's words."""
    errors = []
    if any(points < 0 for points in damage.values()):
        errors.append(said("Damage is a number of points, 0 or more."))
    if sum(damage.values()) > amount:
        errors.append(said_n("There is only %(n)s Consequence to take as damage.",
                             "There are only %(n)s Consequence to take as damage.", amount))
    errors += [said_n("%(stat)s is at %(current)s: it cannot take %(n)s damage.",
                      "%(stat)s is at %(current)s: it cannot take %(n)s damage.", points,
                      stat=stat, current=current.get(stat, 0))
               for stat, points in damage.items() if points > current.get(stat, 0)]
    return errors


# What a roll keeps ----------------------------------------------------------------------------
# A conflict's and an aftermath's roll keep their numbers as JSON (``to_data()``), read back typed
# (``from_data()``); a step not taken yet has no key.

Damage = tuple[tuple[str, int], ...]
"""Consequence points by Stat, in the order given: ``(("Speed", 2),)``."""


def _damage(data: Any, what: str) -> Damage:
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} should be points by Stat, not {data!r}.")
    return tuple(data.items())


class BidKind(Enum):
    """What was bid ("Traits and Items"): a Trait rolls one die, the Item its Value in dice."""

    TRAIT = "trait"
    ITEM = "item"


@dataclass(frozen=True)
class Bid:
    """A Trait or the Item bid, as the sheet showed it, and the dice it rolled ("Traits and
    Items")."""

    feature: int
    """The id of the Trait or Item on the sheet."""
    kind: BidKind
    name: str
    """Its name as shown, "© " before a tagged one."""
    tagged: bool
    dice: tuple[int, ...]

    def to_data(self) -> dict:
        return {"id": self.feature, "kind": self.kind.value, "name": self.name, "tagged": self.tagged,
                "dice": list(self.dice)}

    @classmethod
    def from_data(cls, data: Any) -> Bid:
        data = json_object(data, "A bid", ("id", "kind", "name", "tagged", "dice"))
        return cls(data["id"], BidKind(data["kind"]), data["name"], data["tagged"], tuple(data["dice"]))


@dataclass(frozen=True)
class Explosion:
    """"Burn off your GL in Consequence": the GM rolls GL dice, her successes the twist's magnitude
    ("Explosions")."""

    gl: int
    dice: tuple[int, ...]
    successes: int

    def to_data(self) -> dict:
        return {"gl": self.gl, "dice": list(self.dice), "successes": self.successes}

    @classmethod
    def from_data(cls, data: Any) -> Explosion:
        data = json_object(data, "An explosion", ("gl", "dice", "successes"))
        return cls(data["gl"], tuple(data["dice"]), data["successes"])


@dataclass(frozen=True)
class Resolution:
    """"... and Resolve": the successes in all, and the Consequence the conflict brings, from the
    margin on a loss and from the tags."""

    margin: int
    tagged: int
    consequence: int
    total: int

    KEYS = ("resolved", "margin", "tagged", "consequence", "total")

    @classmethod
    def of(cls, conflict: Conflict) -> Resolution:
        return cls(conflict.margin_consequence, conflict.tag_consequence, conflict.consequence, conflict.total)

    def to_data(self) -> dict:
        return {"resolved": True, "margin": self.margin, "tagged": self.tagged, "consequence": self.consequence,
                "total": self.total}

    @classmethod
    def from_data(cls, data: Mapping) -> Resolution:
        if data["resolved"] is not True:
            raise ValueError(f"A resolution is resolved, not {data['resolved']!r}.")
        return cls(data["margin"], data["tagged"], data["consequence"], data["total"])


@dataclass(frozen=True)
class Settlement:
    """Where the Consequence went ("Getting Rid of Consequence"): damage on Stats, the pool after,
    whether the group agreed to the player's damage, and the explosions it set off
    ("Explosions")."""

    damage: Damage
    pool: int
    agreed: bool
    explosions: tuple[Explosion, ...] = ()

    KEYS = ("damage", "pool", "agreed", "explosions")

    def to_data(self) -> dict:
        return {"damage": dict(self.damage), "pool": self.pool, "agreed": self.agreed,
                "explosions": [explosion.to_data() for explosion in self.explosions]}

    @classmethod
    def from_data(cls, data: Mapping) -> Settlement:
        if not isinstance(data["explosions"], list):
            raise ValueError(f"Explosions should be a list, not {data['explosions']!r}.")
        return cls(_damage(data["damage"], "Damage"), data["pool"], data["agreed"],
                   tuple(Explosion.from_data(explosion) for explosion in data["explosions"]))


def _part(data: Mapping, keys: tuple[str, ...], what: str) -> Mapping | None:
    """The keys of one step among a roll's result: all of them, or none (the step not taken yet)."""
    part = {key: data[key] for key in keys if key in data}
    return json_object(part, what, keys) if part else None


@dataclass(frozen=True)
class ConflictChoices:
    """What a conflict was played with, as its roll keeps it: the player's solution, a Consequence
    burnt and the complication it brings ("Burn a Consequence"), the Powers' names, and the
    conflict it was."""

    solution: str = ""
    burned: bool = False
    complication: str = ""
    powers: tuple[str, ...] = ()
    conflict: int | None = None

    def to_data(self) -> dict:
        return {"conflict": self.conflict, "solution": self.solution, "burned": self.burned,
                "complication": self.complication, "powers": list(self.powers)}

    @classmethod
    def from_data(cls, data: Any) -> ConflictChoices:
        data = json_object(data, "A conflict's choices", (), ("conflict", "solution", "burned", "complication", "powers"))
        return cls(data.get("solution", ""), data.get("burned", False), data.get("complication", ""),
                   tuple(data.get("powers", ())), data.get("conflict"))


@dataclass(frozen=True)
class ConflictRollResult:
    """A conflict as its roll keeps it, step by step: the GM's successes (and her dice, if she
    rolled), the Powers' automatic successes and © tags, the bids ("Traits and Items"); once
    resolved, its Consequence ("... and Resolve"); the damage the player proposed; and where the
    Consequence went ("Getting Rid of Consequence"). ``settled``: nothing is left to take."""

    gm: int
    gm_dice: tuple[int, ...] = ()
    powers: int = 0
    tags: int = 0
    bids: tuple[Bid, ...] = ()
    settled: bool = False
    resolution: Resolution | None = None
    proposed: Damage | None = None
    settlement: Settlement | None = None

    def numbers(self, stat_dice: Sequence[int]) -> Conflict:
        """The rules' view of the conflict, with the Stat's dice the roll keeps beside."""
        return Conflict(stat_dice=tuple(stat_dice), powers=self.powers, gm=self.gm,
                        bid_dice=tuple(face for bid in self.bids for face in bid.dice), tags=self.tags)

    @property
    def resolved(self) -> bool:
        return self.resolution is not None

    @property
    def consequence(self) -> int:
        """The Consequence the conflict brings; 0 until resolved."""
        return self.resolution.consequence if self.resolution else 0

    def bid_count(self, kind: BidKind) -> int:
        return sum(bid.kind is kind for bid in self.bids)

    def bid(self, bids: Sequence[Bid]) -> ConflictRollResult:
        """More Traits and an Item bid: their dice join, their © tags count ("The Consequence Tag")."""
        return replace(self, bids=self.bids + tuple(bids), tags=self.tags + sum(bid.tagged for bid in bids))

    def resolve(self, stat_dice: Sequence[int]) -> ConflictRollResult:
        """Resolved; without Consequence, nothing is left to take."""
        numbers = self.numbers(stat_dice)
        return replace(self, resolution=Resolution.of(numbers), settled=not numbers.consequence)

    def propose(self, damage: Damage) -> ConflictRollResult:
        return replace(self, proposed=damage)

    def settle(self, settlement: Settlement) -> ConflictRollResult:
        return replace(self, settled=True, settlement=settlement)

    def to_data(self) -> dict:
        data: dict[str, Any] = {"gm": self.gm, "gm_dice": list(self.gm_dice), "powers": self.powers,
                                "tags": self.tags, "bids": [bid.to_data() for bid in self.bids],
                                "settled": self.settled}
        if self.resolution is not None:
            data.update(self.resolution.to_data())
        if self.proposed is not None:
            data["proposed"] = dict(self.proposed)
        if self.settlement is not None:
            data.update(self.settlement.to_data())
        return data

    @classmethod
    def from_data(cls, data: Any) -> ConflictRollResult:
        data = json_object(data, "A conflict's result", ("gm", "gm_dice", "powers", "tags", "bids", "settled"),
                           (*Resolution.KEYS, "proposed", *Settlement.KEYS))
        resolution = _part(data, Resolution.KEYS, "A resolution")
        settlement = _part(data, Settlement.KEYS, "A settlement")
        if not isinstance(data["bids"], list):
            raise ValueError(f"Bids should be a list, not {data['bids']!r}.")
        return cls(
            gm=data["gm"], gm_dice=tuple(data["gm_dice"]), powers=data["powers"], tags=data["tags"],
            bids=tuple(Bid.from_data(bid) for bid in data["bids"]), settled=data["settled"],
            resolution=Resolution.from_data(resolution) if resolution else None,
            proposed=_damage(data["proposed"], "Proposed damage") if "proposed" in data else None,
            settlement=Settlement.from_data(settlement) if settlement else None)


@dataclass(frozen=True)
class AftermathRollResult:
    """"The GM burns off some or all of a character's Consequence and rolls that many dice ... the
    character gains [successes] new Consequence Traits" ("Aftermath"). Settled as it is rolled."""

    burned: int
    successes: int
    settled: bool = True

    def to_data(self) -> dict:
        return {"burned": self.burned, "successes": self.successes, "settled": self.settled}

    @classmethod
    def from_data(cls, data: Any) -> AftermathRollResult:
        data = json_object(data, "An aftermath's result", ("burned", "successes", "settled"))
        return cls(data["burned"], data["successes"], data["settled"])


# The dice statistics ----------------------------------------------------------------------------
# Which rolls of the log have exact odds as they were thrown (gamerules/honesty.py).

STAT_ROLL_COUNTED = True
"""Reading, for the dice statistics: a conflict is counted by its Stat roll, whose odds are exact
when it is thrown: its dice, the Powers' successes and the GM's successes are all known before
("Count up your successes, and the GM will tell you hers"), and "If you have at least as many as
the GM, stop. You win" is a whole success. Whether a player behind ends with a mixed success or a
loss is not counted: it turns on the Traits and Item she chooses to bid after seeing the dice, one
at a time if she likes ("roll each die as you bid a Trait"), so her bid dice have no odds fixed
before the throw. The GM's own dice are not counted either: she may state her successes instead."""


class StatRoll(Enum):
    """A conflict's Stat roll against the GM's successes, worst first ("... and Resolve")."""

    BEHIND = "behind"
    WHOLE = "whole"


STAT_ROLL = Scale((StatRoll.BEHIND, StatRoll.WHOLE), (said("Behind"), said("Whole success")),
                  said("Conflicts: the Stat roll against the GM's successes"))


@dataclass(frozen=True)
class NewTraits:
    """An aftermath's successes: the new Consequence Traits it brings ("Aftermath")."""

    count: int


AFTERMATH = Scale(tuple(NewTraits(count) for count in range(MOST_DICE + 1)),
                  tuple(said_n("%(n)s new Trait", "%(n)s new Traits", count) for count in range(MOST_DICE + 1)),
                  said("Aftermath: successes, each a new Consequence Trait"), counted=True)
"""The GM burns Consequence and "rolls that many dice": chosen before the throw, its successes are
exact odds, as many as the dice at most (a burn above ``MOST_DICE`` is not counted)."""


@cache
def stat_roll_rolled(dice: int, powers: int, gm: int, won: bool) -> Rolled:
    """A Stat roll of ``dice`` dice with ``powers`` automatic successes against the GM's ``gm``
    successes, won outright or behind, with its exact odds (:data:`STAT_ROLL_COUNTED`)."""
    win = bid_odds(dice, gm - powers)
    return Rolled.of({StatRoll.WHOLE: win, StatRoll.BEHIND: 1 - win}, StatRoll.WHOLE if won else StatRoll.BEHIND,
                     STAT_ROLL)


@cache
def aftermath_rolled(dice: int, gains: int) -> Rolled:
    """An aftermath of ``dice`` dice and its successes, with the exact odds of each number."""
    return Rolled.of({NewTraits(k): chance for k, chance in success_odds(dice).items()}, NewTraits(gains), AFTERMATH)
