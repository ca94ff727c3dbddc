"""Charge's registration as a dice system (core/systems.py)."""

from charge import demo
from charge.forms.recovery import RecoveryForm
from charge.navigation import charge_tabs
from charge.panels import pending_context
from charge.views.consequences import roll_page
from charge.views.sheet import charge_sheet
from charge.views.waiting import charge_waiting
from core.systems import SystemSite
from gamerules.systems import DiceSystem

SITE = SystemSite(
    demo=demo.load,
    system=DiceSystem.CHARGE, sheet=charge_sheet, start_roll="roll_new",
    table_tile="charge/tiles.html#table", dashboard_tile="charge/tiles.html#dashboard",
    log_actions="charge/rolls/log_actions.html", on_its_way="charge/table.html#on-its-way",
    context=pending_context, waiting=charge_waiting, tabs=charge_tabs, roll_page=roll_page,
    console_top="charge/console.html#top",
    console_panels=("console-roll", "console-pending", "console-threats"), session_bookkeeping=True,
    gm_context=lambda campaign: {"recovery_form": RecoveryForm(campaign=campaign)},
    session_end="charge/recovery.html#session-end", url_names=frozenset({
        "call_for_roll", "market_tick", "new_day", "milestone_award", "recovery", "dials",
        "character_asset", "character_assist", "character_attachment", "character_back", "character_bow_out",
        "character_clock", "character_dots", "character_escalation", "character_finish", "character_goal",
        "character_hardened", "character_momentum", "character_money", "character_print", "character_spell",
        "character_stress", "character_talent", "character_tie", "character_tie_delete",
        "roll_new", "roll_pending", "roll_odds", "roll_set", "roll_withdraw", "roll_fortune", "fortune_odds",
        "roll_determination", "determination_odds", "roll_flashback", "roll_loot", "loot_odds", "roll_market",
        "roll_progress", "roll_consequence", "roll_accept", "roll_resist", "roll_protect", "roll_break",
        "roll_setup", "roll_goal", "threat_add", "threat_clear",
        "party", "party_detail", "party_detail_shift", "party_detail_track", "party_detail_remove",
        "party_clock_clear", "resources", "resource_define", "resource_pool", "resource_recap", "resource_expire",
        "world", "world_table", "world_draw", "world_reveal", "world_mission",
        "playbooks", "playbook_create", "playbook_edit"}))
