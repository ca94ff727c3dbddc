from django.urls import include, path

from ability import views

action_patterns = [
    path("new/", views.action_new, name="ability_action_new"),
    path("odds/", views.action_odds, name="ability_action_odds"),
    path("quick/", views.quick, name="ability_quick"),
    path("dangerous/", views.dangerous, name="ability_dangerous"),
    path("<int:action_id>/", views.action, name="ability_action"),
    path("<int:action_id>/direct/", views.action_direct, name="ability_direct"),
    path("<int:action_id>/help/", views.action_help, name="ability_help"),
    path("<int:action_id>/roll/", views.action_roll, name="ability_roll"),
    path("<int:action_id>/withdraw/", views.action_withdraw, name="ability_withdraw"),
]

sheet_patterns = [
    path("<int:character_id>/skills/", views.skill_add, name="ability_skill_add"),
    path("<int:character_id>/skills/die/", views.skill_die, name="ability_skill_die"),
    path("<int:character_id>/skills/remove/", views.skill_remove, name="ability_skill_remove"),
    path("<int:character_id>/boosts/", views.boost_add, name="ability_boost_add"),
    path("<int:character_id>/boosts/remove/", views.boost_remove, name="ability_boost_remove"),
    path("<int:character_id>/gear/", views.gear, name="ability_gear"),
    path("<int:character_id>/grit/", views.grit, name="ability_grit"),
]

urlpatterns = [  # under c/<campaign>/ (config/urls.py, through the system's registration)
    path("actions/", include(action_patterns)),
    path("characters/", include(sheet_patterns)),
]
