"""What the API answers, as typed records: each built from what a page of the site shows this
member, through the same access helpers, querysets and seen-by objects (campaign/access.py,
``.visible_to``, ``SeenClock``, ``text_fields_for``), so the API never decides a visibility
rule of its own. The OpenAPI schema is read from these classes (api/schema.py)."""

from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse

from campaign.models import Membership
from characters.models import Character
from clocks.models import Clock, SeenClock


@dataclass(frozen=True)
class CampaignAnswer:
    """A campaign the person is a member of."""

    id: int
    name: str
    system: str
    """The dice system it plays, as the registry names it (``charge``, ``traits``...)."""
    system_name: str
    role: str
    """``gm`` or ``player``: what the token's person is in it."""
    archived: bool
    page: str
    """Its dashboard on the site."""
    characters: str
    clocks: str
    sessions: str
    rolls: str


@dataclass(frozen=True)
class CharacterAnswer:
    """A character as its sheet shows it to this member: every member reads every sheet, and GM
    notes only a GM. The numbers each dice system adds to the sheet are not in the API yet."""

    id: int
    name: str
    player: str | None
    """The username of whoever plays it; null once they left the campaign."""
    ready: bool
    """Its creation is finished."""
    texts: dict[str, str]
    """The sheet's texts by field (the condition, the concept, the appearance, and what its dice
    system adds, such as Charge's scars)."""
    gm_notes: str | None
    """Null for a player."""
    page: str


@dataclass(frozen=True)
class ClockAnswer:
    """A clock as its card shows it to this member: a player never learns of a GM-only clock,
    and of a known-but-hidden one only its name."""

    id: int
    name: str
    kind: str
    visibility: str
    """``all``, ``known`` (players see the name, not the segments) or ``gm`` (GMs only)."""
    segments_shown: bool
    size: int | None
    """Null when its segments are hidden from this member, as ``filled``."""
    filled: int | None
    notes: str
    belongs_to: str
    """Its character, its force (only when this member may see that force), or its scene."""
    archived: bool
    may_tick: bool
    page: str


@dataclass(frozen=True)
class SessionAnswer:
    """A session played (or under way), as its page shows it to this member."""

    id: int
    number: int
    date: str
    started_at: datetime
    ended_at: datetime | None
    running: bool
    summary: str
    log: str
    gm_notes: str | None
    """Null for a player."""
    page: str


@dataclass(frozen=True)
class RollAnswer:
    """A line of the roll log as this member reads it: hidden rolls only for a GM. Each dice
    system's own numbers of a roll (Charge's effect, what it changed) are on its page, not here."""

    id: int
    at: datetime
    kind: str
    kind_name: str
    character_id: int | None
    character_name: str | None
    """Null for the GM's own rolls."""
    rolled_by: str | None
    action: str
    action_name: str
    goal: str
    pool: int
    dice: list
    """The faces thrown, as the dice system keeps them."""
    outcome: str
    outcome_name: str
    hidden: bool
    session: int | None
    """The number of the session it was rolled in."""
    page: str


def campaign_answer(membership: Membership) -> CampaignAnswer:
    campaign = membership.campaign

    def at(name):
        return reverse(name, args=[campaign.pk])

    return CampaignAnswer(
        id=campaign.pk, name=campaign.name, system=campaign.system, system_name=str(campaign.system_name),
        role=membership.role, archived=campaign.is_archived, page=campaign.get_absolute_url(),
        characters=at("api_characters"), clocks=at("api_clocks"), sessions=at("api_sessions"), rolls=at("api_rolls"))


def character_answer(membership: Membership, character: Character) -> CharacterAnswer:
    texts = {field: str(getattr(character.text_holder(field), field) or "")
             for field in character.text_fields_for(membership) if field != "gm_notes"}
    return CharacterAnswer(
        id=character.pk, name=character.name, player=character.owner.username if character.owner else None,
        ready=character.created, texts=texts, gm_notes=character.gm_notes if membership.is_gm else None,
        page=character.get_absolute_url())


def clock_answer(membership: Membership, clock: Clock) -> ClockAnswer:
    seen = SeenClock(clock, membership)
    return ClockAnswer(
        id=clock.pk, name=str(clock.name), kind=clock.kind, visibility=clock.visibility, segments_shown=seen.shown,
        size=clock.size if seen.shown else None, filled=clock.filled if seen.shown else None, notes=seen.notes,
        belongs_to=str(seen.belongs_to or ""), archived=clock.archived, may_tick=seen.may_tick,
        page=clock.get_absolute_url())


def session_answer(membership: Membership, session) -> SessionAnswer:
    return SessionAnswer(
        id=session.pk, number=session.number, date=session.date.isoformat(), started_at=session.started_at,
        ended_at=session.ended_at, running=session.is_running, summary=session.summary, log=session.log,
        gm_notes=session.gm_notes if membership.is_gm else None, page=session.get_absolute_url())


def roll_answer(membership: Membership, roll) -> RollAnswer:
    return RollAnswer(
        id=roll.pk, at=roll.created_at, kind=roll.kind, kind_name=roll.get_kind_display(),
        character_id=roll.character_id, character_name=roll.character.name if roll.character else None,
        rolled_by=roll.rolled_by.username if roll.rolled_by else None, action=roll.action,
        action_name=roll.action_words if roll.action else "", goal=str(roll.goal), pool=roll.pool_size,
        dice=list(roll.dice or []), outcome=roll.outcome, outcome_name=roll.get_outcome_display(),
        hidden=roll.hidden, session=roll.session.number if roll.session else None, page=roll.get_absolute_url())
