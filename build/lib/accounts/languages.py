"""Which language a page is in: the one the person chose (saved on their account, carried in
their session), else the one their browser asks for (Accept-Language), else English. The table
screen may be in the campaign's own language instead (campaign/views/table.py). URLs never change
with the language."""

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers

SESSION_KEY = "language"


def chosen(request) -> str:
    """The language this person chose, or "" if they have not."""
    session = getattr(request, "session", None)
    if session is not None and (code := session.get(SESSION_KEY)) in dict(settings.LANGUAGES):
        return code
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return code if code in dict(settings.LANGUAGES) else ""


def remember(request, code: str) -> None:
    """This session reads the site in ``code`` ("": as the browser asks) from now on."""
    if code:
        request.session[SESSION_KEY] = code
    else:
        request.session.pop(SESSION_KEY, None)


class ChosenLanguage:
    """Activates the page's language for the request (after the session and the user are known)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        code = chosen(request) or translation.get_language_from_request(request)
        # For this request only: the thread answers someone else next, in their language.
        with translation.override(code):
            request.LANGUAGE_CODE = translation.get_language()
            response = self.get_response(request)
            response.headers.setdefault("Content-Language", translation.get_language())
        patch_vary_headers(response, ("Accept-Language",))
        return response
