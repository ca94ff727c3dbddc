from django.contrib.auth import views as auth_views
from django.urls import include, path

from campaign.views import accounts, campaigns, forces, members, sessions
from characters import views as character_views

C = "c/<int:campaign_id>/"

urlpatterns = [
    path("", accounts.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(redirect_authenticated_user=True),
         name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
    path("join/<str:token>/", members.join, name="join"),
    path("campaigns/", campaigns.campaign_list, name="campaigns"),
    path("campaigns/new/", campaigns.campaign_create, name="campaign_create"),
    path(C, campaigns.dashboard, name="campaign"),
    path(C + "live/", campaigns.live, name="live"),
    path(C + "clocks/", include("clocks.urls")),
    path(C + "characters/", include("characters.urls")),
    path(C + "rolls/", include("rolls.urls")),
    path(C + "playbooks/", character_views.playbook_list, name="playbooks"),
    path(C + "playbooks/new/", character_views.playbook_edit, name="playbook_create"),
    path(C + "playbooks/<int:playbook_id>/", character_views.playbook_edit, name="playbook_edit"),
    path(C + "edit/", campaigns.campaign_edit, name="campaign_edit"),
    path(C + "notes/", campaigns.gm_notes_edit, name="gm_notes"),
    path(C + "dials/", campaigns.dials_edit, name="dials"),
    path(C + "milestones/", campaigns.milestone_award, name="milestone_award"),
    path(C + "characters/<int:character_id>/recover/", campaigns.recovery, name="recovery"),
    path(C + "members/", members.members, name="members"),
    path(C + "members/<int:member_id>/role/", members.member_role, name="member_role"),
    path(C + "members/<int:member_id>/remove/", members.member_remove, name="member_remove"),
    path(C + "leave/", members.leave, name="leave"),
    path(C + "invitations/", members.invitation_create, name="invitation_create"),
    path(C + "invitations/<int:invitation_id>/revoke/", members.invitation_revoke,
         name="invitation_revoke"),
    path(C + "forces/", forces.force_list, name="forces"),
    path(C + "forces/new/", forces.force_create, name="force_create"),
    path(C + "forces/<int:force_id>/", forces.force_card, name="force"),
    path(C + "forces/<int:force_id>/edit/", forces.force_edit, name="force_edit"),
    path(C + "forces/<int:force_id>/reveal/", forces.force_reveal, name="force_reveal"),
    path(C + "forces/<int:force_id>/delete/", forces.force_delete, name="force_delete"),
    path(C + "sessions/", sessions.session_list, name="sessions"),
    path(C + "sessions/start/", sessions.session_start, name="session_start"),
    path(C + "sessions/<int:session_id>/", sessions.session_detail, name="session"),
    path(C + "sessions/<int:session_id>/log/", sessions.session_log, name="session_log"),
    path(C + "sessions/<int:session_id>/notes/", sessions.session_notes, name="session_notes"),
    path(C + "sessions/<int:session_id>/end/", sessions.session_end, name="session_end"),
]
