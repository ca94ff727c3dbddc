"""Charge's registration as a dice system (core/systems.py)."""

from charge import demo
from charge.forms.recovery import RecoveryForm
from charge.navigation import charge_tabs
from charge.panels import console_roll, table_context
from charge.views.consequences import roll_page
from charge.views.sheet import charge_sheet
from charge.views.waiting import charge_waiting
from core.rendered import reads
from core.systems import SystemSite
from gamerules.systems import DiceSystem
from rolls.models import PendingRoll, Roll, Threat

SITE = SystemSite(
    demo=demo.load,
    system=DiceSystem.CHARGE, sheet=charge_sheet, start_roll="roll_new",
    table_tile="charge/tiles.html#table", dashboard_tile="charge/tiles.html#dashboard",
    log_actions="charge/rolls/log_actions.html", on_its_way="charge/table.html#on-its-way",
    context=table_context, waiting=charge_waiting, tabs=charge_tabs, roll_page=roll_page,
    console_top="charge/console.html#top", console_roll=console_roll,
    console_panels=("console-roll", "console-pending", "console-threats"), session_bookkeeping=True,
    gm_context=lambda campaign: {"recovery_form": RecoveryForm(campaign=campaign)},
    session_end="charge/recovery.html#session-end", urls="charge.urls",
    # Its tiles show the characters' momentum and stress; what is on its way, its rolls on their way
    # and the consequences they await (their threats among them).
    reads=reads(PendingRoll, Roll, Threat))
