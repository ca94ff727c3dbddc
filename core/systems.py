"""The seam between the shared site and each dice system (docs/adding-a-system.md).

Campaigns, members, forces, sessions, clocks, the roll log, the table screen and the console are
shared. What differs per system is registered here once, by the system's own app in its
``AppConfig.ready``: how its sheet is shown, where a roll starts, and the templates that shared
pages include for its characters and rolls. Shared views and templates ask ``campaign.site``;
they never test which system a campaign plays."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import import_module
from typing import TYPE_CHECKING

from django.urls import URLResolver

from gamerules.systems import DiceSystem

if TYPE_CHECKING:
    from campaign.transfer import RollIds


@dataclass(frozen=True)
class SystemSite:
    system: DiceSystem
    sheet: Callable
    """The character sheet view: ``sheet(request, membership, character)`` -> a response."""
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
    roll_kinds: tuple[str, ...] = ()
    """The roll kinds the log and the table screen show by the system's own ``roll_line`` and
    ``roll_tile``, not the shared line."""
    roll_page: Callable | None = None
    """``roll_page(request, membership, roll)`` -> the page of one of the campaign's rolls."""
    roll_line: str = ""
    """The template of one of its ``roll_kinds`` in a line of the roll log (``roll``)."""
    roll_tile: str = ""
    """The template of one of its ``roll_kinds`` as the table screen's last roll (``roll``)."""
    ready_characters: bool = False
    """A new character is played at once: the system has no creation steps."""
    console_top: str = ""
    """The template of the console's first row: the GM's next decisions."""
    console_panels: tuple[str, ...] = ()
    """The live panels of ``console_top`` by name (each a partial of its template), which the
    console refreshes besides the shared ones."""
    console_roll: Callable | None = None
    """``console_roll(membership)`` -> the context of the console's latest roll, asked only by its
    panel (``console-roll``)."""
    session_bookkeeping: bool = False
    """Charge's bookkeeping around sessions: momentum reset at the start, stress recovery at the
    end, milestones and the talent slots they open."""
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
    (``make run`` loads every registered system's, in the enum's order)."""
    export_parts: tuple = ()
    """Its rows in a campaign's export, each a ``campaign.transfer.Part``, in the order an import
    makes them (after the shared characters)."""
    roll_ids: RollIds | None = None
    """Where its rolls keep ids of other rows in their JSON (``campaign.transfer.RollIds``)."""
    reads: frozenset[str] = frozenset()
    """The models whose rows its tiles, what it has on its way and what waits show (core/rendered.py
    ``reads``): the shared live panels that include them declare these too."""


_SITES: dict[DiceSystem, SystemSite] = {}


def register(site: SystemSite) -> None:
    """The site of a system, with the names of its own pages read from its ``urls``."""
    names = _names(import_module(site.urls).urlpatterns) if site.urls else frozenset()
    _SITES[site.system] = replace(site, url_names=site.url_names | names)


def _names(patterns) -> frozenset[str]:
    return frozenset().union(*(_names(pattern.url_patterns) if isinstance(pattern, URLResolver) else {pattern.name}
                               for pattern in patterns))


def site_of(system: DiceSystem) -> SystemSite:
    return _SITES[system]


def plays(system: DiceSystem, url_name: str | None) -> bool:
    """Whether a campaign on ``system`` has the page ``url_name``: a shared page, or its own."""
    return not any(url_name in site.url_names for other, site in _SITES.items() if other is not system)


def registered() -> list[SystemSite]:
    """Every registered system's site, in the enum's order."""
    return [_SITES[system] for system in playable()]


def playable() -> list[DiceSystem]:
    """The systems a campaign may choose: those registered, in the enum's order."""
    return [system for system in DiceSystem if system in _SITES]
