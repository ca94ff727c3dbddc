from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from accounts.forms import SignupForm
from accounts.languages import chosen
from accounts.mail import send_verification
from accounts.models import Account
from campaign import actions
from campaign.models import Campaign
from core.posted import local_url
from core.refused import Refused


@login_required
@require_safe
def ping(request):
    """A logged-in "still here": for monitoring, and the floor that benchmarks compare pages to."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def favicon(request):
    """Browsers ask for /favicon.ico whatever the page says; the icon is a static SVG."""
    return redirect(static("favicon.svg"), permanent=True)


AXE_RUN = {"version": "4.14.1", "pages": 292, "visits": 876, "violations": 0,
           "state_pages": 30, "state_visits": 90, "state_violations": 0}
"""The accessibility suite's last run (tests/e2e/test_accessibility.py), as the statement says it:
the pages walked (as the GM, a player, no one and the table screen), each visited three times;
and the live panels' other states (tests/e2e/test_accessibility_states.py), each page at three sizes."""


@require_safe
def accessibility(request):
    """The accessibility statement: what is tested, and what is known to be missing."""
    return render(request, "accessibility.html", {"axe": AXE_RUN})


@require_safe
def home(request):
    campaigns = []
    if request.user.is_authenticated:
        campaigns = Campaign.objects.filter(memberships__user=request.user, archived_at__isnull=True).order_by("-created_at")
    return render(request, "campaign/home.html", {"campaigns": campaigns})


def _invitation_token(next_url) -> str:
    """The token of the invitation link that "next" is, or ""."""
    try:
        match = resolve(urlsplit(next_url).path) if next_url else None
    except Resolver404:
        return ""
    return match.kwargs["token"] if match and match.url_name == "join" else ""


@require_http_methods(["GET", "POST"])
def signup(request):
    """A new account; with an email address, its verification link is sent at once. Signing up from
    an invitation link joins the campaign there and then, and opens its new character page."""
    next_url = local_url(request, request.POST.get("next") or request.GET.get("next"))
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            Account.objects.create(user=user, language=chosen(request))
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        landing = next_url or "home"
        if token := _invitation_token(next_url):
            try:
                campaign = actions.accept_invitation(token, user)
            except Refused as refused:
                messages.error(request, _("Your account is ready, but the invitation link did not work: %(reason)s")
                               % {"reason": refused})
                landing = "home"
            else:
                messages.success(request, _("Welcome to %(campaign)s, %(username)s! Make your character.")
                                 % {"campaign": campaign, "username": user.username})
                landing = reverse("character_create", args=[campaign.pk])
        else:
            messages.success(request, _("Welcome, %(username)s. Your account is ready.") % {"username": user.username})
        _verification_sent(request, user)  # said after the welcome
        return redirect(landing)
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


def _verification_sent(request, user):
    if user.email and not send_verification(request, user):
        messages.warning(request, _("The email to verify your address could not be sent. "
                                    "Ask for it again from Your account."))
    elif user.email:
        messages.info(request, _("Open the link we sent to %(email)s to verify your address.")
                      % {"email": user.email})
