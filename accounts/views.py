from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import LanguageForm
from accounts.languages import chosen, remember
from accounts.models import Account
from core.posted import local_url

ONE_YEAR = 365 * 24 * 3600


def _came_from(request) -> str:
    """The page of this site the menu's link was followed from: where to go back to."""
    came = urlsplit(request.META.get("HTTP_REFERER", ""))
    if came.netloc != request.get_host() or came.path == request.path:
        return ""
    return urlunsplit(("", "", came.path, came.query, ""))


@require_http_methods(["GET", "POST"])
def language(request):
    """Choose the language of the site: saved on the account (and so on every device logged in
    after), or for someone not logged in, in a cookie of this browser."""
    next_url = local_url(request, request.POST.get("next") or request.GET.get("next") or _came_from(request))
    form = LanguageForm(request.POST or None, initial={"language": chosen(request)})
    if request.method == "POST" and form.is_valid():
        code = form.cleaned_data["language"]
        if request.user.is_authenticated:
            Account.objects.update_or_create(user=request.user, defaults={"language": code})
            remember(request, code)
        translation.activate(code or translation.get_language_from_request(request))
        messages.success(request, _("The site is now in %(language)s.")
                         % {"language": translation.get_language_info(translation.get_language())["name_local"]})
        response = redirect(next_url or "language")
        if code:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, code, max_age=ONE_YEAR, samesite="Lax",
                                secure=request.is_secure())
        else:
            response.delete_cookie(settings.LANGUAGE_COOKIE_NAME, samesite="Lax")
        return response
    return render(request, "accounts/language.html", {"form": form, "next": next_url})
