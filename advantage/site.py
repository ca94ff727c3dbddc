"""Advantage & Threat's registration as a dice system (core/systems.py)."""

from advantage import demo, views
from campaign.templatetags.navigation import shared_tabs
from core.systems import SystemSite
from gamerules.systems import DiceSystem
from rolls.models import RollKind

SITE = SystemSite(
    demo=demo.load,
    system=DiceSystem.ADVANTAGE, sheet=views.sheet, start_roll="advantage_check_new",
    table_tile="advantage/tiles.html#table", dashboard_tile="advantage/tiles.html#dashboard",
    log_actions="advantage/tiles.html#log-actions", on_its_way="advantage/check.html#on-its-way",
    context=views.checks_context, waiting=views.waiting, tabs=shared_tabs,
    roll_kinds=(RollKind.CHECK.value,), roll_page=views.roll_page,
    roll_tile="advantage/tiles.html#last-roll", roll_line="advantage/tiles.html#roll-line",
    ready_characters=True, console_top="advantage/tiles.html#console-top",
    urls="advantage.urls")
