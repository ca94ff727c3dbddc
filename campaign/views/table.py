"""The table screen (what every player may see, readable from two metres; its clocks tick as the
member signed in on it may) and the GM console (the same and the secrets, with the controls)."""

from django.contrib.auth.decorators import login_required
from django.utils import translation
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from campaign.access import TableViewer, gm_membership_or_404, membership_or_404, seen_as
from campaign.models import Campaign, GameSession, Membership, WorldForce
from characters.models import Character
from clocks.models import Clock, ClockChange
from core.htmx import asks_for, page
from core.rendered import reads
from rolls.models import Roll
from safety.models import XCard

TABLE = "campaign/table.html"
CONSOLE = "campaign/console.html"
# What a screen shows at once: the clocks most recently in play, the latest rolls and events.
CLOCKS_SHOWN = 6  # on the dashboard
CONSOLE_CLOCKS_SHOWN = 9
# Three rows of four on a 1080p table screen, readable from two metres; a campaign of hundreds
# of clocks would be drawn too small to read (and weigh a megabyte): the rest are one link away.
TABLE_CLOCKS_SHOWN = 12
ROLLS_SHOWN = 8
EVENTS_SHOWN = 12


TABLE_PANELS = dict.fromkeys(("table-clocks", "table-characters", "table-rolls", "pending-rolls", "x-card"), TABLE)
CONSOLE_PANELS = {**TABLE_PANELS, "console-session": CONSOLE, "console-forces": CONSOLE}
PLAY = (Campaign, Membership, Character)
"""What every panel of a campaign shows something of: its rules, whose it is, its characters."""
TABLE_READS = {
    "table-clocks": reads(*PLAY, Clock, ClockChange, WorldForce),
    "table-characters": reads(*PLAY), "pending-rolls": reads(*PLAY, Roll),
    "table-rolls": reads(*PLAY, Roll), "x-card": reads(*PLAY, XCard),
}
"""The models each of the table screen's shared live panels shows; those that show the system's
tiles also show its own (``site_reads``), and the system's own panels declare theirs."""
SYSTEMS_TILES = ("table-characters", "pending-rolls", "table-rolls")
CONSOLE_READS = {
    **TABLE_READS, "console-session": reads(*PLAY, GameSession),
    "console-forces": reads(*PLAY, WorldForce),
}


def site_reads(declared: dict[str, frozenset], site, tiles=SYSTEMS_TILES, panels=()) -> dict[str, frozenset]:
    """``declared``, with the system's own models added to the panels that show its ``tiles``, and
    what each of the system's ``panels`` declares."""
    return {**{name: models | site.reads if name in tiles else models for name, models in declared.items()},
            **{panel.name: panel.reads for panel in panels if panel.reads is not None}}


def table_panels(campaign) -> dict[str, str]:
    """The table screen's live panels, each with its template: the shared ones and the system's."""
    return {**TABLE_PANELS, **{panel.name: panel.template for panel in campaign.site.table_panels}}


def console_panels(campaign) -> dict[str, str]:
    """The console's live panels, each with its template: the shared ones, the system's on the
    table, and its own (its ``console_panels``: its first row's and its cards')."""
    site = campaign.site
    return {**CONSOLE_PANELS, **{panel.name: panel.template for panel in (*site.table_panels, *site.console_panels)}}


def _context(membership, viewer, console=False):
    """What the table and the console show. A panel fetched alone reads only what it shows: the
    querysets are lazy, and so are the rest of what costs a query."""
    campaign = membership.campaign
    rolls = SimpleLazyObject(lambda: list(campaign.rolls.visible_to(viewer).select_related("character")[:ROLLS_SHOWN]))
    # The two latest sessions tell all three: one runs at a time, so if the latest runs, the one
    # before it has ended.
    latest = SimpleLazyObject(lambda: list(campaign.sessions.order_by("-number")[:2]))
    return {
        "membership": membership, "viewer": viewer, "campaign": campaign, "console": console,
        # The clocks most recently in play, scaled to fit the screen, and how many more there are.
        "clocks": campaign.clocks.visible_to(viewer).in_play().counted().for_display()[
            :CONSOLE_CLOCKS_SHOWN if console else TABLE_CLOCKS_SHOWN],
        "characters": campaign.characters.with_sheets(campaign).select_related("owner"),
        "session": SimpleLazyObject(lambda: latest[0] if latest and latest[0].is_running else None),
        "has_previous": SimpleLazyObject(lambda: any(not each.is_running for each in latest)),
        "next_number": SimpleLazyObject(lambda: latest[0].number + 1 if latest else 1),
        "last_roll": SimpleLazyObject(lambda: rolls[0] if rolls else None), "rolls": rolls,
        **campaign.site.context(membership),
        "shortcuts": console,
        # The X-card, until the GM dismisses it: it names nobody (safety/models.py).
        "x_card": SimpleLazyObject(lambda: campaign.x_cards.showing().first()),
    }


@login_required
@require_safe
def table_screen(request, campaign_id):
    """For the laptop everyone looks at, or a projector: only what every player may see."""
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    language = campaign.table_language or translation.get_language()
    with translation.override(language):  # everyone reads the same screen: the table's language
        response = page(request, TABLE, lambda: _context(membership, TableViewer(campaign, membership)),
                        table_panels(campaign), seen_as(membership),
                        site_reads(TABLE_READS, campaign.site, panels=campaign.site.table_panels))
    response["Content-Language"] = language
    return response


@login_required
@require_safe
def console(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    site = membership.campaign.site
    latest_roll = asks_for(request, "console-roll")
    return page(request, CONSOLE, lambda: _console_context(membership, latest_roll),
                console_panels(membership.campaign), seen_as(membership),
                site_reads(CONSOLE_READS, site, (*SYSTEMS_TILES, "console-session"),
                           panels=(*site.table_panels, *site.console_panels)))


def _console_context(membership, latest_roll: bool) -> dict:
    campaign = membership.campaign
    context = _context(membership, membership, console=True)
    context.update({
        "forces": campaign.forces.visible_to(membership),
        **(campaign.site.session_context(membership) if campaign.site.session_context else {}),
        "session_momentum": campaign.site.session_momentum(campaign) if campaign.site.session_momentum else None,
    })
    # The system's latest roll, with its controls, where the GM is. Its panel loads after the
    # page, so that the console itself stays quick.
    if latest_roll and campaign.site.console_roll:
        context.update(campaign.site.console_roll(membership))
    return context
