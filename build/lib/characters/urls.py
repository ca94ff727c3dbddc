from django.urls import path

from characters import views

urlpatterns = [
    path("new/", views.character_create, name="character_create"),
    path("<int:character_id>/", views.character_sheet, name="character"),
    path("<int:character_id>/print/", views.character_print, name="character_print"),
    path("<int:character_id>/history/", views.character_history, name="character_history"),
    path("<int:character_id>/history/<int:history_id>/restore/", views.character_restore,
         name="character_restore"),
    path("<int:character_id>/text/<str:field>/", views.character_text, name="character_text"),
    path("<int:character_id>/dots/", views.character_dots, name="character_dots"),
    path("<int:character_id>/finish/", views.character_finish, name="character_finish"),
    path("<int:character_id>/momentum/", views.character_momentum, name="character_momentum"),
    path("<int:character_id>/stress/", views.character_stress, name="character_stress"),
    path("<int:character_id>/money/", views.character_money, name="character_money"),
    path("<int:character_id>/back/", views.character_back, name="character_back"),
    path("<int:character_id>/hardened/", views.character_hardened, name="character_hardened"),
    path("<int:character_id>/bow-out/", views.character_bow_out, name="character_bow_out"),
    path("<int:character_id>/talents/<int:slot>/", views.character_talent, name="character_talent"),
    path("<int:character_id>/ties/", views.character_tie, name="character_tie"),
    path("<int:character_id>/ties/<int:tie_id>/delete/", views.character_tie_delete,
         name="character_tie_delete"),
    path("<int:character_id>/clocks/", views.character_clock, name="character_clock"),
    path("<int:character_id>/recover/", views.character_recovery, name="recovery"),
    path("<int:character_id>/assist/", views.character_assist, name="character_assist"),
    path("<int:character_id>/escalation/", views.character_escalation, name="character_escalation"),
    path("<int:character_id>/assets/", views.character_asset, name="character_asset"),
    path("<int:character_id>/attachments/", views.character_attachment, name="character_attachment"),
    path("<int:character_id>/goals/", views.character_goal, name="character_goal"),
    path("<int:character_id>/spells/", views.character_spell, name="character_spell"),
]

playbook_patterns = [
    path("", views.playbook_list, name="playbooks"),
    path("new/", views.playbook_edit, name="playbook_create"),
    path("<int:playbook_id>/", views.playbook_edit, name="playbook_edit"),
]
