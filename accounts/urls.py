from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views
from api import views as api_views

# Under accounts/, beside the signup, login and password change that config/urls.py names.
urlpatterns = [
    path("", views.account, name="account"),
    path("email/", views.email_change, name="email_change"),
    path("email/again/", views.email_resend, name="email_resend"),
    path("email/<str:uidb64>/<str:token>/", views.email_verify, name="email_verify"),
    path("password/reset/", views.password_reset, name="password_reset"),
    path("password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("reset/<str:uidb64>/<str:token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("data/", views.data_download, name="account_data"),
    path("delete/", views.account_delete, name="account_delete"),
    path("tokens/", api_views.token_create, name="api_token_create"),
    path("tokens/<int:token_id>/revoke/", api_views.token_revoke, name="api_token_revoke"),
]
