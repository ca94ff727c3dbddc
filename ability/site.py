"""Ability vs Difficulty's registration as a dice system (core/systems.py)."""

from django.apps import apps

from ability import demo, history, views
from ability.kinds import KINDS, OUTCOMES
from ability.models import Boost, Sheet, Skill
from campaign.templatetags.navigation import shared_tabs
from campaign.transfer import Part, RollIds, history_of
from core.rendered import reads
from core.systems import DiceSystem, SystemSite
from gamerules.words import said
from rolls.models import Roll

PARTS = (Part("ability_sheets", Sheet, "character__campaign", {"character_id": "characters"}),
         Part("skills", Skill, "character__campaign", {"character_id": "characters"}),
         Part("boosts", Boost, "character__campaign", {"character_id": "characters"}, added={"benefit": ""}))

SITE = SystemSite(
    sheet_history=history.KEPT,
    demo=demo.load,
    system=DiceSystem("ability", said("Ability vs Difficulty"), "system-ability-vs-difficulty.md"),
    sheet=views.sheet, sheet_context=views.sheet_context, print_sheet="ability/print.html", start_roll="ability_action_new",
    table_tile="ability/tiles.html#table", dashboard_tile="ability/tiles.html#dashboard",
    log_actions="ability/tiles.html#log-actions", on_its_way="ability/action.html#on-its-way",
    context=views.actions_context, waiting=views.waiting, tabs=shared_tabs,
    kinds=KINDS, outcomes=OUTCOMES, roll_page=views.roll_page,
    roll_tile="ability/tiles.html#last-roll", roll_line="ability/tiles.html#roll-line",
    ready_characters=True, console_top="ability/tiles.html#console-top",
    urls="ability.urls",
    # A sheet's grit and gear, its skills and boosts; an action roll names the clock it ticked.
    export_parts=(*PARTS, history_of(PARTS[0], "ability_sheet_history", after="character_history"),
                  history_of(PARTS[1], "skill_history"), history_of(PARTS[2], "boost_history")),
    roll_ids=RollIds(result_clocks=("ticked",), gone=("ability_action", "helps")),
    # Its shared tiles, what it has on its way and what waits show its own rows, and its rolls.
    reads=reads(*apps.get_app_config("ability").get_models(), Roll))
