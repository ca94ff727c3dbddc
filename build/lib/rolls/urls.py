from django.urls import path

from rolls import views

urlpatterns = [
    path("", views.roll_log, name="rolls"),
    path("new/", views.roll_new, name="roll_new"),
    path("stats/", views.roll_stats, name="roll_stats"),
    path("on-its-way/<int:pending_id>/", views.roll_pending, name="roll_pending"),
    path("on-its-way/<int:pending_id>/odds/", views.roll_odds, name="roll_odds"),
    path("on-its-way/<int:pending_id>/set/", views.roll_set, name="roll_set"),
    path("on-its-way/<int:pending_id>/withdraw/", views.roll_withdraw, name="roll_withdraw"),
    path("fortune/", views.roll_fortune, name="roll_fortune"),
    path("fortune/odds/", views.fortune_odds, name="fortune_odds"),
    path("determination/", views.roll_determination, name="roll_determination"),
    path("determination/odds/", views.determination_odds, name="determination_odds"),
    path("flashback/", views.roll_flashback, name="roll_flashback"),
    path("loot/", views.roll_loot, name="roll_loot"),
    path("loot/odds/", views.loot_odds, name="loot_odds"),
    path("market/", views.roll_market, name="roll_market"),
    path("goal/<int:goal_id>/<str:mode>/", views.roll_goal, name="roll_goal"),
    path("threats/", views.threat_add, name="threat_add"),
    path("threats/<int:threat_id>/clear/", views.threat_clear, name="threat_clear"),
    path("<int:roll_id>/", views.roll_detail, name="roll"),
    path("<int:roll_id>/progress/", views.roll_progress, name="roll_progress"),
    path("<int:roll_id>/consequence/", views.roll_consequence, name="roll_consequence"),
    path("<int:roll_id>/accept/", views.roll_accept, name="roll_accept"),
    path("<int:roll_id>/resist/", views.roll_resist, name="roll_resist"),
    path("<int:roll_id>/protect/", views.roll_protect, name="roll_protect"),
    path("<int:roll_id>/break/", views.roll_break, name="roll_break"),
    path("<int:roll_id>/setup/", views.roll_setup, name="roll_setup"),
]
