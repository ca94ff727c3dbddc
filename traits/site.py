"""Traits & Consequence's registration as a dice system (core/systems.py)."""

from django.apps import apps

from campaign.templatetags.navigation import shared_tabs
from campaign.transfer import Part, RollIds, history_of
from core.rendered import reads
from core.systems import DiceSystem, SystemSite
from gamerules.words import said
from rolls.models import Roll
from traits import demo, history, views
from traits.kinds import KINDS, OUTCOMES
from traits.models import Feature, Sheet

PARTS = (Part("traits_sheets", Sheet, "character__campaign", {"character_id": "characters"}),
         Part("features", Feature, "character__campaign", {"character_id": "characters"}))

SITE = SystemSite(
    sheet_history=history.KEPT,
    demo=demo.load,
    system=DiceSystem("traits", said("Traits & Consequence"), "system-traits-and-consequence.md"),
    sheet=views.sheet, sheet_context=views.sheet_context, print_sheet="traits/print.html", start_roll="conflict_new",
    table_tile="traits/tiles.html#table", dashboard_tile="traits/tiles.html#dashboard",
    log_actions="traits/tiles.html#log-actions", on_its_way="traits/conflict.html#on-its-way",
    context=views.conflicts_context, waiting=views.waiting, tabs=shared_tabs,
    kinds=KINDS, outcomes=OUTCOMES, roll_page=views.roll_page,
    roll_tile="traits/tiles.html#last-roll", roll_line="traits/tiles.html#roll-line",
    ready_characters=True, console_top="traits/tiles.html#console-top", session_notes="traits/sessions.html",
    urls="traits.urls",
    # A sheet's Stats and pool, its Powers, Traits and Items; a conflict's roll names the ones it bid.
    export_parts=(*PARTS, history_of(PARTS[0], "traits_sheet_history", after="character_history"),
                  history_of(PARTS[1], "feature_history")),
    roll_ids=RollIds(result_lists={"bids": "features"}, gone=("conflict",)),
    # Its shared tiles, what it has on its way and what waits show its own rows, and its rolls.
    reads=reads(*apps.get_app_config("traits").get_models(), Roll))
