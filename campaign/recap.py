"""A session's recap: what happened in it, built from what the campaign already keeps (the roll
log, every clock's changes, what its dice system notes, the histories of the sheets and the forces), as one
viewer may see it. A player's recap holds only what that player may see now: no hidden roll, no
clock whose segments are hidden from them, no force that is not revealed."""

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from campaign.models import GameSession, WorldForce
from characters.history import Entry, changes_of
from characters.models import Character
from clocks.models import Clock, ClockChange, SeenClock
from rolls.models import Roll


@dataclass(frozen=True)
class ClockMoved:
    """A clock that moved in the session: where it stood before its first change and after its
    last, and whether it reached an end ("Clocks"; an opposed clock also ends empty)."""

    seen: SeenClock
    before: int
    after: int
    changes: int
    ended: bool

    @property
    def clock(self) -> Clock:
        return self.seen.clock


@dataclass(frozen=True)
class Recap:
    session: GameSession
    rolls: list[Roll]
    clocks: list[ClockMoved]
    noted: list
    """What the dice system notes of the session (``recap_noted``), by its ``session_notes``."""
    standings: list
    """Each character's standing at the start and at the end, by its dice system (``standings``),
    shown by its ``session_notes``' ``recap``."""
    forces: list[WorldForce]
    sheets: list[tuple[Character, list[Entry]]]
    """What changed on each sheet in the session, of the rows its dice system hangs on it."""

    @property
    def is_empty(self) -> bool:
        return not (self.rolls or self.clocks or self.noted or self.forces or self.sheets or self.session.summary)


def recap(session: GameSession, viewer) -> Recap:
    """``viewer``: a membership, or the table screen's stand-in (what every player may see)."""
    campaign = session.campaign
    until = session.ended_at or timezone.now()
    return Recap(
        session=session,
        rolls=list(session.rolls.visible_to(viewer).select_related("character").order_by("pk")),
        clocks=_clocks(campaign, viewer, session.started_at, until),
        noted=campaign.site.recap_noted(session) if campaign.site.recap_noted else [],
        standings=campaign.site.standings(campaign, session, until) if campaign.site.standings else [],
        forces=_revealed(campaign, viewer, session.started_at, until),
        sheets=_sheets(campaign, session.started_at, until),
    )


def _sheets(campaign, since: datetime, until: datetime) -> list[tuple[Character, list[Entry]]]:
    """Every member reads every sheet, so every viewer reads what changed on them."""
    characters = list(campaign.characters.order_by("name", "pk"))
    changed = changes_of([character.pk for character in characters], campaign.site.sheet_history, since, until)
    return [(character, changed[character.pk]) for character in characters if character.pk in changed]


def _clocks(campaign, viewer, since: datetime, until: datetime) -> list[ClockMoved]:
    changes = (ClockChange.objects.filter(clock__campaign=campaign, at__gte=since, at__lte=until)
               .select_related("clock", "clock__character", "clock__force").order_by("at", "pk"))
    by_clock: dict[int, list[ClockChange]] = {}
    for change in changes:
        by_clock.setdefault(change.clock_id, []).append(change)
    moved = []
    for kept in by_clock.values():
        seen = SeenClock(kept[0].clock, viewer)
        if not seen.shown:  # a player reads a clock's moves only where its segments are theirs to see
            continue
        clock = seen.clock
        ended = any(change.after >= clock.size or (clock.is_opposed and change.after == 0 < change.before)
                    for change in kept)
        moved.append(ClockMoved(seen, kept[0].before, kept[-1].after, len(kept), ended))
    return moved


def _revealed(campaign, viewer, since: datetime, until: datetime) -> list[WorldForce]:
    """The forces revealed to the players in the session (hidden before, revealed after a change
    in it), that the viewer may see now: a force hidden again is the GM's again."""
    records = (WorldForce.history.filter(campaign_id=campaign.pk, history_date__lte=until)
               .order_by("id", "history_date", "history_id").values_list("id", "history_date", "revealed"))
    revealed_ids, was = [], {}
    for pk, when, revealed in records:
        if revealed and not was.get(pk) and when >= since and pk not in revealed_ids:
            revealed_ids.append(pk)
        was[pk] = revealed
    forces = {force.pk: force for force in campaign.forces.filter(pk__in=revealed_ids)}
    return [forces[pk] for pk in revealed_ids if pk in forces and forces[pk].shown_to(viewer)]


def previous_session(campaign) -> GameSession | None:
    """The session a "previously on…" tells: the latest that has ended."""
    return campaign.sessions.filter(ended_at__isnull=False).order_by("-number").first()
