"""A campaign's dials ("What to Hack"), its ruleset and its Extras switches.

A GM who changes nothing plays Charge as written: every default here is the rulebook's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from typing import Any

from gamerules.charge import DEFAULT_MOMENTUM_DIAL, MomentumDial
from gamerules.clocks import DEFAULT_CLOCK_SIZES, EXTENDED_CLOCK_SIZES
from gamerules.conditions import Deterioration, Opportunity, conditions_errors
from gamerules.goals import GOAL_CLOCK_SEGMENTS, GOAL_CLOCK_SIZES
from gamerules.own_talents import OwnKind, own_kinds_errors
from gamerules.readings import (
    FLASHBACK_MOST,
    FLASHBACK_MOST_DIAL,
    QUICK_CHARGE_STUDY_ACTION,
    TALENT_LINE_CODES,
    TALENT_LINE_SLOT_CODES,
)
from gamerules.talent_dots import DEFAULT_TALENT_TRIGGERS, TalentTrigger
from gamerules.threat import ThreatRule
from gamerules.words import said, said_as, unfit_name


class Ruleset(Enum):
    """The resolution system a campaign plays. More systems join here as they are built."""

    CHARGE = "charge"
    QUICK_CHARGE = "quick_charge"

    @property
    def label(self) -> str:
        return {"charge": said("Charge"), "quick_charge": said("Quick Charge")}[self.value]


class Extra(Enum):
    """The optional rules of the "Extras" chapter, switched on per campaign."""

    ASSET = "asset"
    SOLO = "solo"
    ATTACHMENT = "attachment"
    WORLD = "world"
    MAGIC = "magic"
    SCARS = "scars"
    GOALS = "goals"
    PARTY = "party"
    THREAT_LEVEL = "threat_level"
    RESOURCE_POOL = "resource_pool"
    ECONOMY = "economy"
    STARTING_TALENT = "starting_talent"

    @property
    def label(self) -> str:
        return {
            Extra.ASSET: said("Asset"), Extra.SOLO: said("Solo"), Extra.ATTACHMENT: said("Attachment"),
            Extra.WORLD: said("World"), Extra.MAGIC: said("Magic"), Extra.SCARS: said("Scars"),
            Extra.GOALS: said("Goals"), Extra.PARTY: said("Party"), Extra.THREAT_LEVEL: said("Threat level"),
            Extra.RESOURCE_POOL: said("Resource pool"), Extra.ECONOMY: said("Economy"),
            Extra.STARTING_TALENT: said("Starting talent (+1 effect when ___)"),
        }[self]

    @property
    def summary(self) -> str:
        """What the Extra does, in one line from its section ("Asset Extra", "Solo Extra"...)."""
        return {
            Extra.ASSET: said("Assets a character holds give +1d6 or increased effect on one action roll, "
                              "then are spent; the GM gives them as boons."),
            Extra.SOLO: said("The last one standing pushes themselves for 1 momentum instead of 2."),
            Extra.ATTACHMENT: said("Each character marks 1-2 details as attachments; breaking one cancels an "
                                   "incoming consequence, and a project repairs it."),
            Extra.STARTING_TALENT: said("Each character starts with a talent: +1 effect when ___."),
            Extra.GOALS: said("Characters set goals (easy, medium, hard) on 8-segment clocks; a finished goal "
                              "gives 1-3 talent dots to place."),
            Extra.SCARS: said("A full stress clock is not cleared: it leaves a scar and the character is "
                              "incapacitated until they come to (half the clock clears)."),
            Extra.WORLD: said("The GM writes three prompt tables and draws 3 hook cards when the PCs come back to "
                              "their H.Q.; the red cards make the mission roll, where the next mission starts."),
            Extra.PARTY: said("A party sheet: four key concepts with supporting details of a disposition that "
                              "moves a roll's consequence rating or effect, and party danger and progress clocks "
                              "(progress burns as momentum)."),
            Extra.RESOURCE_POOL: said("The GM builds resources (Grit, Mana, Expedition Funds): gathered by hand or "
                                      "by the recap's roll, spent for +1d6 or an effect, kept on a 5-6, expiring "
                                      "after a planned scenario."),
            Extra.ECONOMY: said("A market clock of 4 segments, ticked once per scene, makes buying and selling "
                                "easier or harder; the market roll adds 1d6 per money spent, on a ten-point scale."),
            Extra.MAGIC: said("Spells on the sheets, cast with an action roll at a cost (momentum, stress, a "
                              "starting risk, a clock to fill, a danger clock, a casting limit); the effect "
                              "readies the spell to help one roll: limited +1 effect or a better position, "
                              "normal +1d6, great both."),
            Extra.THREAT_LEVEL: said("The GM sets threats (a source and a rating) on the scene or a character; "
                                     "when one applies, its dice are rolled with the action and each cancels "
                                     "an action die of the same value."),
        }.get(self, "")


class ExtraDial(Enum):
    """The optional dials an Extra's own section offers, each playable only with its Extra on."""

    GOALS_ROLL_TO_ADVANCE = "goals_roll_to_advance"
    GOALS_ROLL_TO_RESOLVE = "goals_roll_to_resolve"
    SCARS_COMPENSATING = "scars_compensating"
    SCARS_AT_START = "scars_at_start"
    SCARS_BLEEDING_OUT = "scars_bleeding_out"
    ATTACHMENT_CONDITION = "attachment_condition"
    PARTY_NO_CLOCKS = "party_no_clocks"
    PARTY_NO_NEUTRAL = "party_no_neutral"
    PARTY_DETAILED_DISPOSITION = "party_detailed_disposition"
    PARTY_MORE_CLOCKS = "party_more_clocks"
    THREAT_LEVEL_DEADLIER = "threat_level_deadlier"
    THREAT_LEVEL_HARSHER = "threat_level_harsher"

    @property
    def extra(self) -> Extra:
        return next(extra for extra in Extra if self.value.startswith(f"{extra.value}_"))

    @property
    def label(self) -> str:
        return {
            ExtraDial.GOALS_ROLL_TO_ADVANCE: said("Goals: rolling to advance"),
            ExtraDial.GOALS_ROLL_TO_RESOLVE: said("Goals: rolling to resolve"),
            ExtraDial.SCARS_COMPENSATING: said("Scars: compensating"),
            ExtraDial.SCARS_AT_START: said("Scars: starting the game with scars"),
            ExtraDial.SCARS_BLEEDING_OUT: said("Scars: bleeding out"),
            ExtraDial.ATTACHMENT_CONDITION: said("Attachment: attachment condition"),
            ExtraDial.PARTY_NO_CLOCKS: said("Party: no clocks"),
            ExtraDial.PARTY_NO_NEUTRAL: said("Party: no neutral disposition"),
            ExtraDial.PARTY_DETAILED_DISPOSITION: said("Party: detailed disposition"),
            ExtraDial.PARTY_MORE_CLOCKS: said("Party: more clocks"),
            ExtraDial.THREAT_LEVEL_DEADLIER: said("Threat level: deadlier"),
            ExtraDial.THREAT_LEVEL_HARSHER: said("Threat level: harsher"),
        }[self]

    @property
    def summary(self) -> str:
        """What the dial does, in one line from its section."""
        return {
            ExtraDial.GOALS_ROLL_TO_ADVANCE: said("Progress on a goal is rolled (2 dice by default): 1-3 no "
                                                  "tick, 4-5 one fewer, 6 as usual, 66 one more (“Dial: "
                                                  "Rolling to Advance”)."),
            ExtraDial.GOALS_ROLL_TO_RESOLVE: said("A goal ends with a roll, its dice from how full its clock "
                                                  "is: a player may try early, from a quarter (“Dial: Rolling "
                                                  "to Resolve”)."),
            ExtraDial.SCARS_COMPENSATING: said("A scar may be compensated (a prosthesis, a graft, therapy): "
                                               "noted under the scar, it stays a scar (“Compensating”)."),
            ExtraDial.SCARS_AT_START: said("A new character may start with scars, each with the story that "
                                           "shaped them (“Starting the game with scars”)."),
            ExtraDial.SCARS_BLEEDING_OUT: said("A fresh scar needs another character's action to bring the scarred "
                                               "character back: staunching the bleeding, talking them down. It can "
                                               "be too much for some groups: play it only with everyone's consent "
                                               "(“Optional dial setting: Bleeding out”)."),
            ExtraDial.ATTACHMENT_CONDITION: said("Each attachment has a condition clock, as big as the stress "
                                                 "clock, that fills with use and damage; full, it is unusable "
                                                 "until repaired (“Attachment Condition”)."),
            ExtraDial.PARTY_NO_CLOCKS: said("No party danger or progress clock: the party sheet changes when the "
                                            "story says so (“No Clocks”)."),
            ExtraDial.PARTY_NO_NEUTRAL: said("Details are positive or negative; upgrading a negative one or "
                                             "downgrading a positive one clears it (“No Neutral Disposition”)."),
            ExtraDial.PARTY_DETAILED_DISPOSITION: said("Details hold -4 to +4; only past ±2 do they change a roll "
                                                       "(“Detailed Disposition”)."),
            ExtraDial.PARTY_MORE_CLOCKS: said("A supporting detail may have its own clock: progress to improve it, "
                                              "danger for the damage consequences do; full, it moves the detail "
                                              "(“More Clocks”)."),
            ExtraDial.THREAT_LEVEL_DEADLIER: said("Each threat 6 cancels one of the highest action dice, whatever "
                                                  "its value (“Tune it to make it deadlier”)."),
            ExtraDial.THREAT_LEVEL_HARSHER: said("Each threat die cancels one action die equal or lower "
                                                 "(“Example #3, harsher”)."),
        }[self]


class Attribute(Enum):
    """The three groups of actions ("Actions")."""

    PHYSIQUE = "physique"
    INSIGHT = "insight"
    RESOLVE = "resolve"

    @property
    def label(self) -> str:
        return {"physique": said("Physique"), "insight": said("Insight"), "resolve": said("Resolve")}[self.value]


@dataclass(frozen=True)
class ActionName:
    """One action a character may roll, and the attribute it is listed under."""

    name: str
    attribute: Attribute


def _actions(physique: str, insight: str, resolve: str) -> tuple[ActionName, ...]:
    return tuple(
        ActionName(name, attribute)
        for attribute, names in ((Attribute.PHYSIQUE, physique), (Attribute.INSIGHT, insight),
                                 (Attribute.RESOLVE, resolve))
        for name in names.split()
    )


RULEBOOK_ACTION_NAMES = (
    said_as("action", "Muscle"), said_as("action", "Finesse"), said_as("action", "Move"),
    said_as("action", "Sneak"), said_as("action", "Shoot"), said_as("action", "Tinker"),
    said_as("action", "Study"), said_as("action", "Notice"), said_as("action", "Bond"),
    said_as("action", "Command"), said_as("action", "Focus"), said_as("action", "Sway"),
    said_as("action", "Talk"))
"""Every action name the rules give (the 12, and Quick Charge's Talk): the names a GM has not
changed, which the screens show in the reader's language."""


def action_said(name: str) -> str:
    """An action as the reader reads it: a name from the rulebook in their language, a name the GM
    gave it as the GM wrote it."""
    return said_as("action", name) if name in RULEBOOK_ACTION_NAMES else name


def action_typed(name: str) -> str:
    """The action a reader typed: a name from the rulebook, typed in their language, is the
    rulebook's own (kept in English); any other name as typed."""
    return next((str.__str__(action) for action in RULEBOOK_ACTION_NAMES if str(action) == name), name)

DEFAULT_ACTIONS = _actions("Muscle Finesse Move Sneak", "Shoot Tinker Study Notice",
                           "Bond Command Focus Sway")
"""The 12 actions ("The 12 Actions")."""

NINE_ACTIONS = _actions("Muscle Finesse Move", "Shoot Tinker Study", "Command Focus Sway")
"""A starting point for "reduce the list to 9" ("Changing the Number of Actions"): Sneak folds
into Finesse, Notice into Study, Bond into Sway. The GM renames freely."""

QUICK_CHARGE_ACTIONS = _actions("Muscle Finesse Move", QUICK_CHARGE_STUDY_ACTION, "Talk Focus")
"""Quick Charge's 6 actions ("Quick Charge Extra")."""

ACTION_COUNTS = (6, 9, 12)
"""The action list has 12 actions, or 9, or even 6 ("Changing the Number of Actions")."""

PRESET_ACTIONS = {12: DEFAULT_ACTIONS, 9: NINE_ACTIONS, 6: QUICK_CHARGE_ACTIONS}

TALENT_COSTS = (0, 1, 2)
"""What invoking a talent may cost: "free to invoke" by default, or 1 or 2 momentum."""

DETAILS_MOST, DETAIL_NAME_MOST = 6, 30
"""A hack's own character details: a few short names ("Changing the Details"), our limits."""

RULEBOOK_DETAIL_NAMES = (said_as("detail", "God"), said_as("detail", "Role in the group"))
"""The details the chapter itself suggests ("a `God` detail", "a specific role in the group"),
shown in the reader's language as the rulebook's action names are."""


def detail_said(name: str) -> str:
    """A detail as the reader reads it: one of the chapter's in their language, the GM's as written."""
    return said_as("detail", name) if name in RULEBOOK_DETAIL_NAMES else name


def detail_typed(name: str) -> str:
    """The detail a reader typed: one of the chapter's, typed in their language, is kept in English."""
    return next((str.__str__(detail) for detail in RULEBOOK_DETAIL_NAMES if str(detail) == name), name)


OWN_WORDS_LANGUAGES = ("en", "fr", "sv")
"""The languages a hack may name its own actions and details in: the site's (config/settings.py)."""


@dataclass(frozen=True)
class Dials:
    """Everything "What to Hack" lets a group change, with the rulebook's values as defaults."""

    actions: tuple[ActionName, ...] = DEFAULT_ACTIONS
    starting_dots: int = 7
    creation_cap: int = 2
    max_rating: int = 4
    starting_momentum: int = 2
    stress_clock_size: int = 4
    # "Hacking Conditions" (gamerules/conditions.py): none by default, recovery as written.
    recovery_opportunities: tuple[Opportunity, ...] = ()
    deteriorations: tuple[Deterioration, ...] = ()
    stress_penalty_at: int = 0
    """Action rolls lose a die while stress is at or above this; 0, off, as written."""
    momentum: MomentumDial = DEFAULT_MOMENTUM_DIAL
    clock_sizes: tuple[int, ...] = DEFAULT_CLOCK_SIZES
    extras: frozenset[Extra] = field(default_factory=frozenset)
    flashback_most: int = FLASHBACK_MOST
    """The most a flashback may cost: 0-2 in the recap and the SRD, "2 (or more)" in the body."""
    goal_clock_size: int = GOAL_CLOCK_SEGMENTS
    """A goal's clock: 8 segments, or 12 for harder progression (Goals Extra, "Dial: Changing
    the Clock")."""
    extra_dials: frozenset[ExtraDial] = field(default_factory=frozenset)
    talent_cost: int = 0
    """The momentum each talent costs to invoke on a roll: free by default, 1 or 2 ("Changing the
    Cost of Activating a Talent")."""
    details: tuple[str, ...] = ()
    """The hack's own details beside concept, appearance and ties ("Changing the Details")."""
    talent_triggers: frozenset[TalentTrigger] = DEFAULT_TALENT_TRIGGERS
    """What gives a talent dot ("Changing When Talent Dots are Gained"): milestones as written."""
    talent_line: tuple[str, ...] = TALENT_LINE_CODES
    """What each of the line's 13 slots gives, in order ("Changing the Tree"): the sheet's, as
    written (reading 7); each a kind's code (gamerules/progression.py, ``TalentKind``)."""
    own_talents: tuple[OwnKind, ...] = ()
    """Kinds of talent the hack invents ("Changing the Tree"): none as written."""
    words: tuple[tuple[str, str, str], ...] = ()
    """The hack's own names in other languages: (language, a name as the hack writes it, that
    name as readers of the language read it), for the actions and details the rulebook does not
    name (its own are in every language already)."""

    @property
    def own_names(self) -> tuple[str, ...]:
        """The actions, details and kinds of talent the hack names itself, which take words in each language."""
        return (*(name for name in self.action_names if name not in RULEBOOK_ACTION_NAMES),
                *(name for name in self.details if name not in RULEBOOK_DETAIL_NAMES),
                *(kind.name for kind in self.own_talents))

    def keeping_words(self) -> Dials:
        """These dials, without the words of names they no longer have (a preset dropped them)."""
        return replace(self, words=tuple(word for word in self.words if word[1] in self.own_names))

    @property
    def action_names(self) -> tuple[str, ...]:
        return tuple(action.name for action in self.actions)

    def actions_under(self, attribute: Attribute) -> tuple[str, ...]:
        return tuple(a.name for a in self.actions if a.attribute is attribute)

    def has(self, extra: Extra) -> bool:
        return extra in self.extras

    def dialled(self, dial: ExtraDial) -> bool:
        """An Extra's optional dial is in play only while its Extra is."""
        return dial in self.extra_dials and dial.extra in self.extras

    @property
    def threat_rule(self) -> ThreatRule:
        """How a threat die cancels an action die: by its value, or by a dial that hits harder."""
        if self.dialled(ExtraDial.THREAT_LEVEL_DEADLIER):
            return ThreatRule.DEADLIER
        if self.dialled(ExtraDial.THREAT_LEVEL_HARSHER):
            return ThreatRule.HARSHER
        return ThreatRule.SAME_VALUE

    def errors(self) -> list[str]:
        """Every reason these dials cannot be played, in words a GM understands."""
        errors = []
        names = [action.name.strip() for action in self.actions]
        if len(names) not in ACTION_COUNTS:
            errors.append(said("Use 6, 9 or 12 actions, not %(count)s.", count=len(names)))
        if any(not name for name in names):
            errors.append(said("Every action needs a name."))
        if len({name.casefold() for name in names}) != len(names):
            errors.append(said("Two actions have the same name."))
        if any(len(name) > 30 for name in names):
            errors.append(said("Action names are at most 30 characters."))
        if any(unfit_name(name) for name in names):
            errors.append(said("An action's name may not hold a control character, < or >."))
        if not 1 <= self.max_rating <= 6:
            errors.append(said("The maximum action rating must be between 1 and 6."))
        if not 1 <= self.creation_cap <= self.max_rating:
            errors.append(said("The cap at creation must be between 1 and the maximum rating."))
        if not 1 <= self.starting_dots <= len(names) * self.creation_cap:
            errors.append(said("The starting dots must be at least 1 and fit under the cap at creation "
                               "(%(count)s actions x %(cap)s).", count=len(names), cap=self.creation_cap))
        if not 0 <= self.starting_momentum <= 10:
            errors.append(said("Starting momentum must be between 0 and 10."))
        if self.stress_clock_size not in EXTENDED_CLOCK_SIZES:
            errors.append(said("The stress clock has 4, 6, 8, 10 or 12 segments."))
        if not self.clock_sizes or not set(self.clock_sizes) <= set(EXTENDED_CLOCK_SIZES):
            errors.append(said("Clocks may have 4, 6, 8, 10 or 12 segments."))
        if self.goal_clock_size not in GOAL_CLOCK_SIZES:
            errors.append(said("A goal's clock has 8 segments, or 12 for harder progression."))
        if self.talent_cost not in TALENT_COSTS:
            errors.append(said("A talent costs nothing, 1 or 2 momentum to invoke."))
        errors += (self.details_errors() + self.triggers_errors() + self.talent_line_errors() + own_kinds_errors(self.own_talents)
                   + self.words_errors())
        if self.flashback_most not in FLASHBACK_MOST_DIAL:
            errors.append(said("A flashback may cost at most %(least)s to %(most)s momentum.",
                               least=FLASHBACK_MOST_DIAL.start, most=FLASHBACK_MOST_DIAL.stop - 1))
        errors += [said("Switch on the %(extra)s extra to play its dial “%(dial)s”.",
                        extra=dial.extra.label, dial=dial.label)
                   for dial in sorted(self.extra_dials, key=lambda d: d.value) if dial.extra not in self.extras]
        if {ExtraDial.PARTY_NO_NEUTRAL, ExtraDial.PARTY_DETAILED_DISPOSITION} <= self.extra_dials:
            errors.append(said("Choose one way for party dispositions: no neutral, or detailed from -4 to +4."))
        if {ExtraDial.PARTY_NO_CLOCKS, ExtraDial.PARTY_MORE_CLOCKS} <= self.extra_dials:
            errors.append(said("Choose no clocks or more clocks for the party sheet, not both."))
        if {ExtraDial.THREAT_LEVEL_DEADLIER, ExtraDial.THREAT_LEVEL_HARSHER} <= self.extra_dials:
            errors.append(said("Choose one way for threat dice to hit harder: deadlier or harsher."))
        errors += [problem for _dial, problem in self.conditions_errors()]
        return errors + self.momentum.errors()

    def triggers_errors(self) -> list[str]:
        return [] if self.talent_triggers else [said("Talent dots need at least one way to be gained.")]

    def talent_line_errors(self) -> list[str]:
        if len(self.talent_line) == len(TALENT_LINE_CODES) and set(self.talent_line) <= set(TALENT_LINE_SLOT_CODES):
            return []
        return [said("The talent line has %(count)s slots, each an action dot, +1 effect, -1 risk or +1d6.",
                     count=len(TALENT_LINE_CODES))]

    def words_errors(self) -> list[str]:
        errors = []
        if any(language not in OWN_WORDS_LANGUAGES for language, _name, _said in self.words):
            errors.append(said("A hack's own names are said in English, French or Swedish."))
        if strays := sorted({name for _language, name, _said in self.words} - set(self.own_names)):
            errors.append(said("Only the hack's own actions and details take names in each language, not %(names)s: "
                               "write the lines for its names as they are now.", names=", ".join(strays)))
        if any(not word.strip() or len(word) > DETAIL_NAME_MOST or unfit_name(word) for *_, word in self.words):
            errors.append(said("A name in another language has 1 to %(most)s characters, without < or >.",
                               most=DETAIL_NAME_MOST))
        if len({(language, name) for language, name, _said in self.words}) != len(self.words):
            errors.append(said("A name has one word in each language."))
        return errors

    def details_errors(self) -> list[str]:
        names = [name.strip() for name in self.details]
        errors = []
        if len(names) > DETAILS_MOST:
            errors.append(said("At most %(most)s details of your own.", most=DETAILS_MOST))
        if any(not name or len(name) > DETAIL_NAME_MOST or unfit_name(name) for name in names):
            errors.append(said("A detail's name has 1 to %(most)s characters, without < or >.", most=DETAIL_NAME_MOST))
        if len({name.casefold() for name in names}) != len(names):
            errors.append(said("Two details have the same name."))
        return errors
    def conditions_errors(self) -> list[tuple[str, str]]:
        return conditions_errors(self.recovery_opportunities, self.deteriorations, self.stress_penalty_at,
                                 self.stress_clock_size)

    def opportunity(self, name: str) -> Opportunity | None:
        return next((one for one in self.recovery_opportunities if one.name == name), None)

    def deterioration(self, name: str) -> Deterioration | None:
        return next((one for one in self.deteriorations if one.name == name), None)

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-ready data, for storing in a database field."""
        data = asdict(self)
        data["actions"] = [[a.name, a.attribute.value] for a in self.actions]
        data["clock_sizes"] = list(self.clock_sizes)
        data["extras"] = sorted(extra.value for extra in self.extras)
        data["extra_dials"] = sorted(dial.value for dial in self.extra_dials)
        data["details"] = list(self.details)
        data["talent_triggers"] = sorted(trigger.value for trigger in self.talent_triggers)
        data["talent_line"] = list(self.talent_line)
        data["own_talents"] = [one.to_data() for one in self.own_talents]
        data["words"] = [list(word) for word in self.words]
        data["recovery_opportunities"] = [one.to_data() for one in self.recovery_opportunities]
        data["deteriorations"] = [one.to_data() for one in self.deteriorations]
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None, base: Dials | None = None) -> Dials:
        """Read what :meth:`to_data` wrote; missing keys keep ``base`` (the rulebook's defaults,
        or the ruleset's)."""
        data = dict(data or {})
        values: dict[str, Any] = {}
        if "actions" in data:
            values["actions"] = tuple(ActionName(name, Attribute(attr)) for name, attr in data["actions"])
        if "momentum" in data:
            values["momentum"] = MomentumDial(**data["momentum"])
        if "clock_sizes" in data:
            values["clock_sizes"] = tuple(sorted(int(size) for size in data["clock_sizes"]))
        if "extras" in data:
            values["extras"] = frozenset(Extra(value) for value in data["extras"])
        if "extra_dials" in data:
            values["extra_dials"] = frozenset(ExtraDial(value) for value in data["extra_dials"])
        if "details" in data:
            values["details"] = tuple(data["details"])
        if "talent_triggers" in data:
            values["talent_triggers"] = frozenset(TalentTrigger(value) for value in data["talent_triggers"])
        if "talent_line" in data:
            values["talent_line"] = tuple(str(code) for code in data["talent_line"])
        if "own_talents" in data:
            values["own_talents"] = tuple(map(OwnKind.from_data, data["own_talents"]))
        if "words" in data:
            values["words"] = tuple(sorted(tuple(map(str, word)) for word in data["words"]))
        if "recovery_opportunities" in data:
            values["recovery_opportunities"] = tuple(map(Opportunity.from_data, data["recovery_opportunities"]))
        if "deteriorations" in data:
            values["deteriorations"] = tuple(map(Deterioration.from_data, data["deteriorations"]))
        if "stress_penalty_at" in data:
            values["stress_penalty_at"] = int(data["stress_penalty_at"])
        for name in ("starting_dots", "creation_cap", "max_rating", "starting_momentum",
                     "stress_clock_size", "flashback_most", "goal_clock_size", "talent_cost"):
            if name in data:
                values[name] = int(data[name])
        return replace(base or cls(), **values)


CHARGE_DIALS = Dials()

QUICK_CHARGE_DIALS = replace(CHARGE_DIALS, actions=QUICK_CHARGE_ACTIONS, starting_dots=4,
                             creation_cap=4)
"""Quick Charge: 6 actions, "assign 4 action dots" with no other limit, a 4-segment stress clock
("Quick Charge Extra": Character Creation)."""


def default_dials(ruleset: Ruleset) -> Dials:
    return QUICK_CHARGE_DIALS if ruleset is Ruleset.QUICK_CHARGE else CHARGE_DIALS
