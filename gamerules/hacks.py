"""A campaign's hack as one document ("What to Hack"): its dials, variant and wording of risk, and
its playbooks; the chapter's own examples as presets; what a new hack changes, and what it does
to characters already played.

The document's shape is charge/hack.schema.json; this module reads a document that passed it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from gamerules.charge import MomentumDial
from gamerules.conditions import Deterioration, Often, Opportunity
from gamerules.dials import (
    NINE_ACTIONS,
    QUICK_CHARGE_ACTIONS,
    RULEBOOK_DETAIL_NAMES,
    ActionName,
    Attribute,
    Dials,
    Extra,
    ExtraDial,
)
from gamerules.own_talents import OwnKind, own_kinds_errors
from gamerules.readings import TALENT_LINE_CODES
from gamerules.talent_dots import DEFAULT_TALENT_TRIGGERS, TalentTrigger
from gamerules.words import said

FORMAT = "charge-hack"
VERSION = 1
NUMBERS = ("starting_dots", "creation_cap", "max_rating", "starting_momentum", "stress_clock_size",
           "flashback_most", "goal_clock_size", "talent_cost")
"""The dials that are one number each, named as the document and :class:`Dials` name them."""


@dataclass(frozen=True)
class PlaybookRecipe:
    """A playbook as the file carries it ("Playbook Recipe")."""

    name: str
    suggested_ties: tuple[str, ...]
    action_dots: tuple[tuple[str, int], ...]
    talents: tuple[tuple[str, str, str], ...]
    """(slot, action, situation) of each pre-filled situational talent."""

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "suggested_ties": list(self.suggested_ties), "action_dots": dict(self.action_dots),
                "talents": {slot: {"action": action, "situation": situation} for slot, action, situation in self.talents}}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> PlaybookRecipe:
        return cls(data["name"], tuple(data["suggested_ties"]), tuple(data["action_dots"].items()),
                   tuple((str(slot), t["action"], t["situation"]) for slot, t in data["talents"].items()))


@dataclass(frozen=True)
class Hack:
    """Everything a hack file holds."""

    dials: Dials
    ruleset: str = "charge"
    risk_wording: str = "risk"
    name: str = ""
    playbooks: tuple[PlaybookRecipe, ...] = ()

    def to_document(self) -> dict[str, Any]:
        """The file, with its fields in a fixed order so that two exports of one hack are the same text."""
        dials = self.dials
        document: dict[str, Any] = {"format": FORMAT, "version": VERSION, "name": self.name, "ruleset": self.ruleset,
                                    "risk_wording": self.risk_wording,
                                    "actions": {a.value: list(dials.actions_under(a)) for a in Attribute}}
        document.update({number: getattr(dials, number) for number in NUMBERS})
        document["momentum"] = {"partial": dials.momentum.partial, "full": dials.momentum.full,
                                "critical": dials.momentum.critical}
        document["clock_sizes"] = sorted(dials.clock_sizes)
        document["extras"] = sorted(extra.value for extra in dials.extras)
        document["extra_dials"] = sorted(dial.value for dial in dials.extra_dials)
        document["details"] = list(dials.details)
        document["talent_triggers"] = sorted(trigger.value for trigger in dials.talent_triggers)
        document["talent_line"] = list(dials.talent_line)
        document["own_talents"] = [kind.to_data() for kind in dials.own_talents]
        words: dict[str, dict[str, str]] = {}
        for language, name, word in dials.words:
            words.setdefault(language, {})[name] = word
        document["words"] = words
        document["recovery_opportunities"] = [one.to_data() for one in dials.recovery_opportunities]
        document["deteriorations"] = [one.to_data() for one in dials.deteriorations]
        document["stress_penalty_at"] = dials.stress_penalty_at
        document["playbooks"] = [playbook.to_data() for playbook in sorted(self.playbooks, key=lambda p: p.name)]
        return document

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> Hack:
        """Read a document that passed the schema (its types and values are already checked)."""
        dials = Dials(
            actions=tuple(ActionName(name.strip(), attribute) for attribute in Attribute
                          for name in document["actions"][attribute.value]),
            momentum=MomentumDial(**document["momentum"]),
            clock_sizes=tuple(sorted(document["clock_sizes"])),
            extras=frozenset(Extra(value) for value in document["extras"]),
            extra_dials=frozenset(ExtraDial(value) for value in document["extra_dials"]),
            # Optional: a file from before they were hackable plays the rulebook's.
            details=tuple(name.strip() for name in document.get("details", ())),
            talent_triggers=frozenset(TalentTrigger(value) for value in document.get(
                "talent_triggers", [t.value for t in DEFAULT_TALENT_TRIGGERS])),
            talent_line=tuple(document.get("talent_line", TALENT_LINE_CODES)),
            own_talents=tuple(map(OwnKind.from_data, document.get("own_talents", []))),
            words=tuple(sorted((language, name.strip(), word.strip()) for language, names in document.get("words", {}).items()
                               for name, word in names.items())),
            **{number: document[number] for number in NUMBERS},
            # "Hacking Conditions": a file without them plays recovery as written.
            recovery_opportunities=tuple(map(Opportunity.from_data, document.get("recovery_opportunities", []))),
            deteriorations=tuple(map(Deterioration.from_data, document.get("deteriorations", []))),
            stress_penalty_at=document.get("stress_penalty_at", 0))
        return cls(dials, document["ruleset"], document["risk_wording"], document.get("name", ""),
                   tuple(PlaybookRecipe.from_data(p) for p in document.get("playbooks", [])))

    def errors(self) -> list[tuple[str, str]]:
        """What makes the hack unplayable, each with the field it is about: the dials' own
        refusals, and playbooks that do not fit its actions."""
        conditions = self.dials.conditions_errors()
        fields = {**dict.fromkeys(self.dials.details_errors(), "details"),
                  **dict.fromkeys(self.dials.triggers_errors(), "talent_triggers"),
                  **dict.fromkeys(self.dials.talent_line_errors(), "talent_line"),
                  **dict.fromkeys(own_kinds_errors(self.dials.own_talents), "own_talents"),
                  **dict.fromkeys(self.dials.words_errors(), "words"),
                  **{error: field for field, error in conditions}}
        found = [(fields.get(error, "actions"), error) for error in self.dials.errors()]
        names = set(self.dials.action_names)
        for n, playbook in enumerate(self.playbooks):
            field = f"playbooks[{n}]"
            if any(action not in names for action, _dots in playbook.action_dots) or any(
                    action not in names for _slot, action, _situation in playbook.talents):
                found.append((field, said("A playbook uses only the hack's actions.")))
            dots = [count for _action, count in playbook.action_dots]
            if sum(dots) != 3 or any(count > self.dials.creation_cap for count in dots):
                found.append((field, said("A playbook pre-assigns 3 action dots, each within the cap at creation.")))
        if len({p.name.casefold() for p in self.playbooks}) != len(self.playbooks):
            found.append(("playbooks", said("Two playbooks have the same name.")))
        return found


def renames(before: Dials, after: Dials) -> dict[str, str]:
    """The actions renamed: at the same place under the same attribute, an old name gone and a new
    one arrived. Dots written on the old name move to the new one."""
    moved = {}
    for attribute in Attribute:
        old, new = before.actions_under(attribute), after.actions_under(attribute)
        if len(old) != len(new):
            continue  # a shorter list folds actions together: nothing is renamed
        for was, now in zip(old, new, strict=True):
            if was != now and was not in after.action_names and now not in before.action_names:
                moved[was] = now
    return moved


def _renamed(dials: Dials, was: str, now: str) -> Dials | None:
    if was not in dials.action_names or now in dials.action_names:
        return None
    return replace(dials, actions=tuple(ActionName(now if a.name == was else a.name, a.attribute)
                                        for a in dials.actions))


def _fewer(actions: tuple[ActionName, ...], starting_dots: int, creation_cap: int) -> Callable[[Dials], Dials | None]:
    def preset(dials: Dials) -> Dials | None:
        if dials.actions == actions:
            return None
        return replace(dials, actions=actions, starting_dots=starting_dots, creation_cap=creation_cap).keeping_words()
    return preset


@dataclass(frozen=True)
class Preset:
    """One of the chapter's examples, one tap away: ``change`` gives the dials it makes, or None
    when the campaign already plays it (or cannot)."""

    slug: str
    title: str
    source: str
    change: Callable[[Dials], Dials | None]


def _momentum(partial: int, full: int, critical: int) -> Callable[[Dials], Dials | None]:
    dial = MomentumDial(partial, full, critical)
    return lambda dials: None if dials.momentum == dial else replace(dials, momentum=dial)


def _stress(size: int) -> Callable[[Dials], Dials | None]:
    return lambda dials: None if dials.stress_clock_size == size else replace(dials, stress_clock_size=size)


PRESETS = (
    Preset("tinker-craft", said("Tinker becomes Craft"), said("Changing the Words"),
           lambda d: _renamed(d, "Tinker", "Craft")),
    Preset("tinker-hack", said("Tinker becomes Hack"), said("Changing the Words"),
           lambda d: _renamed(d, "Tinker", "Hack")),
    Preset("sway-negotiate", said("Sway becomes Negotiate"), said("Changing the Words"),
           lambda d: _renamed(d, "Sway", "Negotiate")),
    Preset("sway-argue", said("Sway becomes Argue"), said("Changing the Words"),
           lambda d: _renamed(d, "Sway", "Argue")),
    Preset("nine-actions", said("9 actions, 7 dots at creation"), said("Changing the Number of Actions"),
           _fewer(NINE_ACTIONS, 7, 2)),
    Preset("six-actions", said("6 actions, 4 dots at creation (as Quick Charge)"), said("Changing the Number of Actions"),
           _fewer(QUICK_CHARGE_ACTIONS, 4, 4)),
    Preset("momentum-sparing", said("Momentum only on a 6: 0, 2, 3"), said("Hacking Momentum"), _momentum(0, 2, 3)),
    Preset("momentum-generous", said("More momentum: 1, 3, 4"), said("Hacking Momentum"), _momentum(1, 3, 4)),
    Preset("stress-6", said("Tougher characters: 6-segment stress clock"), said("Changing The Stress Clock"),
           _stress(6)),
    Preset("stress-8", said("Much tougher: 8-segment stress clock"), said("Changing The Stress Clock"), _stress(8)),
    Preset("stress-4", said("Weaker characters: 4-segment stress clock"), said("Changing The Stress Clock"),
           _stress(4)),
)
PRESETS += tuple(
    Preset(f"talent-cost-{cost}", title, said("Changing the Cost of Activating a Talent"),
           lambda dials, cost=cost: None if dials.talent_cost == cost else replace(dials, talent_cost=cost))
    for cost, title in ((1, said("Talents cost 1 momentum to invoke")), (2, said("Talents cost 2 momentum to invoke")),
                        (0, said("Talents are free to invoke"))))
PRESETS += (
    Preset("god-and-role", said("A God and a role in the group"), said("Changing the Details"),
           lambda dials: None if set(RULEBOOK_DETAIL_NAMES) <= set(dials.details) else replace(
               dials, details=dials.details + tuple(n for n in RULEBOOK_DETAIL_NAMES if n not in dials.details))),
)
PRESETS += tuple(
    Preset(f"talent-dots-{trigger.value.replace('_', '-')}", title, said("Changing When Talent Dots are Gained"),
           lambda dials, trigger=trigger: None if trigger in dials.talent_triggers else replace(
               dials, talent_triggers=dials.talent_triggers | {trigger}))
    for trigger, title in ((TalentTrigger.DESPERATE_FAIL, said("A talent dot for a failed desperate roll")),
                           (TalentTrigger.PROJECT, said("A talent dot for a finished project clock"))))


def _medic_and_poison(dials: Dials) -> Dials | None:
    """The chapter's own examples: "the "medic" of the group" to recover with, poison that worsens."""
    medic, poison = Opportunity(said("The group's medic"), 1, Often.SESSION), Deterioration(
        said("Poison"), said("a scene ends and the poison is untreated"), 1)
    if dials.opportunity(medic.name) or dials.deterioration(poison.name):
        return None
    return replace(dials, recovery_opportunities=(*dials.recovery_opportunities, medic),
                   deteriorations=(*dials.deteriorations, poison))


PRESETS += (Preset("medic-and-poison", said("A medic and poison"), said("Hacking Conditions"), _medic_and_poison),)


def _line(line: tuple[str, ...]) -> Callable[[Dials], Dials | None]:
    return lambda dials: None if dials.talent_line == line else replace(dials, talent_line=line)


# "make certain types of talent more common than others": the sheet's line (7 dots, 6 situational
# bonuses) tipped one way or the other, the line's first and last slot still a dot.
MORE_DOTS_LINE = tuple("dot" if code == "risk" else code for code in TALENT_LINE_CODES)
MORE_BONUSES_LINE = ("dot", "effect", "risk", "die") * 3 + ("dot",)
PRESETS += (
    Preset("talent-line-dots", said("More action dots: 9 of the 13 talents"), said("Changing the Tree"),
           _line(MORE_DOTS_LINE)),
    Preset("talent-line-bonuses", said("More situational bonuses: 4 of the 13 talents are action dots"),
           said("Changing the Tree"), _line(MORE_BONUSES_LINE)),
)
PRESETS_BY_SLUG = {preset.slug: preset for preset in PRESETS}
