"""Advantage & Threat's registration as a dice system (core/systems.py)."""

from django.apps import apps

from advantage import demo, history, models, views
from advantage.kinds import KINDS, OUTCOMES
from campaign.templatetags.navigation import shared_tabs
from campaign.transfer import Part, RollIds, history_of
from core.rendered import reads
from core.systems import DiceSystem, SystemSite
from gamerules.words import said
from rolls.models import Roll

PARTS = (
    Part("advantage_sheets", models.Sheet, "character__campaign", {"character_id": "characters"}),
    Part("advantage_skills", models.Skill, "character__campaign", {"character_id": "characters"}),
    Part("expertise", models.Expertise, "skill__character__campaign", {"skill_id": "advantage_skills"}),
    Part("jobs", models.Job, "campaign"),
    Part("flaws", models.Flaw, "character__campaign", {"character_id": "characters", "invoked_in_id": "jobs"}),
    Part("gear", models.Gear, "character__campaign", {"character_id": "characters"}),
    Part("gear_features", models.GearFeature, "gear__character__campaign", {"gear_id": "gear"}),
    Part("conditions", models.Condition, "character__campaign", {"character_id": "characters"}),
    Part("wounds", models.Wound, "character__campaign", {"character_id": "characters"}),
    Part("advantage_threats", models.Threat, "campaign"),
    Part("advantage_crew", models.Crew, "campaign", {"status_id": "clocks", "hostility_id": "clocks"}, after="clocks", new=True))
PART = {part.key: part for part in PARTS}

SITE = SystemSite(
    sheet_history=history.KEPT,
    demo=demo.load,
    system=DiceSystem("advantage", said("Advantage & Threat"), "system-advantage-and-threat.md"),
    sheet=views.sheet, sheet_context=views.sheet_context, print_sheet="advantage/print.html", start_roll="advantage_check_new",
    table_tile="advantage/tiles.html#table", dashboard_tile="advantage/tiles.html#dashboard",
    log_actions="advantage/tiles.html#log-actions", on_its_way="advantage/check.html#on-its-way",
    context=views.checks_context, waiting=views.waiting, tabs=shared_tabs,
    kinds=KINDS, outcomes=OUTCOMES, roll_page=views.roll_page,
    roll_tile="advantage/tiles.html#last-roll", roll_line="advantage/tiles.html#roll-line",
    ready_characters=True, console_top="advantage/tiles.html#console-top",
    urls="advantage.urls",
    # The sheet, its skills and expertise, flaws, gear, conditions, wounds; the GM's jobs and threats,
    # and the crew's two clocks.
    # A check's roll names the clock it worked on and the one it marked.
    export_parts=(*PARTS, history_of(PART["advantage_sheets"], "advantage_sheet_history", after="character_history"),
                  *(history_of(PART[key], f"{name}_history") for key, name in (
                      ("advantage_skills", "advantage_skill"), ("flaws", "flaw"), ("gear", "gear"),
                      ("conditions", "condition"), ("wounds", "wound")))),
    roll_ids=RollIds(result_clocks=("marked",), choice_clocks=("works_on",), gone=("check",)),
    # Its shared tiles, what it has on its way and what waits show its own rows, and its rolls.
    reads=reads(*apps.get_app_config("advantage").get_models(), Roll))
