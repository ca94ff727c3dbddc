"""The Magic Extra ("Magic Extra"): spells cast with one or more actions, at a cost, whose effect
helps a roll: limited gives a better effect or position, normal an extra d6, great both; a
critical on a spell raises its effect one level for every 6 after the first."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from fractions import Fraction

from gamerules.charge import Effect, Outcome, RiskWording
from gamerules.words import said

MOMENTUM_COST_MOST = 4
"""The most momentum a spell's cost asks ("Some amount of momentum"): the most a character can
hold after a good roll or two."""

STRESS_COST_MOST = 4
"""A drawback of stress ("take stress") is at most a whole default stress clock."""


class SpellLevel(IntEnum):
    """A spell's effect ("The effect of magic"): limited, normal, great, and great raised by a
    critical, which gives the text's two choices."""

    LIMITED = 1
    NORMAL = 2
    GREAT = 3
    BEYOND_GREAT = 4

    @property
    def label(self) -> str:
        return (said("Limited"), said("Normal"), said("Great"), said("Great, raised by a critical"))[self - 1]

    @property
    def segments(self) -> int:
        """Its effect on a clock: 1, 2, 3 segments (a raised great stays great: "the effect
        rating stays the same")."""
        return min(int(self), int(SpellLevel.GREAT))


class SpellBenefit(Enum):
    """What a spell gives a roll it helps, as the player chooses from its level's options."""

    DIE = "die"
    EFFECT = "effect"
    POSITION = "position"
    DIE_AND_EFFECT = "die_effect"
    DIE_AND_POSITION = "die_position"
    ALL = "all"
    SUCCESS = "success"

    def label(self, wording: RiskWording = RiskWording.RISK) -> str:
        risk = wording is RiskWording.RISK  # each wording its own whole phrase, for the translators
        return {"die": said("+1d6"), "effect": said("+1 effect"),
                "position": said("a better risk") if risk else said("a better position"),
                "die_effect": said("+1d6 and +1 effect"),
                "die_position": said("+1d6 and a better risk") if risk else said("+1d6 and a better position"),
                "all": (said("+1d6, +1 effect and a better risk") if risk
                        else said("+1d6, +1 effect and a better position")),
                "success": said("an automatic success")}[self.value]


BENEFITS = {
    SpellLevel.LIMITED: (SpellBenefit.EFFECT, SpellBenefit.POSITION),
    SpellLevel.NORMAL: (SpellBenefit.DIE,),
    SpellLevel.GREAT: (SpellBenefit.DIE_AND_EFFECT, SpellBenefit.DIE_AND_POSITION),
    SpellLevel.BEYOND_GREAT: (SpellBenefit.ALL, SpellBenefit.SUCCESS),
}
"""Limited: "only provides a better effect or a better position"; normal: "an extra d6"; great:
"both better effect or position and ... an extra d6"; a critical on a great spell: "either it
provides better effect, position and an extra d6, or it simply lets the character automatically
succeed" ("The effect of magic")."""


@dataclass(frozen=True)
class SpellBonus:
    """What a spell adds to the roll it helps."""

    dice: int = 0
    effect_steps: int = 0
    risk_steps: int = 0
    automatic_success: bool = False


BONUSES = {
    SpellBenefit.DIE: SpellBonus(dice=1),
    SpellBenefit.EFFECT: SpellBonus(effect_steps=1),
    SpellBenefit.POSITION: SpellBonus(risk_steps=1),
    SpellBenefit.DIE_AND_EFFECT: SpellBonus(dice=1, effect_steps=1),
    SpellBenefit.DIE_AND_POSITION: SpellBonus(dice=1, risk_steps=1),
    SpellBenefit.ALL: SpellBonus(dice=1, effect_steps=1, risk_steps=1),
    SpellBenefit.SUCCESS: SpellBonus(automatic_success=True),
}


def spell_bonus(level: SpellLevel, benefit: SpellBenefit) -> SpellBonus:
    """The bonus a spell of ``level`` gives when its player chooses ``benefit``."""
    if benefit not in BENEFITS[level]:
        raise ValueError(f"a {level.label.lower()} spell does not give {benefit.label()}")
    return BONUSES[benefit]


def charged_level(effect: Effect, outcome: Outcome, sixes: int) -> SpellLevel | None:
    """The spell a casting roll leaves ready: its effect, for a success that has any ("Use the
    effect rating of the spell"); "Critical successes on spells raise the effect by one level for
    every additional d6 besides the first", past great to the text's critical great. ``effect``
    is the roll's effect before any critical raised it."""
    if not outcome.is_success or effect <= Effect.NONE:
        return None
    raised = sixes - 1 if outcome is Outcome.CRITICAL else 0
    return SpellLevel(min(int(effect) + raised, int(SpellLevel.BEYOND_GREAT)))


def assured(outcome: Outcome) -> Outcome:
    """An automatic success ("automatically succeed on a roll"): the dice are still rolled, and
    anything short of a 6 reads as a full success; a 66 stays a critical (project reading)."""
    return outcome if outcome is Outcome.CRITICAL else Outcome.FULL


def assured_odds(chances: Mapping[Outcome, Fraction]) -> dict[Outcome, Fraction]:
    """The odds of an automatic success: a critical as often as the dice give one, else full."""
    critical = chances[Outcome.CRITICAL]
    return {Outcome.CRITICAL: critical, Outcome.FULL: 1 - critical,
            Outcome.PARTIAL: Fraction(0), Outcome.BAD: Fraction(0)}


class CastingLimit(Enum):
    """"Casting Limits (once per day; once per session; once in the whole campaign)"."""

    NONE = ""
    DAY = "day"
    SESSION = "session"
    CAMPAIGN = "campaign"

    @property
    def label(self) -> str:
        return {"": said("No limit"), "day": said("Once per day"), "session": said("Once per session"),
                "campaign": said("Once in the whole campaign")}[self.value]


@dataclass(frozen=True)
class Casts:
    """When a spell was last cast: the campaign's day and the session (None: outside one), and
    how many times ever."""

    times: int = 0
    day: int | None = None
    session: int | None = None


def casting_errors(limit: CastingLimit, casts: Casts, day: int, session: int | None) -> list[str]:
    """Why the spell cannot be cast now, under its casting limit."""
    if not casts.times or limit is CastingLimit.NONE:
        return []
    if limit is CastingLimit.CAMPAIGN:
        return [said("This spell is cast once in the whole campaign, and it has been.")]
    if limit is CastingLimit.SESSION and casts.session == session:
        return [said("This spell is cast once per session: it was cast in this one.")]
    if limit is CastingLimit.DAY and casts.day == day:
        return [said("This spell is cast once per day: it was cast today. The GM starts a new day.")]
    return []
