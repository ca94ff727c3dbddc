"""The dials of "What to Hack": the actions typed under their attributes, the numbers, the
Extras in play and their optional dials."""

from dataclasses import replace

from django import forms
from django.utils.functional import lazy
from django.utils.translation import get_language_info, gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from gamerules.charge import MomentumDial, RiskWording
from gamerules.clocks import EXTENDED_CLOCK_SIZES
from gamerules.conditions import Deterioration, Often, Opportunity
from gamerules.dials import (
    OWN_WORDS_LANGUAGES,
    PRESET_ACTIONS,
    ActionName,
    Attribute,
    Dials,
    Extra,
    ExtraDial,
    action_said,
    action_typed,
    detail_said,
    detail_typed,
)
from gamerules.goals import GOAL_CLOCK_SEGMENTS, GOAL_CLOCK_SEGMENTS_HARDER
from gamerules.own_talents import OwnKind, own_kinds_errors
from gamerules.progression import TalentKind
from gamerules.readings import TALENT_LINE_CODES, TALENT_LINE_SLOT_CODES
from gamerules.talent_dots import TalentTrigger


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


OFFERED_EXTRAS = (Extra.ASSET, Extra.SOLO, Extra.STARTING_TALENT, Extra.ATTACHMENT, Extra.SCARS, Extra.GOALS,
                  Extra.WORLD, Extra.PARTY, Extra.THREAT_LEVEL, Extra.RESOURCE_POOL, Extra.ECONOMY, Extra.MAGIC)
"""The Extras the site plays, all twelve: a switch whose Extra changes nothing is not offered."""


def _segments(size: int) -> str:
    return ngettext("%(count)s segment", "%(count)s segments", size) % {"count": size}


segments_lazy = lazy(_segments, str)
"""A clock's size as a choice says it, in the language of the page that shows it."""


def _described(name: str, summary: str) -> str:
    return gettext("%(name)s: %(summary)s") % {"name": name, "summary": summary}


described_lazy = lazy(_described, str)
"""An Extra or a dial as a choice says it: its name and summary in the language of the page."""


def _parts(text: str) -> list[tuple[str, str, str]]:
    """Each line's three parts between bars (a trigger, last, may hold bars); ValueError when a line has fewer."""
    lines = [[part.strip() for part in line.split("|", 2)] for line in _lines(text)]
    if any(len(parts) != 3 for parts in lines):
        raise ValueError("three parts a line")
    return [tuple(parts) for parts in lines]


def _often(word: str) -> Often:
    """"session" or "each", in English or in the page's language."""
    for often, english in ((Often.SESSION, "session"), (Often.EACH_TIME, "each")):
        if word.casefold() in (english, pgettext("how often", english).casefold()):
            return often
    raise ValueError(word)


GIVES_WORDS = (("die", "die"), ("effect", "effect"), ("risk", "risk"), ("liberty", "story"))
"""What a kind of the hack's own gives, as its line on the form says it (gamerules/own_talents.py)."""


def _gives(word: str) -> str:
    """"die", "effect", "risk" or "story", in English or in the page's language."""
    for code, english in GIVES_WORDS:
        if word.casefold() in (english, pgettext("a talent gives", english).casefold()):
            return code
    raise ValueError(word)


def own_talents_initial(dials: Dials) -> str:
    words = {code: pgettext("a talent gives", english) for code, english in GIVES_WORDS}
    return "\n".join(f"{kind.name} | {words[kind.gives]} | {kind.about}".rstrip(" |") for kind in dials.own_talents)


def conditions_initial(dials: Dials) -> dict:
    """The conditions dials as the form's lines."""
    often = {Often.SESSION: pgettext("how often", "session"), Often.EACH_TIME: pgettext("how often", "each")}
    return {"recovery_opportunities": "\n".join(f"{one.name} | {one.segments} | {often[one.often]}"
                                                 for one in dials.recovery_opportunities),
            "deteriorations": "\n".join(f"{one.name} | {one.segments} | {one.trigger}" for one in dials.deteriorations),
            "stress_penalty_at": dials.stress_penalty_at}


class DialsForm(forms.Form):
    """The dials of "What to Hack". The actions are typed one per line under their attribute; the
    talent line's slots (``talent_slot_1``...) are added for the campaign's wording of risk."""

    def __init__(self, *args, wording: RiskWording = RiskWording.RISK, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(code, TalentKind(code).label(wording)) for code in TALENT_LINE_SLOT_CODES]
        for slot, printed in enumerate(TALENT_LINE_CODES, start=1):
            self.fields[f"talent_slot_{slot}"] = forms.ChoiceField(
                label=pgettext("talent line", "Slot %(slot)s") % {"slot": slot}, choices=choices, initial=printed,
                required=False)
        for language in OWN_WORDS_LANGUAGES:
            self.fields[f"words_{language}"] = forms.CharField(
                label=gettext("In %(language)s") % {"language": get_language_info(language)["name_translated"]},
                required=False, widget=forms.Textarea(attrs={"rows": 3}),
                help_text=gettext("One a line: the name as the hack writes it = as readers of this language read it."))

    @property
    def words_fields(self) -> list:
        return [self[f"words_{language}"] for language in OWN_WORDS_LANGUAGES]

    @property
    def talent_slots(self) -> list:
        return [self[f"talent_slot_{slot}"] for slot in range(1, len(TALENT_LINE_CODES) + 1)]

    physique_actions = forms.CharField(label=_("Physique"), widget=forms.Textarea(attrs={"rows": 4}))
    insight_actions = forms.CharField(label=_("Insight"), widget=forms.Textarea(attrs={"rows": 4}))
    resolve_actions = forms.CharField(label=_("Resolve"), widget=forms.Textarea(attrs={"rows": 4}))
    starting_dots = forms.IntegerField(label=_("Action dots at creation"), min_value=1, max_value=72)
    creation_cap = forms.IntegerField(label=_("Most dots in one action at creation"), min_value=1,
                                      max_value=6)
    max_rating = forms.IntegerField(label=_("Highest action rating"), min_value=1, max_value=6)
    starting_momentum = forms.IntegerField(label=_("Momentum at the start of a session"),
                                           min_value=0, max_value=10)
    stress_clock_size = forms.TypedChoiceField(
        label=_("Stress clock segments"), coerce=int,
        choices=[(size, size) for size in EXTENDED_CLOCK_SIZES])
    momentum_partial = forms.IntegerField(label=_("Momentum for a 4-5"), min_value=0, max_value=6)
    momentum_full = forms.IntegerField(label=_("Momentum for a 6"), min_value=0, max_value=6)
    momentum_critical = forms.IntegerField(label=_("Momentum for a 66"), min_value=0, max_value=6)
    clock_sizes = forms.TypedMultipleChoiceField(
        label=_("Clock sizes allowed"), coerce=int, widget=forms.CheckboxSelectMultiple,
        choices=[(size, segments_lazy(size)) for size in EXTENDED_CLOCK_SIZES])
    goal_clock_size = forms.TypedChoiceField(
        label=_("Goal clocks (Goals extra)"), coerce=int, initial=GOAL_CLOCK_SEGMENTS, required=False,
        empty_value=GOAL_CLOCK_SEGMENTS,
        choices=[(GOAL_CLOCK_SEGMENTS, _("8 segments")),
                 (GOAL_CLOCK_SEGMENTS_HARDER, _("12 segments: harder progression"))],
        help_text=_("The size of each new goal's clock."))
    flashback_most = forms.IntegerField(label=_("Most a flashback may cost (momentum)"), min_value=2,
                                        max_value=6, help_text=_("2 in the recap and the SRD; the "
                                                                 "rulebook's body allows “2 (or more)”."))
    talent_cost = forms.TypedChoiceField(
        label=_("Invoking a talent costs"), coerce=int, initial=0, required=False, empty_value=0,
        choices=[(0, _("Nothing (as written)")), (1, _("1 momentum")), (2, _("2 momentum"))])
    details = forms.CharField(
        label=_("Details of your own"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line, besides concept, appearance and ties: a God, a role in the group… (up to 6, "
                    "30 characters each)."))
    own_talents = forms.CharField(
        label=_("Kinds of talent of your own"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line: name | what it gives: die (+1d6), effect (+1 effect), risk (-1 risk) or story "
                    "(what it lets you do) | what it is. It fills a slot that gives the same, or any situational "
                    "slot if it gives only a story. For example: Signature gear | die | an item only you carry"))
    talent_triggers = forms.MultipleChoiceField(
        label=_("A talent dot is gained for"), required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(trigger.value, trigger.label) for trigger in TalentTrigger])
    # "Hacking Conditions": one a line, its parts between bars; none by default.
    recovery_opportunities = forms.CharField(
        label=_("Other opportunities to recover"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line: name | stress cleared (1-4) | “session” (once per session per character) or "
                    "“each” (each time). For example: A doctor | 2 | session"))
    deteriorations = forms.CharField(
        label=_("Deterioration"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line: name | stress ticked | the trigger. For example: Poison | 1 | a scene ends and the poison is untreated"))
    stress_penalty_at = forms.IntegerField(
        label=_("Penalty: one die fewer from this stress on"), min_value=0, max_value=12, required=False, initial=0,
        help_text=_("0: no penalty, as written (“Introducing Penalties”: this is by design)."))
    # The Extras' and dials' names and summaries are gamerules' own words (gamerules/dials.py).
    extras = forms.MultipleChoiceField(
        label=_("Extras in play"), required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(extra.value, described_lazy(extra.label, extra.summary)) for extra in OFFERED_EXTRAS],
        help_text=_("More Extras arrive as the site learns them; none is offered before it works."))
    extra_dials = forms.MultipleChoiceField(
        label=_("The Extras' optional dials"), required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(dial.value, described_lazy(dial.label, dial.summary)) for dial in ExtraDial],
        help_text=_("Each plays only with its Extra switched on."))

    @classmethod
    def initial_from(cls, dials: Dials, actions=None) -> dict:
        actions = actions or dials.actions
        names = {attr: "\n".join(str(action_said(a.name)) for a in actions if a.attribute is attr) for attr in Attribute}
        return {
            "physique_actions": names[Attribute.PHYSIQUE], "insight_actions": names[Attribute.INSIGHT],
            "resolve_actions": names[Attribute.RESOLVE], "starting_dots": dials.starting_dots,
            "creation_cap": dials.creation_cap, "max_rating": dials.max_rating,
            "starting_momentum": dials.starting_momentum,
            "stress_clock_size": dials.stress_clock_size,
            "momentum_partial": dials.momentum.partial, "momentum_full": dials.momentum.full,
            "momentum_critical": dials.momentum.critical, "clock_sizes": list(dials.clock_sizes),
            "extras": sorted(extra.value for extra in dials.extras if extra in OFFERED_EXTRAS),
            "flashback_most": dials.flashback_most, "goal_clock_size": dials.goal_clock_size,
            "talent_cost": dials.talent_cost,
            "details": "\n".join(str(detail_said(name)) for name in dials.details),
            "talent_triggers": sorted(trigger.value for trigger in dials.talent_triggers),
            "own_talents": own_talents_initial(dials),
            **{f"talent_slot_{slot}": code for slot, code in enumerate(dials.talent_line, start=1)},
            **{f"words_{language}": "\n".join(f"{name} = {word}" for said_in, name, word in dials.words
                                               if said_in == language) for language in OWN_WORDS_LANGUAGES},
            "extra_dials": sorted(dial.value for dial in dials.extra_dials),
            **conditions_initial(dials),
        }

    @staticmethod
    def with_preset(data, count: int) -> dict:
        """The posted values with the action lists replaced by the preset of ``count`` actions."""
        values = {key: data.getlist(key) if key in ("clock_sizes", "extras", "extra_dials", "talent_triggers") else data.get(key)
                  for key in data}
        for attribute in Attribute:
            values[f"{attribute.value}_actions"] = "\n".join(
                str(action_said(a.name)) for a in PRESET_ACTIONS[count] if a.attribute is attribute)
        return values

    def _conditions(self, data) -> dict:
        try:
            opportunities = tuple(Opportunity(name, int(segments), _often(often))
                                  for name, segments, often in _parts(data["recovery_opportunities"]))
        except ValueError:
            raise forms.ValidationError({"recovery_opportunities": _("Write each as: name | 1-4 | session or each.")}) from None
        try:
            deteriorations = tuple(Deterioration(name, trigger, int(segments))
                                   for name, segments, trigger in _parts(data["deteriorations"]))
        except ValueError:
            raise forms.ValidationError({"deteriorations": _("Write each as: name | stress ticked | trigger.")}) from None
        return {"recovery_opportunities": opportunities, "deteriorations": deteriorations,
                "stress_penalty_at": data["stress_penalty_at"] or 0}

    @staticmethod
    def _own_talents(data) -> tuple[OwnKind, ...]:
        lines = [[part.strip() for part in line.split("|", 2)] for line in _lines(data.get("own_talents") or "")]
        try:
            return tuple(OwnKind(parts[0], _gives(parts[1]), parts[2] if len(parts) == 3 else "") for parts in lines)
        except (IndexError, ValueError):
            raise forms.ValidationError({"own_talents": _("Write each as: name | die, effect, risk or story | what it is.")}) from None

    def _words(self, data) -> tuple[tuple[str, str, str], ...]:
        """Each language's lines, "name = word"; a line without "=" is refused on its field."""
        words = []
        for language in OWN_WORDS_LANGUAGES:
            lines = [line.split("=", 1) for line in _lines(data.get(f"words_{language}") or "")]
            if any(len(parts) != 2 for parts in lines):
                raise forms.ValidationError({f"words_{language}": _("Write each as: the name = its word.")})
            words += [(language, name.strip(), word.strip()) for name, word in lines]
        return tuple(sorted(words))

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        actions = tuple(ActionName(action_typed(name), attribute) for attribute in Attribute
                        for name in _lines(data[f"{attribute.value}_actions"]))
        self.dials = Dials(
            actions=actions, starting_dots=data["starting_dots"],
            creation_cap=data["creation_cap"], max_rating=data["max_rating"],
            starting_momentum=data["starting_momentum"],
            stress_clock_size=data["stress_clock_size"],
            momentum=MomentumDial(data["momentum_partial"], data["momentum_full"],
                                  data["momentum_critical"]),
            clock_sizes=tuple(sorted(data["clock_sizes"])),
            extras=frozenset(Extra(value) for value in data["extras"]),
            flashback_most=data["flashback_most"], goal_clock_size=data["goal_clock_size"],
            talent_cost=data["talent_cost"],
            details=tuple(detail_typed(name) for name in _lines(data["details"])),
            talent_triggers=frozenset(TalentTrigger(value) for value in data["talent_triggers"]),
            # A slot left out of the post (an older form) keeps the sheet's.
            talent_line=tuple(data.get(f"talent_slot_{slot}") or printed
                              for slot, printed in enumerate(TALENT_LINE_CODES, start=1)),
            extra_dials=frozenset(ExtraDial(value) for value in data["extra_dials"]),
            own_talents=self._own_talents(data), words=self._words(data), **self._conditions(data))
        # A word's refusal is said beside the language's box it is about; the others above the form.
        for language in OWN_WORDS_LANGUAGES:
            for error in replace(self.dials, words=tuple(w for w in self.dials.words if w[0] == language)).words_errors():
                self.add_error(f"words_{language}", error)
        for error in own_kinds_errors(self.dials.own_talents):
            self.add_error("own_talents", error)
        beside = self.dials.words_errors() + own_kinds_errors(self.dials.own_talents)
        errors = [error for error in self.dials.errors() if error not in beside]
        if errors:
            raise forms.ValidationError(errors)
        return data
