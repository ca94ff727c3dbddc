"""Ability vs Difficulty's rolls read for the dice statistics (core/systems.py ``LoggedKind.odds``):
an action roll's (success, effect level) and a quick action roll's success or failure, each with
the exact odds of its ability pool against its difficulty die and position, all set before the
player rolls (teamwork's help is itself a quick action roll of the log, counted on its own)."""

from __future__ import annotations

from core.systems import DAMAGED, Logged
from gamerules import ability as rules
from gamerules.honesty import Rolled


def _read(logged: Logged) -> tuple[list[int], int, rules.Position, bool, tuple[int, ...]]:
    """The pool's die sizes, the difficulty die, the position, whether ties go to the director,
    and the difficulty dice thrown."""
    sizes = [size for _, size in logged.sources]
    difficulty = logged.result["difficulty"]
    if not isinstance(difficulty, list) or not isinstance(logged.dice, list):
        raise ValueError("dice are lists")
    return (sizes, logged.choices["difficulty"], rules.Position(logged.choices["position"]),
            bool(logged.choices.get("dangerous")), tuple(difficulty))


def action_rolled(logged: Logged) -> Rolled | str:
    sizes, difficulty, position, ties, faces = _read(logged)
    if len(sizes) > rules.MOST_POOL:
        return DAMAGED
    read = rules.action_rolled(sizes, difficulty, position, logged.dice, faces, ties_to_director=ties)
    return read if logged.outcome == ("success" if read.outcome[0] else "failure") else DAMAGED


def quick_rolled(logged: Logged) -> Rolled | str:
    sizes, difficulty, position, ties, faces = _read(logged)
    if len(sizes) != 1 or len(logged.dice) != 1:
        return DAMAGED
    read = rules.quick_rolled(sizes[0], difficulty, position, logged.dice[0], faces, ties_to_director=ties)
    return read if logged.outcome == read.outcome.value else DAMAGED
