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
]
