from django.urls import include, path

from advantage import views

check_patterns = [
    path("new/", views.check_new, name="advantage_check_new"),
    path("<int:check_id>/", views.check, name="advantage_check"),
    path("<int:check_id>/factor/", views.factor, name="advantage_factor"),
    path("<int:check_id>/factor/remove/", views.factor_remove, name="advantage_factor_remove"),
    path("<int:check_id>/confirm/", views.check_confirm, name="advantage_confirm"),
    path("<int:check_id>/roll/", views.check_roll, name="advantage_roll"),
    path("<int:check_id>/spend/", views.check_spend, name="advantage_spend"),
    path("<int:check_id>/done/", views.check_done, name="advantage_done"),
    path("<int:check_id>/withdraw/", views.check_withdraw, name="advantage_withdraw"),
    path("threats/", views.threat_add, name="advantage_threat_add"),
    path("threats/<int:foe_id>/", views.threat_change, name="advantage_threat_change"),
    path("threats/<int:foe_id>/remove/", views.threat_remove, name="advantage_threat_remove"),
    path("job/start/", views.job_start, name="advantage_job_start"),
    path("job/end/", views.job_end, name="advantage_job_end"),
    path("crew/", views.crew_clocks, name="advantage_crew_clocks"),
    path("rolled/<int:roll_id>/crew/", views.crew_tick, name="advantage_crew_tick"),
]

sheet_patterns = [
    path("<int:character_id>/skills/ranked/", views.skill_add, name="advantage_skill_add"),
    path("<int:character_id>/skills/rank/", views.rank, name="advantage_rank"),
    path("<int:character_id>/expertise/", views.expertise_add, name="advantage_expertise_add"),
    path("<int:character_id>/kit/", views.entry_add, name="advantage_entry_add"),
    path("<int:character_id>/kit/feature/", views.feature_add, name="advantage_feature_add"),
    path("<int:character_id>/kit/remove/", views.entry_remove, name="advantage_entry_remove"),
    path("<int:character_id>/drive/", views.drive, name="advantage_drive"),
    path("<int:character_id>/trauma/", views.trauma, name="advantage_trauma"),
    path("<int:character_id>/trauma/heal/", views.heal, name="advantage_heal"),
    path("<int:character_id>/ap/", views.ap_spend, name="advantage_ap_spend"),
    path("<int:character_id>/ap/set/", views.ap_set, name="advantage_ap_set"),
    path("<int:character_id>/ap/advance/", views.ap_advance, name="advantage_ap_advance"),
    path("<int:character_id>/adrenaline/", views.adrenaline, name="advantage_adrenaline"),
]

urlpatterns = [  # under c/<campaign>/ (config/urls.py, through the system's registration)
    path("checks/", include(check_patterns)),
    path("characters/", include(sheet_patterns)),
]
