from django.urls import include, path

from traits import views

conflict_patterns = [
    path("new/", views.conflict_new, name="conflict_new"),
    path("<int:conflict_id>/", views.conflict, name="conflict"),
    path("<int:conflict_id>/gm/", views.conflict_gm, name="conflict_gm"),
    path("<int:conflict_id>/roll/", views.conflict_roll, name="conflict_roll"),
    path("<int:conflict_id>/bid/", views.conflict_bid, name="conflict_bid"),
    path("<int:conflict_id>/resolve/", views.conflict_resolve, name="conflict_resolve"),
    path("<int:conflict_id>/damage/", views.conflict_damage, name="conflict_damage"),
    path("<int:conflict_id>/confirm/", views.conflict_confirm, name="conflict_confirm"),
    path("<int:conflict_id>/withdraw/", views.conflict_withdraw, name="conflict_withdraw"),
]

sheet_patterns = [
    path("<int:character_id>/stats/", views.stats_edit, name="traits_stats"),
    path("<int:character_id>/stat-list/", views.stat_list, name="traits_stat_list"),
    path("<int:character_id>/features/", views.feature_add, name="traits_feature_add"),
    path("<int:character_id>/features/remove/", views.feature_remove, name="traits_feature_remove"),
    path("<int:character_id>/pool/", views.pool_edit, name="traits_pool"),
    path("<int:character_id>/aftermath/", views.aftermath, name="traits_aftermath"),
]

urlpatterns = [  # under c/<campaign>/ (config/urls.py, through the system's registration)
    path("conflicts/", include(conflict_patterns)),
    path("characters/", include(sheet_patterns)),
]
