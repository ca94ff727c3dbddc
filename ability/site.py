"""Ability vs Difficulty's registration as a dice system (core/systems.py)."""

from ability import demo, views
from campaign.templatetags.navigation import shared_tabs
from core.systems import SystemSite
from gamerules.systems import DiceSystem
from rolls.models import RollKind

SITE = SystemSite(
    demo=demo.load,
    system=DiceSystem.ABILITY, sheet=views.sheet, start_roll="ability_action_new",
    table_tile="ability/tiles.html#table", dashboard_tile="ability/tiles.html#dashboard",
    log_actions="ability/tiles.html#log-actions", on_its_way="ability/action.html#on-its-way",
    context=views.actions_context, waiting=views.waiting, tabs=shared_tabs,
    roll_kinds=(RollKind.ABILITY.value, RollKind.QUICK.value), roll_page=views.roll_page,
    roll_tile="ability/tiles.html#last-roll", roll_line="ability/tiles.html#roll-line",
    ready_characters=True, console_top="ability/tiles.html#console-top",
    urls="ability.urls")
