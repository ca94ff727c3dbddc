"""What a new hack changes in a campaign, said before it applies: each dial that moves, and what it
does to the characters already on the table ("Changes that would break existing characters say
what they do to them before they apply")."""

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import get_language_info

from gamerules.dials import action_said, detail_said
from gamerules.hacks import NUMBERS, Hack, renames
from gamerules.progression import TalentKind, own_kind_said
from gamerules.talent_dots import TalentDots, TalentTrigger
from gamerules.words import said

NUMBER_WORDS = {
    "starting_dots": said("Action dots at creation"), "creation_cap": said("Most dots in one action at creation"),
    "max_rating": said("Highest action rating"), "starting_momentum": said("Momentum at the start of a session"),
    "stress_clock_size": said("Stress clock segments"), "flashback_most": said("Most a flashback may cost (momentum)"),
    "goal_clock_size": said("Goal clocks (Goals extra)"), "talent_cost": said("Invoking a talent costs"),
}


@dataclass(frozen=True)
class Changes:
    dials: list[str]
    """Each setting that moves, "before → after"."""
    characters: list[str]
    """What happens to each character it touches."""
    playbooks: list[str]

    @property
    def none(self) -> bool:
        return not (self.dials or self.characters or self.playbooks)


def _names(names) -> str:
    return ", ".join(str(action_said(name)) for name in names)


def _dial_changes(before: Hack, after: Hack) -> list[str]:
    old, new = before.dials, after.dials
    lines = []
    if old.actions != new.actions:
        lines.append(said("Actions: %(before)s → %(after)s", before=_names(old.action_names), after=_names(new.action_names)))
    lines += [said("%(dial)s: %(before)s → %(after)s", dial=NUMBER_WORDS[number], before=getattr(old, number),
                   after=getattr(new, number)) for number in NUMBERS if getattr(old, number) != getattr(new, number)]
    if old.momentum != new.momentum:
        lines.append(said("Momentum for a 4-5, a 6, a 66: %(before)s → %(after)s",
                          before=f"{old.momentum.partial}, {old.momentum.full}, {old.momentum.critical}",
                          after=f"{new.momentum.partial}, {new.momentum.full}, {new.momentum.critical}"))
    if old.clock_sizes != new.clock_sizes:
        lines.append(said("Clock sizes allowed: %(before)s → %(after)s", before=", ".join(map(str, old.clock_sizes)),
                          after=", ".join(map(str, new.clock_sizes))))
    for extra in sorted(new.extras - old.extras, key=lambda e: e.value):
        lines.append(said("The %(extra)s extra comes into play.", extra=extra.label))
    for extra in sorted(old.extras - new.extras, key=lambda e: e.value):
        lines.append(said("The %(extra)s extra leaves play; what it wrote is kept.", extra=extra.label))
    if old.extra_dials != new.extra_dials:
        lines.append(said("The Extras' optional dials: %(before)s → %(after)s",
                          before=", ".join(str(d.label) for d in sorted(old.extra_dials, key=lambda d: d.value)) or "-",
                          after=", ".join(str(d.label) for d in sorted(new.extra_dials, key=lambda d: d.value)) or "-"))
    if old.details != new.details:
        lines.append(said("The characters' own details: %(before)s → %(after)s",
                          before=", ".join(map(str, map(detail_said, old.details))) or "-",
                          after=", ".join(map(str, map(detail_said, new.details))) or "-"))
    if old.talent_triggers != new.talent_triggers:
        lines.append(said("Talent dots come from: %(before)s → %(after)s",
                          before="; ".join(str(t.label) for t in TalentTrigger if t in old.talent_triggers) or "-",
                          after="; ".join(str(t.label) for t in TalentTrigger if t in new.talent_triggers) or "-"))
    lines += [said("Talent line, slot %(slot)s: %(before)s → %(after)s", slot=slot, before=TalentKind(was).label(),
                   after=TalentKind(now).label())
              for slot, (was, now) in enumerate(zip(old.talent_line, new.talent_line, strict=True), start=1) if was != now]
    if old.own_talents != new.own_talents:
        lines.append(said("Kinds of talent of your own: %(before)s → %(after)s", before=_kinds(old) or "-",
                          after=_kinds(new) or "-"))
    was, now = _words(old), _words(new)
    lines += [said("In %(language)s, %(name)s: %(before)s → %(after)s",
                   language=get_language_info(key[0])["name_translated"], name=key[1],
                   before=was.get(key, "-"), after=now.get(key, "-"))
              for key in sorted(set(was) | set(now)) if was.get(key) != now.get(key)]
    lines += _condition_changes(old, new)
    if (before.ruleset, before.risk_wording) != (after.ruleset, after.risk_wording):
        lines.append(said("The variant and wording of risk change to the file's (%(ruleset)s, %(wording)s).",
                          ruleset=after.ruleset, wording=after.risk_wording))
    return lines


def _kinds(dials) -> str:
    return ", ".join(map(str, map(own_kind_said, dials.own_talents)))


def _words(dials) -> dict[tuple[str, str], str]:
    """The hack's own names in each language: (language, name) -> word."""
    return {(language, name): word for language, name, word in dials.words}


def _condition_changes(old, new) -> list[str]:
    """"Hacking Conditions": each opportunity, deterioration and the penalty, as it comes, goes or changes."""
    def opportunity(one):
        return said("%(name)s clears %(segments)s stress, %(often)s", name=one.name, segments=one.segments,
                    often=one.often.label)

    def deterioration(one):
        return said("%(name)s ticks %(segments)s stress when %(trigger)s", name=one.name, segments=one.segments,
                    trigger=one.trigger)
    lines = []
    for was, now, words in ((old.recovery_opportunities, new.recovery_opportunities, opportunity),
                            (old.deteriorations, new.deteriorations, deterioration)):
        lines += [said("No more: %(what)s.", what=words(one)) for one in was if one not in now]
        lines += [said("New: %(what)s.", what=words(one)) for one in now if one not in was]
    if old.stress_penalty_at != new.stress_penalty_at:
        lines.append(said("Penalty (one die fewer from this stress on): %(before)s → %(after)s",
                          before=old.stress_penalty_at or "-", after=new.stress_penalty_at or "-"))
    return lines


def stress_after(stress: int, size_before: int, size: int) -> int:
    """A stress clock made smaller stops one short of full; a full one (Scars) stays full."""
    if size >= size_before or stress < size:
        return stress
    return size if stress >= size_before else size - 1


def _character_changes(campaign, before: Hack, after: Hack) -> list[str]:
    from charge.models import Sheet, TalentDot  # the models load after this module's callers

    moved = renames(before.dials, after.dials)
    kept = set(after.dials.action_names) | set(moved)
    size, most = after.dials.stress_clock_size, after.dials.max_rating
    lines = []
    milestones, gained = campaign.milestones.count(), Counter(
        TalentDot.objects.filter(character__campaign=campaign).values_list("character_id", "trigger"))
    for sheet in (Sheet.objects.filter(character__campaign=campaign).select_related("character")
                  .prefetch_related("character__talents", "character__spells").order_by("character__name")):
        name = sheet.character.name
        dots = {action: count for action, count in sheet.action_dots.items() if count}
        for was, now in moved.items():
            if dots.get(was):
                lines.append(said("%(name)s: the dots on %(was)s move to %(now)s.", name=name, was=action_said(was),
                                  now=now))
        lines += [said("%(name)s: %(spell)s is cast with %(actions)s.", name=name, spell=spell.name,
                       actions=_names([moved.get(action, action) for action in spell.actions]))
                  for spell in sheet.character.spells.all() if any(action in moved for action in spell.actions)]
        if lost := [action for action in dots if action not in kept and action in before.dials.action_names]:
            lines.append(said("%(name)s: the dots on %(actions)s are kept but not read while the hack has no such "
                              "action.", name=name, actions=_names(lost)))
        # Each said only when this hack makes it so: a character already past the old rules is not news.
        if most < before.dials.max_rating and any(count > most for count in sheet.ratings().values()):
            lines.append(said("%(name)s: a rating above the new highest (%(most)s) stays as it is.", name=name,
                              most=most))
        if (lowered := stress_after(sheet.stress, before.dials.stress_clock_size, size)) != sheet.stress:
            lines.append(said("%(name)s: stress %(stress)s is lowered to %(size)s, one short of the new clock's "
                              "%(full)s.", name=name, stress=sheet.stress, size=lowered, full=size))
        counts = (milestones, gained[sheet.pk, TalentTrigger.DESPERATE_FAIL.value], gained[sheet.pk, TalentTrigger.PROJECT.value])
        was, now = (TalentDots.counted(hack.dials.talent_triggers, *counts).total for hack in (before, after))
        if now < was:
            lines.append(said("%(name)s: talent dots %(before)s → %(after)s; talents written beyond them stay, their slots "
                              "closed.", name=name, before=was, after=now))
        if moved_slots := [talent.slot for talent in sheet.character.talents.all() if talent.slot and
                           before.dials.talent_line[talent.slot - 1] != after.dials.talent_line[talent.slot - 1]]:
            lines.append(said("%(name)s: the talents in slots %(slots)s stay as written; the new line applies when "
                              "they are rewritten.", name=name, slots=", ".join(map(str, moved_slots))))
        if unplayed := [talent.own for talent in sheet.character.talents.all()
                        if talent.own and talent.own_kind(before.dials) and not talent.own_kind(after.dials)]:
            lines.append(said("%(name)s: the talents of %(kinds)s stay as written; the hack no longer offers the kind.",
                              name=name, kinds=", ".join(sorted(set(unplayed)))))
        if dropped := [name for name in before.dials.details if name not in after.dials.details
                       and sheet.details.get(name)]:
            lines.append(said("%(name)s: the text of %(details)s is kept but no longer shown while the hack has no such "
                              "detail.", name=name, details=", ".join(map(str, map(detail_said, dropped)))))
        if gone := [name for name in sheet.deteriorating if not after.dials.deterioration(name)]:
            lines.append(said("%(name)s no longer suffers from %(deteriorations)s: the hack drops it.", name=name,
                              deteriorations=", ".join(gone)))
        if not sheet.character.created and before.dials.starting_dots >= sum(dots.values()) > after.dials.starting_dots:
            lines.append(said("%(name)s, still being made, has more dots than the new %(dots)s: the player takes some "
                              "back before finishing.", name=name, dots=after.dials.starting_dots))
    return lines


def changes(campaign, before: Hack, after: Hack) -> Changes:
    playbooks = {p.name for p in before.playbooks}
    return Changes(
        _dial_changes(before, after), _character_changes(campaign, before, after),
        [said("Playbook %(name)s is replaced.", name=p.name) if p.name in playbooks
         else said("Playbook %(name)s is added.", name=p.name) for p in after.playbooks
         if p not in before.playbooks])
