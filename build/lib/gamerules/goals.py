"""The Goals Extra ("Goals Extra"): a goal is a name, a difficulty and a clock of 8 segments
(12 with its dial); progress ticks it by the difficulty; a full goal gives talent dots. Two dials
roll instead: to advance, and to resolve."""

from enum import Enum
from fractions import Fraction

from gamerules.charge import Outcome, odds
from gamerules.readings import GOAL_PARTIAL_TICKS_ONE_FEWER, GOAL_RESOLVE_BANDS

GOAL_CLOCK_SEGMENTS = 8
"""'A goal has an associated clock with 8 segments' ("Advancing a Goal")."""

GOAL_CLOCK_SEGMENTS_HARDER = 12
"""'try a new clock: the 12 segment clock!' ("Dial: Changing the Clock")."""

GOAL_CLOCK_SIZES = (GOAL_CLOCK_SEGMENTS, GOAL_CLOCK_SEGMENTS_HARDER)

ADVANCE_POOL = 2
"""'If it's complicated, here a fast and simple rule: use 2 dice' ("Dial: Rolling to Advance")."""


class Difficulty(Enum):
    """'The difficulty can be easy, medium or hard' ("What is a Goal?")."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @property
    def ticks(self) -> int:
        """Segments ticked when the goal progresses ("Advancing a Goal"): 3, 2, 1."""
        return {"easy": 3, "medium": 2, "hard": 1}[self.value]

    @property
    def talent_dots(self) -> int:
        """Talent dots gained when the goal's clock is full ("Finishing a Goal"): 1, 2, 3."""
        return {"easy": 1, "medium": 2, "hard": 3}[self.value]


def advance_ticks(difficulty: Difficulty, outcome: Outcome) -> int:
    """Rolling to advance ("Dial: Rolling to Advance"): 1-3 no tick, 4-5 one fewer (reading
    GOAL_PARTIAL_TICKS_ONE_FEWER), 6 as usual, 66 one more."""
    usual = difficulty.ticks
    return {Outcome.BAD: 0,
            Outcome.PARTIAL: max(0, usual - 1) if GOAL_PARTIAL_TICKS_ONE_FEWER else 0,
            Outcome.FULL: usual, Outcome.CRITICAL: usual + 1}[outcome]


def advance_odds(difficulty: Difficulty, pool: int = ADVANCE_POOL) -> dict[int, Fraction]:
    """The exact chance of each number of segments ticked by rolling to advance."""
    chances: dict[int, Fraction] = {}
    for outcome, chance in odds(pool).items():
        ticks = advance_ticks(difficulty, outcome)
        chances[ticks] = chances.get(ticks, Fraction(0)) + chance
    return dict(sorted(chances.items()))


def resolve_pool(filled: int, size: int) -> int | None:
    """The dice for rolling to resolve, from the clock's status ("Dial: Rolling to Resolve"): too
    soon (None) up to a quarter, then like 0, 1 or 2 action dots, and 3 when full (bands read
    by GOAL_RESOLVE_BANDS)."""
    if filled >= size:
        return 3
    status = Fraction(filled, size)
    for numerator, denominator, pool in GOAL_RESOLVE_BANDS:
        if status <= Fraction(numerator, denominator):
            return pool
    return 2


class Resolution(Enum):
    """How rolling to resolve ends ("Dial: Rolling to Resolve")."""

    LOST = "lost"
    PARTIAL = "partial"
    SUCCESS = "success"
    CRITICAL = "critical"


def resolution(outcome: Outcome) -> Resolution:
    """1-3 the goal is lost; 4-5 one less talent dot or a consequence; 6 the dots; 66 one more."""
    return {Outcome.BAD: Resolution.LOST, Outcome.PARTIAL: Resolution.PARTIAL,
            Outcome.FULL: Resolution.SUCCESS, Outcome.CRITICAL: Resolution.CRITICAL}[outcome]


def resolved_dots(difficulty: Difficulty, result: Resolution, consequence_instead: bool = False) -> int:
    """Talent dots from rolling to resolve: none when lost; one less on a partial, unless the
    player suffers a consequence instead; as usual on a 6; one more on a 66."""
    usual = difficulty.talent_dots
    return {Resolution.LOST: 0,
            Resolution.PARTIAL: usual if consequence_instead else usual - 1,
            Resolution.SUCCESS: usual, Resolution.CRITICAL: usual + 1}[result]



def resolve_odds(pool: int) -> dict[Resolution, Fraction]:
    """The exact chance of each way rolling to resolve ends, with ``pool`` dice."""
    return {resolution(outcome): chance for outcome, chance in odds(pool).items()}
