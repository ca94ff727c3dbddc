"""Progression: milestones, the talent line and what each talent does ("Progression",
"Situational Talents", "Talents"; the talent line is reading 7)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from gamerules.charge import RiskWording
from gamerules.dials import action_said
from gamerules.own_talents import OwnKind
from gamerules.readings import TALENT_LINE_CODES
from gamerules.words import said


class TalentKind(Enum):
    """The kinds of talent a milestone can give ("Milestone")."""

    ACTION_DOT = "dot"
    EXTRA_DIE = "die"
    EXTRA_EFFECT = "effect"
    LOWER_RISK = "risk"
    ACTION_SWAP = "swap"
    NARRATIVE_LIBERTY = "liberty"

    def label(self, wording: RiskWording = RiskWording.RISK) -> str:
        if self is TalentKind.LOWER_RISK:
            return said("+1 position when ___") if wording is RiskWording.POSITION else said("-1 risk when ___")
        return {
            "dot": said("+1 action dot"),
            "die": said("+1d6 when ___"),
            "effect": said("+1 effect when ___"),
            "swap": said("Use [action] instead of [action] when ___"),
            "liberty": said("[New narrative liberty] when ___"),
        }[self.value]

    @property
    def is_situational(self) -> bool:
        """Situational talents need an action and a situation ("Situational Talents")."""
        return self is not TalentKind.ACTION_DOT

    @property
    def changes_roll(self) -> bool:
        """The kinds that change an action roll's numbers when their situation applies."""
        return self in (TalentKind.EXTRA_DIE, TalentKind.EXTRA_EFFECT, TalentKind.LOWER_RISK)


TALENT_LINE: tuple[TalentKind, ...] = tuple(TalentKind(code) for code in TALENT_LINE_CODES)
"""The 13 slots of the official sheet, in order (reading 7)."""

SITUATIONAL_CHOICES = (TalentKind.EXTRA_DIE, TalentKind.EXTRA_EFFECT, TalentKind.LOWER_RISK,
                       TalentKind.ACTION_SWAP, TalentKind.NARRATIVE_LIBERTY)
"""The situational talents the rules list ("Milestone")."""

BONUS_FREE_KINDS = (TalentKind.ACTION_SWAP, TalentKind.NARRATIVE_LIBERTY)
"""Situational talents without a bonus to stack, which any situational slot may hold."""


def slot_choices(slot: TalentKind) -> tuple[TalentKind, ...]:
    """What a slot of the line may hold: an action dot slot its dot; a situational slot its
    printed bonus, or a talent with no bonus to stack ("Milestone"; the line is reading 7, two of
    each bonus, so that nobody stacks six +1d6)."""
    if slot is TalentKind.ACTION_DOT:
        return (TalentKind.ACTION_DOT,)
    return (slot, *BONUS_FREE_KINDS)


def own_kinds_for(slot: TalentKind, kinds: tuple[OwnKind, ...]) -> tuple[OwnKind, ...]:
    """The hack's own kinds of talent a slot may hold: those giving its printed bonus, and those
    giving no bonus in any situational slot, as the rulebook's talents do ("Changing the Tree")."""
    if not slot.is_situational:
        return ()
    return tuple(kind for kind in kinds if TalentKind(kind.gives) in slot_choices(slot))


def own_kind_said(kind: OwnKind, wording: RiskWording = RiskWording.RISK) -> str:
    """A kind of the hack's own and what it gives: "Signature gear (+1d6 when ___)"."""
    gives = TalentKind(kind.gives)
    return said("%(kind)s (%(gives)s)", kind=kind.name, gives=said("what it lets you do in the story")
                if gives is TalentKind.NARRATIVE_LIBERTY else gives.label(wording))


def unlocked_slots(milestones: int) -> int:
    """Slots of the talent line open to fill: one talent dot per milestone ("Milestone")."""
    return max(0, min(milestones, len(TALENT_LINE)))


def line_of(codes: tuple[str, ...]) -> tuple[TalentKind, ...]:
    """The talent line a campaign plays, from its dial's codes: the sheet's (``TALENT_LINE``) unless
    a hack changed the tree ("Changing the Tree")."""
    return tuple(TalentKind(code) for code in codes)


def slot_kind(index: int) -> TalentKind:
    """The printed kind of the talent line's slot ``index`` (0-based; reading 7)."""
    return TALENT_LINE[index]


@dataclass(frozen=True)
class Talent:
    """A filled slot: "+1d6 when I Shoot monsters in the forest" is kind, action and situation."""

    kind: TalentKind
    action: str = ""
    situation: str = ""
    instead_of: str = ""
    """For "use [action] instead of [action]": the action it replaces."""
    own: str = ""
    """The name of the hack's own kind it is (gamerules/own_talents.py); ``kind`` is what that kind gives."""

    def errors(self, action_names: tuple[str, ...], slot: TalentKind | None = None,
               own_kinds: tuple[OwnKind, ...] = ()) -> list[str]:
        """Why this talent cannot fill ``slot`` ("Situational Talents"), under a hack with ``own_kinds``."""
        errors = []
        if self.own and not any(kind.name == self.own and kind.gives == self.kind.value for kind in own_kinds):
            errors.append(said("“%(kind)s” is not a kind of talent in this campaign.", kind=self.own))
        if slot is TalentKind.ACTION_DOT and self.kind is not TalentKind.ACTION_DOT:
            errors.append(said("This slot gives an action dot."))
        if slot is not None and slot.is_situational and not self.kind.is_situational:
            errors.append(said("This slot gives a situational talent, not an action dot."))
        elif slot is not None and slot.is_situational and self.kind not in slot_choices(slot):
            errors.append(said("This slot gives “%(talent)s” (or a talent without a bonus, "
                               "such as using one action instead of another).", talent=slot.label()))
        if self.action and self.action not in action_names:
            errors.append(said("%(action)s is not an action in this campaign.", action=self.action))
        if self.kind is TalentKind.ACTION_DOT and not self.action:
            errors.append(said("Choose the action that gets the dot."))
        needs_action = self.kind.is_situational and self.kind is not TalentKind.NARRATIVE_LIBERTY
        if needs_action and not self.action:
            errors.append(said("Choose the action the talent works with."))
        if self.kind.is_situational and not self.situation.strip():
            errors.append(said("Say when the talent applies (the situation)."))
        if self.kind is TalentKind.ACTION_SWAP:
            if self.instead_of not in action_names:
                errors.append(said("Choose the action it replaces."))
            elif self.instead_of == self.action:
                errors.append(said("An action cannot replace itself."))
        return errors

    def describe(self, wording: RiskWording = RiskWording.RISK, action_as: Callable[[str], str] = action_said) -> str:
        """The talent in words; ``action_as`` says an action (for a page: as its reader reads it;
        by default as a log line keeps it). A kind of the hack's own says its name first."""
        if self.own:  # a name of the hack's own, said as its own actions are
            return said("%(kind)s: %(talent)s", kind=action_as(self.own),
                        talent=replace(self, own="").describe(wording, action_as))
        situation = self.situation.strip()
        action = action_as(self.action)
        if self.kind is TalentKind.ACTION_DOT:
            return said("+1 %(action)s", action=action)
        if self.kind is TalentKind.ACTION_SWAP:
            return said("Use %(action)s instead of %(instead_of)s when %(situation)s", action=action,
                        instead_of=action_as(self.instead_of), situation=situation)
        if self.kind is TalentKind.NARRATIVE_LIBERTY:
            return situation
        words = {"action": action, "situation": situation}
        if self.kind is TalentKind.EXTRA_DIE:
            return said("+1d6 when I %(action)s %(situation)s", **words)
        if self.kind is TalentKind.EXTRA_EFFECT:
            return said("+1 effect when I %(action)s %(situation)s", **words)
        if wording is RiskWording.POSITION:
            return said("+1 position when I %(action)s %(situation)s", **words)
        return said("-1 risk when I %(action)s %(situation)s", **words)


STARTING_TALENT_KIND = TalentKind.EXTRA_EFFECT
"""The optional starting talent is "+1 effect when ___" ("Starting Talent")."""
