"""Charge's registration as a dice system (core/systems.py)."""

from campaign.transfer import RollIds
from campaign.views.table import PLAY
from charge import characters, demo, history, sessions, stats
from charge.forms.recovery import RecoveryForm
from charge.kinds import KINDS, OUTCOMES
from charge.models import (
    FlashbackCall,
    HookDraw,
    Milestone,
    PendingRoll,
    Setup,
    Sheet,
    Spell,
    Threat,
)
from charge.navigation import charge_tabs
from charge.panels import console_roll, table_context
from charge.transfer import PARTS
from charge.views.consequences import roll_page
from charge.views.making import card as making_card
from charge.views.sheet import charge_sheet, sheet_context
from charge.views.waiting import charge_waiting
from core.rendered import reads
from core.systems import DiceSystem, Panel, SystemSite
from gamerules.characters import session_start_momentum
from gamerules.words import said
from rolls.models import Roll

PLAYED = (*PLAY, Sheet)
"""What every Charge panel shows of the campaign: its characters with their Charge sheets."""


def variant(campaign) -> str:
    """Charge names its ruleset: Charge, Quick Charge..."""
    return campaign.charge.system_name


def variant_and_wording(campaign) -> str:
    return campaign.charge.system_words


TABLE_PANELS = (
    Panel("table-spells", "charge/panels/table_spells.html", reads(*PLAYED, Spell), at="header"),
    Panel("table-threats", "charge/panels/table_threats.html", reads(*PLAYED, Threat), at="side"),
    Panel("table-hooks", "charge/panels/table_hooks.html", reads(*PLAYED, HookDraw), at="side"),
    # The market clock is the campaign's Setup: on record as its campaign.
    Panel("table-market", "charge/panels/table_market.html", reads(*PLAYED), at="side"),
)
"""Its Extras' panels on the table screen: what the players see of each."""
CONSOLE_PANELS = (
    # The first row: what is on its way, and the latest roll with its controls, declare nothing.
    Panel("console-roll", "charge/console.html"), Panel("console-pending", "charge/console.html"),
    Panel("console-threats", "charge/console.html", reads(*PLAYED, Threat)),
    Panel("console-market", "charge/panels/console_market.html", reads(*PLAYED), at="row"),
    Panel("console-magic", "charge/panels/console_magic.html", reads(*PLAYED), at="row"),
)
"""The GM's console: its first row's panels, and its Extras' cards."""


SITE = SystemSite(
    sheet_history=history.KEPT,
    demo=demo.load,
    system=DiceSystem("charge", said("Charge"), "charge-rpg-rulebook.md"),
    name=variant, about=variant_and_wording, actions=lambda campaign: campaign.charge.rules.action_names,
    words=lambda campaign: campaign.charge.own_words,
    kinds=KINDS, outcomes=OUTCOMES, sheet=charge_sheet, sheet_context=sheet_context, print_sheet="charge/print.html", start_roll="roll_new",
    table_tile="charge/tiles.html#table", dashboard_tile="charge/tiles.html#dashboard",
    log_actions="charge/rolls/log_actions.html", on_its_way="charge/table.html#on-its-way",
    context=table_context, waiting=charge_waiting, tabs=charge_tabs, roll_page=roll_page,
    console_top="charge/console.html#top", console_roll=console_roll,
    console_panels=CONSOLE_PANELS, table_panels=TABLE_PANELS, session_notes="charge/sessions.html", session_said=sessions.SAID, session_started=sessions.session_started,
    session_ended=sessions.session_ended, standings=sessions.standings, session_context=sessions.session_context,
    recap_noted=sessions.recap_noted, character_sheet=Sheet,
    roll_tile="charge/rolls/lines.html#last-roll", roll_line="charge/rolls/lines.html#roll-line",
    roll_recap="charge/rolls/lines.html#recap-roll", stats=stats.stats_context, stats_section="charge/stats.html#momentum",
    stats_title=stats.TITLE, stats_show=stats.SHOW,
    roll_columns={"risk": None, "effect": None, "consequence_rating": 0, "momentum": {}},
    roll_ids=RollIds(result_clocks=("progress",), result_links={"consequence": {"target": "characters", "clock": "clocks"}},
                     choice_clocks=("project",), choice_lists={"helpers": "characters", "talents": "talents"},
                     choice_maps={"magic": "spells"}, choice_rolls=("setup_from",), keyed={"momentum": "characters"}),
    gm_context=lambda campaign: {"recovery_form": RecoveryForm(campaign=campaign)},
    session_end="charge/recovery.html#session-end", urls="charge.urls", export_parts=PARTS,
    setup=Setup, session_momentum=lambda campaign: session_start_momentum(campaign.charge.rules),
    clock_sizes=lambda campaign: campaign.charge.rules.clock_sizes,
    new_character=characters.new_character, sheet_texts=characters.sheet_texts,
    creation_note="charge/creation.html",
    # "Making a Compelling Campaign": a new campaign starts with its walk; the dashboard shows how far it is.
    first_page="making_setting", dashboard_card="charge/making/card.html", dashboard_card_context=making_card,
    # Its tiles show the characters' momentum and stress; what is on its way, its rolls on their way
    # and the consequences they await (their threats among them), its flashbacks called.
    reads=reads(FlashbackCall, Milestone, PendingRoll, Roll, Sheet, Threat))
