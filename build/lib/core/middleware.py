from django.utils.cache import patch_cache_control
from django_htmx.http import push_url


class FragmentsKeepTheAddress:
    """A boosted form or link inside a panel is answered with a fragment that replaces the panel
    (core/templatetags/panels.py); htmx would still push the form's URL into the address bar,
    so that a reload would GET a POST-only URL. A boosted request answered with a whole page
    (a navigation) keeps htmx's behaviour."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        htmx = getattr(request, "htmx", None)
        if (htmx and htmx.boosted and "HX-Push-Url" not in response
                and not getattr(response, "streaming", False)
                and not response.content[:64].lstrip().lower().startswith(b"<!doctype")):
            push_url(response, False)
        return response


class PrivatePages:
    """A page made for a logged-in user is theirs alone: no shared cache may keep it, and no
    browser may keep it after they leave it (the back button after logging out asks again)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        # The header first: "taking a breath" (core/away.py) has one, and asks for no user.
        if not response.has_header("Cache-Control") and request.user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response
