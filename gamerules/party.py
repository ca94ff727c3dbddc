"""The Party Extra ("Party Extra"): a party sheet of four key concepts, each with supporting
details of a disposition; the party's danger and progress clocks; dispositions changing a roll's
position and consequence rating, or its effect; progress burned as momentum."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, IntEnum

from gamerules.charge import Risk
from gamerules.readings import (
    PARTY_CONSEQUENCE_RATING_AT_LEAST_1,
    PARTY_DETAILED_SCORE_COUNTS_DISPOSITIONS,
)
from gamerules.words import said, said_n

PARTY_CLOCK_SEGMENTS = 8
""""By default, both of these clocks have eight segments" ("Danger and Progress")."""

DETAILS_PER_CONCEPT = 4
"""A key concept's details make "a numeric score between -4 and +4" ("Dispositions"): four at most."""

MAJORITY = 2
"""A key concept turns "positive (score greater than 2)" or "negative (score less than -2)"."""

DETAILED_RANGE = range(-4, 5)
""""A range of values for disposition (for example from -4 to +4)" ("Detailed Disposition")."""


class KeyConcept(Enum):
    """The four key concepts ("Zooming in and out"), with the suit the World Extra ties to each
    ("Combining with other Rules": "Hearts are Allies, Diamonds are Assets, Spades are Adversaries
    and Clubs are Authority")."""

    ASSETS = "assets"
    ALLIES = "allies"
    ADVERSARIES = "adversaries"
    AUTHORITY = "authority"

    @property
    def label(self) -> str:
        return {"assets": said("Assets"), "allies": said("Allies"), "adversaries": said("Adversaries"),
                "authority": said("Authority")}[self.value]

    @property
    def suit(self) -> str:
        return {"assets": "diamonds", "allies": "hearts", "adversaries": "spades", "authority": "clubs"}[self.value]


class Disposition(IntEnum):
    """Positive (+1 to the key concept), neutral (+0) or negative (-1) ("Dispositions")."""

    NEGATIVE = -1
    NEUTRAL = 0
    POSITIVE = 1

    @property
    def label(self) -> str:
        return {-1: said("Negative (−)"), 0: said("Neutral (0)"), 1: said("Positive (+)")}[int(self)]

    @property
    def position(self) -> Risk:
        """The table's "Default Position" ("Dispositions"), as a ``Risk``: the screens say it in the
        campaign's words (``Risk.label``)."""
        return {1: Risk.LOW, 0: Risk.MODERATE, -1: Risk.HIGH}[int(self)]

    @property
    def consequence_change(self) -> int:
        """The table's consequence rating: -1, no change, +1."""
        return -int(self)


def detailed_disposition(value: int) -> Disposition:
    """Under the "Detailed Disposition" dial a detail holds -4..+4, and only ">+2 / <-2" count as
    positive / negative "for purposes of changing effect or position on rolls"."""
    if value not in DETAILED_RANGE:
        raise ValueError("a detailed disposition is -4 to +4")
    if value > MAJORITY:
        return Disposition.POSITIVE
    return Disposition.NEGATIVE if value < -MAJORITY else Disposition.NEUTRAL


def concept_disposition(details: Iterable[int], detailed: bool = False) -> Disposition:
    """A key concept is "neutral until the majority of supporting details are negative (score less
    than -2), or positive (score greater than 2)". Under the detailed dial each detail counts by
    the disposition its value reads as (reading PARTY_DETAILED_SCORE_COUNTS_DISPOSITIONS)."""
    values = list(details)
    if len(values) > DETAILS_PER_CONCEPT:
        raise ValueError(f"a key concept has at most {DETAILS_PER_CONCEPT} supporting details")
    if detailed and PARTY_DETAILED_SCORE_COUNTS_DISPOSITIONS:
        values = [detailed_disposition(value) for value in values]
    score = sum(int(value) for value in values)
    if score > MAJORITY:
        return Disposition.POSITIVE
    return Disposition.NEGATIVE if score < -MAJORITY else Disposition.NEUTRAL


def combined(dispositions: Iterable[Disposition]) -> Disposition:
    """The disposition bearing on one roll: "conflicting dispositions ... cancel each other out to
    a neutral disposition"."""
    present = {d for d in dispositions if d is not Disposition.NEUTRAL}
    return present.pop() if len(present) == 1 else Disposition.NEUTRAL


def consequence_rating(rating: int, disposition: Disposition) -> int:
    """A 1-5's consequence rating, moved by the disposition ("Dispositions": -1 / no change / +1).
    A 1-5 still brings a consequence: the rating stays at least 1 (reading
    PARTY_CONSEQUENCE_RATING_AT_LEAST_1)."""
    return max(PARTY_CONSEQUENCE_RATING_AT_LEAST_1, rating + disposition.consequence_change)


def upgraded(disposition: Disposition, no_neutral: bool = False) -> Disposition | None:
    """A filled progress clock upgrades a detail "from negative to neutral to positive"; with the
    "No Neutral Disposition" dial a negative detail is cleared instead (None)."""
    if disposition is Disposition.POSITIVE:
        raise ValueError("a positive detail cannot be upgraded")
    if no_neutral and disposition is Disposition.NEGATIVE:
        return None
    return Disposition(disposition + 1)


def downgraded(disposition: Disposition, no_neutral: bool = False) -> Disposition | None:
    """A filled danger clock downgrades "from positive to neutral to negative"; with "No Neutral
    Disposition" a positive detail is cleared instead (None)."""
    if disposition is Disposition.NEGATIVE:
        raise ValueError("a negative detail cannot be downgraded")
    if no_neutral and disposition is Disposition.POSITIVE:
        return None
    return Disposition(disposition - 1)


def new_detail(from_progress: bool, no_neutral: bool = False) -> Disposition:
    """A detail added by a filled clock "should generally start at neutral"; without neutral
    details it is added "directly as positive and negative, respectively"."""
    if not no_neutral:
        return Disposition.NEUTRAL
    return Disposition.POSITIVE if from_progress else Disposition.NEGATIVE


DANGER_FILLED = (
    said("Add a new supporting detail (neutral, generally)."),
    said("Downgrade an existing supporting detail (positive → neutral → negative)."),
    said("Remove or replace an existing neutral supporting detail."),
    said("The GM exposes an immediate threat: a negative supporting detail unless the party completes a "
         "mission."),
)
""""Filling the Danger Clock": what the players choose from, and the clock clears."""

PROGRESS_FILLED = (
    said("Add a new supporting detail (neutral, generally)."),
    said("Upgrade an existing supporting detail (negative → neutral → positive)."),
    said("Remove or replace an existing neutral supporting detail."),
    said("The GM offers an immediate opportunity: a positive supporting detail if the party completes a "
         "mission."),
)
""""Filling the Progress Clock"."""


def burn_errors(progress: int, burned: int) -> list[str]:
    """"Spend filled segments of the progress clock as momentum, on a one-for-one basis"."""
    if burned < 1:
        return [said("Burn at least one segment of progress.")]
    if burned > progress:
        return [said_n("The party's progress clock has %(n)s filled segment to burn.",
                       "The party's progress clock has %(n)s filled segments to burn.", progress)]
    return []
