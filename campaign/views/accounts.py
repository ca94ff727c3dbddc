from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from campaign.forms import SignupForm
from campaign.models import Campaign
from core.posted import local_url


@login_required
@require_safe
def ping(request):
    """A logged-in "still here": for monitoring, and the floor that benchmarks compare pages to."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def favicon(request):
    """Browsers ask for /favicon.ico whatever the page says; the icon is a static SVG."""
    return redirect(static("favicon.svg"), permanent=True)


@require_safe
def home(request):
    campaigns = []
    if request.user.is_authenticated:
        campaigns = Campaign.objects.filter(memberships__user=request.user).order_by("-created_at")
    return render(request, "campaign/home.html", {"campaigns": campaigns})


@require_http_methods(["GET", "POST"])
def signup(request):
    next_url = local_url(request, request.POST.get("next") or request.GET.get("next"))
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(username)s. Your account is ready.") % {"username": user.username})
        return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})
