from django.urls import path

from safety import views

# Ids travel in the posted form, not the path: one page, a handful of writes.
urlpatterns = [
    path("", views.safety, name="safety"),
    path("lines/", views.boundary_add, name="boundary_add"),
    path("lines/remove/", views.boundary_remove, name="boundary_remove"),
    path("x-card/", views.x_card, name="x_card"),
    path("x-card/dismiss/", views.x_card_dismiss, name="x_card_dismiss"),
    path("session-zero/", views.session_zero, name="session_zero"),
]
