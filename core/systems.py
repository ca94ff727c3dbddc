"""The seam between the shared site and each dice system (docs/adding-a-system.md).

Campaigns, members, forces, sessions, clocks, the roll log, the table screen and the console are
shared. What differs per system is registered here once, by the system's own app in its
``AppConfig.ready``: its name, how its sheet is shown, where a roll starts, its kinds of roll and
their outcomes, and the templates that shared pages include for its characters and rolls. Shared
views and templates ask ``campaign.site`` or a roll's ``logged_kind``; they never test which system a
campaign plays, and no shared module names one."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from importlib import import_module
from typing import TYPE_CHECKING, Any

from django.urls import URLResolver
from django.utils.translation import gettext_lazy as _

from core.templatetags.words import action as action_word

if TYPE_CHECKING:
    from campaign.transfer import RollIds
    from gamerules.honesty import Rolled, Scale

DAMAGED = _("the dice kept do not match the pool (an edited or imported log)")
"""Why a roll's odds cannot be computed again, whatever its system: what it keeps is not what the
site stores. A kind's ``odds`` may answer it, and the statistics do when an ``odds`` raises."""


@dataclass(frozen=True)
class Logged:
    """A roll of the log as the dice statistics hand it to its kind's ``odds``: the JSON as kept,
    unchecked (an edited or imported log may hold anything)."""

    pool: Any
    """``Roll.pool_size``."""
    dice: Any
    outcome: str
    choices: Any
    result: Any
    sources: Any
    """``Roll.dice_sources``."""


@dataclass(frozen=True)
class DiceSystem:
    """Who a system is: ``value`` is what ``Campaign.system`` stores."""

    value: str
    label: str
    document: str
    """The rule document the system implements (``shared/rules/``)."""


@dataclass(frozen=True)
class LoggedKind:
    """A kind of roll a system logs as a shared ``rolls.Roll`` (its ``kind``), and what the shared
    roll log, statistics and export ask of it."""

    value: str
    label: str
    action: bool = False
    """Its ``action`` names the action (a skill, a Stat) rolled: the statistics count each."""
    said: Callable[[str], str] = action_word
    """How its ``action`` reads: as an action of the rulebook unless the system says otherwise."""
    odds: Callable[[Logged], Rolled | str] | None = field(default=None, compare=False)
    """``odds(logged)`` -> the roll read on one of its ``scales`` with the exact odds its dice had
    when they were thrown (gamerules/honesty.py ``Rolled``), or why it cannot be (no dice were
    thrown, :data:`DAMAGED`...): the dice statistics count the one and list the other. Without it
    the statistics leave the kind's rolls out, saying so."""
    scales: tuple[Scale, ...] = field(default=(), compare=False)
    """The outcomes its ``odds`` reads rolls in, worst first, in its system's words."""
    read: Callable | None = field(default=None, compare=False)
    """``read(roll)`` -> its outcome's words, when the kind reads its dice its own way (Charge's
    loot roll finds assets: a 1-5 is "nothing", not a bad outcome)."""
    outcomes: Mapping[str, str] = field(default_factory=dict, compare=False)
    """Its system's outcomes and their words (set by ``register`` from the site's ``outcomes``)."""


@dataclass(frozen=True)
class Panel:
    """A live panel a system adds to a shared page (the table screen, the console)."""

    name: str
    """Its partial's name: its element's id, and what the page's ``?panel=`` asks for."""
    template: str
    """The template that defines it as an inline partial: included whole where ``at`` says, so
    that the page keeps the panel as it rendered it (core/rendered.py)."""
    reads: frozenset[str] | None = None
    """The models whose rows it shows (core/rendered.py ``reads``); None: it declares nothing, and
    is rendered anew at every change of its campaign."""
    at: str = ""
    """Where the shared page includes it; "" when another of the system's templates does (the
    console's ``console_top``)."""


@dataclass(frozen=True)
class SystemSite:
    system: DiceSystem
    sheet: Callable
    """The character sheet view: ``sheet(request, membership, character_id)`` -> a response
    (``characters.views.sheet_or_404`` reads the character whole)."""
    start_roll: str
    """The URL name of the page that starts a roll (``?character=<id>`` preselects one)."""
    table_tile: str
    """The template of a character's numbers on the table screen and the console."""
    dashboard_tile: str
    """The template of a character's numbers on the dashboard."""
    log_actions: str
    """The template of the buttons above the roll log."""
    on_its_way: str
    """The template of what is on its way (rolls, conflicts), on the table screen."""
    context: Callable
    """``context(membership)`` -> what ``on_its_way`` and the console need."""
    waiting: Callable
    """``waiting(request, membership, on)`` -> the template and context of the banner of what waits
    for this member, on every page (``on``: the page's path)."""
    tabs: Callable
    """``tabs(membership)`` -> (label, URL name) of the campaign's navigation."""
    kinds: tuple[LoggedKind, ...] = ()
    """Every kind of roll it logs; a kind belongs to one system."""
    outcomes: tuple[tuple[str, str], ...] = ()
    """Its rolls' outcomes (``Roll.outcome``) and the words the log shows for each."""
    roll_kinds: tuple[str, ...] = ()
    """The roll kinds the log and the table screen show by the system's own ``roll_line`` and
    ``roll_tile``, not the shared line: all its ``kinds`` when it has a ``roll_line`` (set by
    ``register``)."""
    roll_page: Callable | None = None
    """``roll_page(request, membership, roll)`` -> the page of one of the campaign's rolls."""
    roll_line: str = ""
    """The template of one of its ``roll_kinds`` in a line of the roll log (``roll``)."""
    roll_tile: str = ""
    """The template of one of its ``roll_kinds`` as the table screen's last roll (``roll``)."""
    stats: Callable | None = None
    """``stats(membership, filters)`` -> what its ``stats_section`` of the dice statistics reads,
    over the rolls the member may see (``rolls.stats.Filters``)."""
    stats_section: str = ""
    """The template of what it adds to the dice statistics (Charge: momentum over time), drawn once
    opened (rolls/views.py ``roll_stats``), under ``stats_title``; ``stats_show`` is the link that
    draws it without JavaScript."""
    stats_title: str = ""
    stats_show: str = ""
    roll_recap: str = ""
    """The template of what a session's recap says of one of its rolls after its goal (``roll``):
    the consequence it brought, say."""
    name: Callable | None = None
    """``name(campaign)`` -> the system as the page header says it, when a campaign names a
    variant of it (Charge's ruleset); else its label."""
    about: Callable | None = None
    """``about(campaign)`` -> the system as the campaign's About card says it; else its name."""
    actions: Callable | None = None
    """``actions(campaign)`` -> the actions the dice statistics list even when never rolled, in
    the campaign's order."""
    words: Callable | None = None
    """``words(campaign)`` -> the campaign's own names in each language (core/campaign_words.py
    ``Words``), made the request's by every campaign view."""
    ready_characters: bool = False
    """A new character is played at once: the system has no creation steps."""
    console_top: str = ""
    """The template of the console's first row: the GM's next decisions."""
    console_panels: tuple[Panel, ...] = ()
    """The console's own live panels, which it refreshes besides the shared ones: those of
    ``console_top`` (at ""), and those ``at`` "row", in the row of cards under the table."""
    table_panels: tuple[Panel, ...] = ()
    """The live panels it adds to the table screen, and so to the console, which shows the table:
    ``at`` "header", beside the campaign's name, or "side", in the column beside the clocks, above
    the last roll."""
    console_roll: Callable | None = None
    """``console_roll(membership)`` -> the context of the console's latest roll, asked only by its
    panel (``console-roll``)."""
    session_notes: str = ""
    """The template of what the session pages say of its bookkeeping around sessions, as partials:
    ``start`` and ``console-start`` (by a Start button: Charge's momentum reset, with
    ``session_momentum``), ``console`` and ``dashboard`` (Charge's milestones, with
    ``session_context``), ``recap`` (its ``standings`` in a session's recap), ``recap-noted`` (its
    ``recap_noted``), ``over`` (an ended session's reminder to the players and
    the GM). Without it the pages say only that a sheet may
    need updating."""
    session_said: tuple[str, str] = ()
    """What the GM is told once a session started and once it ended (``%(session)s`` in each);
    by default that it did, and to remind players to update their sheets."""
    gm_context: Callable | None = None
    """``gm_context(campaign)`` -> what the GM's dashboard and an ended session's page add for the
    system's bookkeeping (Charge: the form of the stress recovered); never called for a player."""
    session_end: str = ""
    """The template of the GM's bookkeeping on an ended session's page (with ``gm_context``)."""
    urls: str = ""
    """The module of the system's own pages, under ``c/<campaign>/`` (config/urls.py includes it)."""
    url_names: frozenset[str] = frozenset()
    """The system's own pages: every other system's campaigns answer them with 404."""
    demo: Callable | None = None
    """``demo(users, gm_name, player_names)``: makes the system's demo campaign if it is missing
    (``make run`` loads every registered system's, in their order)."""
    export_parts: tuple = ()
    """Its rows in a campaign's export, each a ``campaign.transfer.Part``, in the order an import
    makes them (after the shared characters)."""
    roll_ids: RollIds | None = None
    """Where its rolls keep ids of other rows in their JSON (``campaign.transfer.RollIds``)."""
    setup: type | None = None
    """The model of how a campaign plays the system (one-to-one ``campaign``, ``related_name`` the
    system's value): made with every campaign on it and when one switches to it
    (characters/sheets.py ``keep_setup``), loaded with the membership's campaign, its
    ``form_fields`` on the campaign's settings form and its ``export_fields`` in the export's
    campaign object."""
    session_momentum: Callable | None = None
    """``session_momentum(campaign)`` -> the momentum every character starts a session with, for
    the ``session_notes``."""
    session_started: Callable | None = None
    """``session_started(campaign, number)`` -> the log line of a session's start, after the
    bookkeeping it does to the sheets (in the start's transaction)."""
    session_ended: Callable | None = None
    """``session_ended(campaign)``: what a session's end does to the sheets."""
    session_context: Callable | None = None
    """``session_context(membership)`` -> what the ``session_notes``' ``console`` and ``dashboard``
    read (Charge: the milestones awarded, the talent slots they open, the GM's form of the next)."""
    recap_noted: Callable | None = None
    """``recap_noted(session)`` -> what the system notes of a session, shown first in its recap by
    the ``session_notes``' ``recap-noted`` (Charge: the milestones awarded in it)."""
    standings: Callable | None = None
    """``standings(campaign, session, until)`` -> each character's standing at the session's start
    and end (Charge's momentum and stress), which its ``session_notes``' ``recap`` shows."""
    character_sheet: type | None = None
    """The model, one-to-one with the character (its primary key ``character``, with history),
    holding what the system adds to every character's sheet: its ``export_fields`` travel in the
    character's object of an export, its ``text_fields`` are edited as the sheet's texts, its
    ``restorable`` fields are put back with a restore of the character's version."""
    roll_columns: Mapping[str, object] = field(default_factory=dict)
    """Keys of its rolls' ``result`` that a roll's row in an export carries as columns, with the
    value a row holds for a roll without one (every roll carries them all): they were the shared
    roll's columns, and a file keeps the shape older files have."""
    clock_sizes: Callable | None = None
    """``clock_sizes(campaign)`` -> the sizes a clock may have; by default the rulebook's."""
    new_character: Callable | None = None
    """``new_character(campaign, playbook)`` -> the fields a new character starts with beyond its
    name (a playbook's concept and dots)."""
    sheet_context: Callable | None = None
    """``sheet_context(membership, character)`` -> what the sheet's templates read, as the
    member may see it (GM notes for a GM only)."""
    print_sheet: str = ""
    """The template of the sheet on paper (one A4 or Letter page, extending
    ``characters/print.html``), read with the ``sheet_context``; without it the print address
    answers 404."""
    sheet_history: tuple = ()
    """The rows it hangs on a sheet whose changes the sheet's history lists beside the
    character's own (``characters.history.Kept``)."""
    sheet_texts: Callable | None = None
    """``sheet_texts(character)`` -> the text parts of a sheet's details; by default the condition,
    the concept and the appearance."""
    creation_note: str = ""
    """The template of what the new-character page says of the creation steps (without
    ``ready_characters``)."""
    first_page: str = ""
    """The URL name of the page a new campaign's GM lands on after creating it (Charge: the walk
    through the rulebook's making of a campaign); by default the campaign's dashboard."""
    dashboard_card: str = ""
    """The template of a card the system adds to the dashboard, under the campaign's About card."""
    dashboard_card_context: Callable | None = None
    """``dashboard_card_context(membership)`` -> what ``dashboard_card`` reads, as the member may see
    it (called when the whole dashboard renders, not for its live panels)."""
    reads: frozenset[str] = frozenset()
    """The models whose rows its tiles, what it has on its way and what waits show (core/rendered.py
    ``reads``): the shared live panels that include them declare these too."""


_SITES: dict[str, SystemSite] = {}
_KINDS: dict[str, LoggedKind] = {}
_LOGGED_BY: dict[str, str] = {}


def register(site: SystemSite) -> None:
    """The site of a system, with the names of its own pages read from its ``urls``, and its kinds
    of roll with their outcomes' words. Systems are offered in the order they register: the
    order of ``SYSTEM_APPS`` (config/settings.py)."""
    names = _names(import_module(site.urls).urlpatterns) if site.urls else frozenset()
    outcomes = dict(site.outcomes)
    kinds = tuple(replace(kind, outcomes=outcomes) for kind in site.kinds)
    others = {kind.value for other in registered() if other.system != site.system for kind in other.kinds}
    if taken := others & {kind.value for kind in kinds}:
        raise ValueError(f"{site.system.value} logs roll kinds another system logs: {sorted(taken)}")
    _SITES[site.system.value] = replace(site, url_names=site.url_names | names, kinds=kinds,
                                        roll_kinds=tuple(kind.value for kind in kinds) if site.roll_line else ())
    _KINDS.update((kind.value, kind) for kind in kinds)
    _LOGGED_BY.update((kind.value, site.system.value) for kind in kinds)


def _names(patterns) -> frozenset[str]:
    return frozenset().union(*(_names(pattern.url_patterns) if isinstance(pattern, URLResolver) else {pattern.name}
                               for pattern in patterns))


def site_of(system: str) -> SystemSite:
    """The registration of the system whose ``value`` a campaign stores."""
    return _SITES[system]


def plays(system: str, url_name: str | None) -> bool:
    """Whether a campaign on ``system`` has the page ``url_name``: a shared page, or its own."""
    return not any(url_name in site.url_names for other, site in _SITES.items() if other != system)


def registered() -> list[SystemSite]:
    """Every registered system's site, in the order they registered."""
    return list(_SITES.values())


def playable() -> list[DiceSystem]:
    """The systems a campaign may choose: those registered, in their order."""
    return [site.system for site in _SITES.values()]


def first_system() -> str:
    """A new campaign's system when none is said: the first registered (Charge, by default)."""
    return next(iter(_SITES))


def kind_of(kind: str) -> LoggedKind:
    """A logged kind of roll; a kind no installed system logs (an import from a site with
    another system) reads as its value, with none of the shared questions answered."""
    return _KINDS.get(kind) or LoggedKind(kind, kind)


def logged_by(kind: str) -> SystemSite | None:
    """The site of the system that logs rolls of this kind, if one here does."""
    system = _LOGGED_BY.get(kind)
    return _SITES[system] if system else None


def setup_name(setup) -> str:
    """The name by which a campaign reaches its row of a system's ``setup`` model."""
    return setup._meta.get_field("campaign").remote_field.related_name


def setups() -> list[str]:
    """The names by which a campaign reaches each system's ``setup`` row, to load it with the
    campaign (``select_related``)."""
    return [setup_name(site.setup) for site in registered() if site.setup]
