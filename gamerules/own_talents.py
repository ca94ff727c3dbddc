"""Kinds of talent a hack invents ("Hacking Talents" → "Changing the Tree": "You could also create
brand new types of talent that would make players more invested in your game").

What a new kind does on a roll must be something the rules can play exactly, so each gives one of
the rulebook's situational bonuses (+1d6, +1 effect, -1 risk) or, like a narrative liberty, only
what it lets the character do in the story; its name and what it is are the GM's. A talent of the
kind fills a slot of the line as the talent it gives would (gamerules/progression.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamerules.words import said, unfit_name

OWN_KIND_GIVES = ("die", "effect", "risk", "liberty")
"""What a kind of the hack's own may give: a talent kind's code (gamerules/progression.py)."""
OWN_KINDS_MOST, OWN_KIND_NAME_MOST, OWN_KIND_ABOUT_MOST = 6, 30, 200
"""A few kinds, each a short name and a sentence: our limits."""


@dataclass(frozen=True)
class OwnKind:
    """A kind of talent the hack invents: "Signature gear", giving +1d6, "an item only you carry"."""

    name: str
    gives: str
    """The code of the talent kind it plays as (``OWN_KIND_GIVES``)."""
    about: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "gives": self.gives, "about": self.about}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> OwnKind:
        return cls(str(data["name"]).strip(), str(data["gives"]), str(data.get("about", "")).strip())


def own_kinds_errors(kinds: tuple[OwnKind, ...]) -> list[str]:
    """Every reason a hack's own kinds of talent cannot be played."""
    errors = []
    names = [kind.name.strip() for kind in kinds]
    if len(kinds) > OWN_KINDS_MOST:
        errors.append(said("At most %(most)s kinds of talent of your own.", most=OWN_KINDS_MOST))
    if any(not name or len(name) > OWN_KIND_NAME_MOST or unfit_name(name) for name in names):
        errors.append(said("A kind of talent's name has 1 to %(most)s characters, without < or >.",
                           most=OWN_KIND_NAME_MOST))
    if len({name.casefold() for name in names}) != len(names):
        errors.append(said("Two kinds of talent have the same name."))
    if any(kind.gives not in OWN_KIND_GIVES for kind in kinds):
        errors.append(said("A kind of talent gives +1d6, +1 effect, -1 risk or only what it lets you do in the story."))
    if any(len(kind.about) > OWN_KIND_ABOUT_MOST or unfit_name(kind.about) for kind in kinds):
        errors.append(said("What a kind of talent is takes at most %(most)s characters, without < or >.",
                           most=OWN_KIND_ABOUT_MOST))
    return errors
