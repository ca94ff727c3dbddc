from django.urls import path

from tests.toy import views

urlpatterns = [  # under c/<campaign>/ (config/urls.py, through the system's registration)
    path("flip/", views.flip, name="toy_flip"),
]
