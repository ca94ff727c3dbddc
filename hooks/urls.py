from django.urls import path

from hooks import views

# Under c/<campaign_id>/connections/ (config/urls.py).
urlpatterns = [
    path("", views.connections, name="connections"),
    path("<str:channel>/", views.connection_save, name="connection_save"),
    path("<str:channel>/remove/", views.connection_remove, name="connection_remove"),
]
