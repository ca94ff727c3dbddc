from django.urls import path

from clocks import views

urlpatterns = [
    path("", views.clock_list, name="clocks"),
    path("panel/", views.clock_panel, name="clock_panel"),
    path("new/", views.clock_create, name="clock_create"),
    path("<int:clock_id>/", views.clock_detail, name="clock"),
    path("<int:clock_id>/edit/", views.clock_edit, name="clock_edit"),
    path("<int:clock_id>/tick/", views.clock_tick, name="clock_tick"),
    path("<int:clock_id>/reset/", views.clock_reset, name="clock_reset"),
    path("<int:clock_id>/archive/", views.clock_archive, name="clock_archive"),
    path("<int:clock_id>/changes/<int:change_id>/undo/", views.clock_undo, name="clock_undo"),
]
