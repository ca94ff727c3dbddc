from django.urls import path

from rolls import views

urlpatterns = [
    path("", views.roll_log, name="rolls"),
    path("stats/", views.roll_stats, name="roll_stats"),
    path("<int:roll_id>/", views.roll_detail, name="roll"),
]
