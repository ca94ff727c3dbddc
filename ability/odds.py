"""The exact odds an action roll shows as its pool changes ("Outcome and Effect", "Dice Pool
Probability"), as fractions from ``gamerules.ability``; the templates print them."""

from dataclasses import dataclass
from fractions import Fraction

from gamerules import ability as rules
from gamerules.ability import OUTCOMES, Position
from gamerules.chances import shares


@dataclass(frozen=True)
class Outlook:
    sizes: tuple[int, ...]
    mean: Fraction
    like: Fraction
    """The single die with the same average as the pool's highest die."""
    claim: int
    """The die the text's rule of thumb ("a half-step" a die) gives."""
    by_difficulty: tuple = ()
    """Before the director's call: (difficulty die, name, [(position, success chance)])."""
    outcomes: tuple = ()
    """Once she has called it: (outcome, exact chance, whole percent), best first, the percents
    adding up to 100."""
    success: Fraction | None = None


def outlook(sizes, difficulty: int | None, position: Position, positions, ties_to_director: bool) -> Outlook:
    sizes = tuple(sizes)
    honest = {"mean": rules.pool_mean(sizes), "like": rules.like_a_die(sizes), "claim": rules.half_step_claim(sizes)}
    if difficulty is None:
        return Outlook(sizes, by_difficulty=tuple(
            (size, rules.difficulty_name(size),
             [(p, rules.success_chance(rules.action_odds(sizes, size, p, ties_to_director=ties_to_director)))
              for p in positions])
            for size in rules.DIE_SIZES), **honest)
    odds = rules.action_odds(sizes, difficulty, position, ties_to_director=ties_to_director)
    return Outlook(sizes, outcomes=tuple(shares({outcome: odds[(outcome.success, outcome.level)] for outcome in OUTCOMES})),
                   success=rules.success_chance(odds), **honest)
