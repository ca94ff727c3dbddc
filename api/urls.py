from django.urls import path

from api import views
from api.endpoints import ENDPOINTS, read_only

# Under api/ (config/urls.py): the schema, then each endpoint as api/endpoints.py declares it.
urlpatterns = [
    path("openapi.json", views.openapi_schema, name="api_schema"),
    *(path("v1/" + endpoint.route, read_only(endpoint.view), name=endpoint.name) for endpoint in ENDPOINTS),
]
