"""What the sheet's panels show that takes more than a field: the talent line, the spells as a
viewer reads them, a goal's difficulty in words, an escalation's risk."""

from dataclasses import dataclass

from django.db.models import prefetch_related_objects
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from charge.models import Goal, Spell, Talent, talent_dots_of
from clocks.models import SeenClock
from core.templatetags.words import action
from gamerules.goals import Difficulty
from gamerules.progression import TALENT_LINE, line_of, unlocked_slots
from gamerules.talent_dots import DEFAULT_TALENT_TRIGGERS, TalentDots, TalentTrigger


@dataclass(frozen=True)
class TalentLine:
    """The talent line as the sheet shows it ("Talents"): each slot with its kind, its talent
    and whether a milestone has opened it; the open slots and the next shown, the rest folded."""

    slots: list[tuple[int, str, str | None, bool]]
    starting: str | None
    locked_from: int
    locked_count: int
    by_milestones: bool
    """Milestones alone open slots (as written): the line speaks of milestones."""
    sources: str
    """Where the character's talent dots came from, in words ("" before the first)."""
    triggers: str
    """What gives talent dots in this campaign, in words."""


def dots_said(dots: TalentDots) -> str:
    """"3 talent dots: 2 from milestones, 1 from a failed desperate roll." """
    parts = [words % {"count": count} for count, words in (
        (dots.milestones, ngettext("%(count)s from a milestone", "%(count)s from milestones", dots.milestones)),
        (dots.desperate_fails, ngettext("%(count)s from a failed desperate roll", "%(count)s from failed desperate "
                                        "rolls", dots.desperate_fails)),
        (dots.projects, ngettext("%(count)s from a finished project", "%(count)s from finished projects",
                                 dots.projects))) if count]
    if not parts:
        return ""
    return ngettext("%(count)s talent dot: %(sources)s.", "%(count)s talent dots: %(sources)s.", dots.total) % {
        "count": dots.total, "sources": ", ".join(parts)}


def talent_line(campaign, character) -> TalentLine:
    prefetch_related_objects([character], "talents")
    dots, triggers = talent_dots_of(character), campaign.charge.rules.talent_triggers
    opened = unlocked_slots(dots.total)
    talents = {talent.slot: talent.as_rule().describe(campaign.charge.wording, action) for talent in character.talents.all()}
    return TalentLine([(slot, kind.label(campaign.charge.wording), talents.get(slot), slot <= opened)
                       for slot, kind in enumerate(line_of(campaign.charge.rules.talent_line), start=1)],
                      talents.get(Talent.STARTING_SLOT), min(opened + 1, len(TALENT_LINE)),
                      max(0, len(TALENT_LINE) - opened - 1),
                      triggers == DEFAULT_TALENT_TRIGGERS, dots_said(dots),
                      "; ".join(str(t.label).lower() for t in TalentTrigger if t in triggers))


@dataclass(frozen=True)
class SpellOnSheet:
    """A spell as a viewer reads it: why it cannot be cast now ("" when it can), what its readied
    effect gives a roll, and its time and danger clocks as the viewer may see them (None: not at all)."""

    spell: Spell
    refusal: str
    gives: str
    ritual: SeenClock | None
    danger: SeenClock | None

    @property
    def clocks(self):
        return ((_("Time"), self.ritual), (_("Danger"), self.danger))


def spells_seen(membership, character) -> list[SpellOnSheet]:
    campaign = membership.campaign
    session = campaign.current_session
    or_word = pgettext("between alternatives", "or")

    def seen(clock):
        view = SeenClock(clock, membership) if clock is not None and not clock.archived else None
        return view if view and view.known else None
    return [SpellOnSheet(spell, next(iter(spell.casting_errors(campaign.day, session.pk if session else None)), ""),
                         f" {or_word} ".join(str(benefit.label(campaign.charge.wording)) for benefit in spell.benefits()),
                         seen(spell.ritual), seen(spell.danger))
            for spell in character.spells.select_related("ritual", "danger")]


def difficulty_words(difficulty: Difficulty) -> str:
    """A goal's difficulty as the form offers it: its name, its ticks a step and its talent dots."""
    return ngettext("%(difficulty)s: +%(ticks)s a step, %(dots)s talent dot",
                    "%(difficulty)s: +%(ticks)s a step, %(dots)s talent dots", difficulty.talent_dots) % {
        "difficulty": dict(Goal.DIFFICULTIES)[difficulty.value], "ticks": difficulty.ticks,
        "dots": difficulty.talent_dots}


def escalated(character, wording) -> str:
    """The risk an escalated action's rolls start at, in the campaign's words, or ""."""
    risk = character.charge.escalated_for(character.charge.escalated_action)
    return str(risk.label(wording)).lower() if risk else ""
