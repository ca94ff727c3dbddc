"""The coin flip's registration as a dice system (core/systems.py): no model of its own, its
flips logged as shared rolls of its own kind."""

from campaign.templatetags.navigation import shared_tabs
from core.systems import DiceSystem, LoggedKind, SystemSite
from tests.toy import demo, views

SITE = SystemSite(
    system=DiceSystem("toy", "Coin flip", "none: heads or tails"), demo=demo.load,
    sheet=views.sheet, start_roll="toy_flip", ready_characters=True, tabs=shared_tabs,
    table_tile="toy/toy.html#tile", dashboard_tile="toy/toy.html#tile", log_actions="toy/toy.html#log-actions",
    on_its_way="toy/toy.html#on-its-way", context=lambda membership: {}, waiting=views.waiting,
    console_top="toy/toy.html#console-top",
    kinds=(LoggedKind("flip", "Coin flip", action=True),), outcomes=(("heads", "Heads"), ("tails", "Tails")),
    roll_page=views.roll_page, roll_line="toy/toy.html#roll-line", roll_tile="toy/toy.html#last-roll",
    urls="tests.toy.urls")
