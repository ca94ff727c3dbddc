"""The Scars Extra ("Scars Extra"): a full stress clock is not cleared; it leaves a scar and the
character is incapacitated until they come to. Scars harden; a character may bow out."""

from dataclasses import dataclass

from gamerules.readings import SCARS_COMING_TO_ROUNDS_DOWN
from gamerules.words import said, said_n

HARDENED_MOMENTUM = 1
"""Being hardened: "consume 1 momentum to clear one tick of the stress clock" ("Being hardened")."""

BOW_OUT_CLEARS = 2
"""Bowing out, leaving a friend in trouble: "you also get to clear 2 ticks" ("Bowing out")."""

INCAPACITATED = said("Incapacitated")
"""The condition a full stress clock leaves: "update the condition to something that represents you
being incapacitated" ("Scars Rule"); the player may rewrite it."""

NEW_SCAR = said("A new scar: say what stays behind")
"""The scar added when the condition does not name one yet ("Definition of a scar": what stays behind)."""


@dataclass(frozen=True)
class ScarredStress:
    """Stress after a tick under the Scars rule: the clock, whether the character is
    incapacitated, and whether a new scar is added from the condition."""

    stress: int
    incapacitated: bool
    new_scar: bool


def take_stress_with_scars(stress: int, amount: int, clock_size: int, incapacitated: bool) -> ScarredStress:
    """"When your stress clock reaches 4 filled segments, you do not clear it but instead, add a
    scar to your character details and update the condition to something that represents you
    being incapacitated"; "An incapacitated character can not take more scars" ("Scars Rule")."""
    if amount < 0:
        raise ValueError("stress taken cannot be negative")
    total = min(stress + amount, clock_size)
    if total < clock_size:
        return ScarredStress(total, incapacitated, False)
    return ScarredStress(clock_size, True, not incapacitated)


def cleared_on_coming_to(clock_size: int) -> int:
    """"When you come to from being incapacitated ... you clear half of the stress clock" ("Scars
    Rule"): half its segments, rounded down on an odd size (project reading)."""
    return clock_size // 2 if SCARS_COMING_TO_ROUNDS_DOWN else -(-clock_size // 2)


def come_to(stress: int, clock_size: int) -> int:
    """The stress left when an incapacitated character comes to ("Scars Rule")."""
    return max(0, stress - cleared_on_coming_to(clock_size))


def hardened_errors(scars: int, momentum: int, stress: int) -> list[str]:
    """Whether a scar that "causes you or your friends real trouble" (the GM says so) may clear a
    tick for 1 momentum ("Being hardened")."""
    errors = []
    if scars < 1:
        errors.append(said("Only a character with a scar is hardened."))
    if momentum < HARDENED_MOMENTUM:
        errors.append(said_n("Being hardened consumes %(n)s momentum, and there is none.",
                             "Being hardened consumes %(n)s momentum, and there is none.", HARDENED_MOMENTUM))
    if stress < 1:
        errors.append(said("There is no stress to clear."))
    return errors


def bow_out(stress: int, left_a_friend_in_trouble: bool) -> int:
    """Announced before the final action: the character leaves the scene, and clears 2 ticks "if
    this ends up leaving at least one friend in trouble" ("Bowing out")."""
    return max(0, stress - BOW_OUT_CLEARS) if left_a_friend_in_trouble else stress


def coming_to_errors(bleeding_out: bool, helper: str | None, helper_is_the_scarred: bool,
                     helper_out_of_the_scene: bool) -> list[str]:
    """Who brings an incapacitated character back. They come to "either by getting help from a
    friend or from just crawling back on the scene" ("Scars Rule"); with the dial "Bleeding out", "a
    fresh scar should require some kind of action from another character to get the scarred
    character back in the game" ("Optional dial setting: Bleeding out"): not alone, and not by one
    who is out of the game too. ``helper``: the helping character's name, None for nobody."""
    if not bleeding_out:
        return []
    if helper is None or helper_is_the_scarred:
        return [said("Bleeding out: another character's action brings them back. Say who helps.")]
    if helper_out_of_the_scene:
        return [said("%(helper)s is out of the scene too and cannot help.", helper=helper)]
    return []
