"""Charge's own pages, under c/<campaign>/ (config/urls.py); every other system's campaigns answer
them with 404 (charge/site.py)."""

from django.urls import path  # noqa: F401 (each section below adds its pages)

from charge.views import consequences, on_its_way, other_rolls, threats, wizard

urlpatterns = [
    # Rolls: the action roll, rolls on their way, consequences, threats, the other rolls.
    path("rolls/new/", wizard.roll_new, name="roll_new"),
    path("rolls/on-its-way/<int:pending_id>/", wizard.roll_pending, name="roll_pending"),
    path("rolls/on-its-way/<int:pending_id>/odds/", wizard.roll_odds, name="roll_odds"),
    path("rolls/on-its-way/<int:pending_id>/set/", on_its_way.roll_set, name="roll_set"),
    path("rolls/on-its-way/<int:pending_id>/withdraw/", on_its_way.roll_withdraw, name="roll_withdraw"),
    path("rolls/fortune/", other_rolls.roll_fortune, name="roll_fortune"),
    path("rolls/fortune/odds/", other_rolls.fortune_odds, name="fortune_odds"),
    path("rolls/determination/", other_rolls.roll_determination, name="roll_determination"),
    path("rolls/determination/odds/", other_rolls.determination_odds, name="determination_odds"),
    path("rolls/flashback/", other_rolls.roll_flashback, name="roll_flashback"),
    path("rolls/loot/", other_rolls.roll_loot, name="roll_loot"),
    path("rolls/loot/odds/", other_rolls.loot_odds, name="loot_odds"),
    path("rolls/market/", other_rolls.roll_market, name="roll_market"),
    path("rolls/goal/<int:goal_id>/<str:mode>/", other_rolls.roll_goal, name="roll_goal"),
    path("rolls/threats/", threats.threat_add, name="threat_add"),
    path("rolls/threats/<int:threat_id>/clear/", threats.threat_clear, name="threat_clear"),
    path("rolls/<int:roll_id>/progress/", consequences.roll_progress, name="roll_progress"),
    path("rolls/<int:roll_id>/consequence/", consequences.roll_consequence, name="roll_consequence"),
    path("rolls/<int:roll_id>/accept/", consequences.roll_accept, name="roll_accept"),
    path("rolls/<int:roll_id>/resist/", consequences.roll_resist, name="roll_resist"),
    path("rolls/<int:roll_id>/protect/", consequences.roll_protect, name="roll_protect"),
    path("rolls/<int:roll_id>/break/", consequences.roll_break, name="roll_break"),
    path("rolls/<int:roll_id>/setup/", consequences.roll_setup, name="roll_setup"),
    # The sheet: a character's numbers, talents, ties, attachments, goals, spells, playbooks.
    # The campaign's Extras and bookkeeping: party, world tables, resources, market, dials, milestones.
]
