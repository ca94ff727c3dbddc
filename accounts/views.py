from urllib.parse import urlsplit, urlunsplit

from axes.helpers import get_client_ip_address
from axes.models import AccessLog
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import urlsafe_base64_decode
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.data import personal_data
from accounts.forms import EmailForm, LanguageForm, PasswordConfirmed, ResetRequestForm
from accounts.languages import chosen, remember
from accounts.mail import send_verification
from accounts.models import Account, verified_email
from accounts.throttle import over_limit
from accounts.tokens import email_verification_tokens
from api.models import AccessToken
from campaign.actions import remove_member
from campaign.models import Membership, Role
from core.posted import local_url
from core.refused import Refused

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


def account_page(request, email_form=None, status=200, **shown):
    """The account page; ``shown``: a token just made, on the one answer that shows it (api/views.py)."""
    return render(request, "accounts/account.html", {
        "verified": verified_email(request.user),
        "email_form": email_form or EmailForm(request.user, initial={"email": request.user.email}),
        "access_tokens": AccessToken.objects.filter(user=request.user),
        **shown,
    }, status=status)


@login_required
@require_safe
def account(request):
    """Your account: the email address and its state, and everything one does with an account."""
    return account_page(request)


@login_required
@require_POST
def email_change(request):
    """A new email address: unverified until the link just sent to it is opened."""
    form = EmailForm(request.user, request.POST)
    if not form.is_valid():
        return account_page(request, form, status=400)
    if form.cleaned_data["email"].lower() == verified_email(request.user).lower():
        messages.info(request, _("That is already your address, verified."))
        return redirect("account")
    request.user.email = form.cleaned_data["email"]
    request.user.save(update_fields=["email"])
    if send_verification(request, request.user):
        messages.success(request, _("Your email address is saved. Open the link we sent to %(email)s to verify it.")
                         % {"email": request.user.email})
    else:
        messages.warning(request, _("Your email address is saved, but the email with its link could not be sent. "
                                    "Try again later."))
    return redirect("account")


@login_required
@require_POST
def email_resend(request):
    """The verification link again (a limited number of times: it goes to someone's mailbox)."""
    if not request.user.email or verified_email(request.user):
        return redirect("account")
    if over_limit(f"verify:{request.user.pk}"):
        return render(request, "accounts/throttled.html", status=429)
    if send_verification(request, request.user):
        messages.success(request, _("We sent a new link to %(email)s.") % {"email": request.user.email})
    else:
        messages.warning(request, _("The email could not be sent. Try again later."))
    return redirect("account")


def _user_of(uidb64):
    try:
        return get_user_model().objects.filter(pk=int(urlsafe_base64_decode(uidb64))).first()
    except (TypeError, ValueError, OverflowError):
        return None


@require_http_methods(["GET", "POST"])
def email_verify(request, uidb64, token):
    """The link from the verification email: a page with one button, so that a mail scanner that
    opens links does not spend it. An expired, used or damaged link changes nothing."""
    user = _user_of(uidb64)
    if user is None or not email_verification_tokens.check_token(user, token):
        return render(request, "accounts/verify.html", {"refused": True}, status=410)
    if request.method == "POST":
        Account.objects.update_or_create(user=user, defaults={"verified_email": user.email})
        messages.success(request, _("Your email address %(email)s is verified.") % {"email": user.email})
        return redirect("account" if request.user.pk == user.pk else "login")
    return render(request, "accounts/verify.html", {"email": user.email})


@require_http_methods(["GET", "POST"])
def password_reset(request):
    """Django's "forgot your password", throttled per address and per email like the logins. The
    answer is the same whether the email is known, unverified or unknown, throttled or not."""
    if request.method == "POST":
        email = request.POST.get("email", "").strip().lower()
        if over_limit(f"reset-ip:{get_client_ip_address(request)}", f"reset-email:{email}"):
            return render(request, "accounts/throttled.html", status=429)
    return auth_views.PasswordResetView.as_view(
        form_class=ResetRequestForm, email_template_name="registration/password_reset_email.txt")(request)


@login_required
@require_safe
def data_download(request):
    """Everything the site holds about you, as one JSON file."""
    response = JsonResponse(personal_data(request.user), json_dumps_params={"indent": 1})
    name = f"{slugify(request.user.username) or 'account'}-data.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _sole_gm_of(user):
    """The campaigns this user is the only GM of: they need another GM, or to be deleted."""
    other_gms = Membership.objects.filter(campaign=OuterRef("campaign"), role=Role.GM).exclude(user=user)
    return [membership.campaign for membership in user.memberships.filter(role=Role.GM)
            .exclude(Exists(other_gms)).select_related("campaign").order_by("campaign__name")]


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request):
    """Delete the account after the password: the person leaves each campaign as a player leaves
    (the log says so; their characters stay, with no owner), then the account goes."""
    sole = _sole_gm_of(request.user)
    form = PasswordConfirmed(request.user, request.POST if request.method == "POST" else None)
    if request.method == "POST" and not sole and form.is_valid():
        try:
            _delete(request.user)
        except Refused as refused:  # a campaign refused the leaving (its other GM left meanwhile)
            messages.error(request, str(refused))
            return redirect("account_delete")
        logout(request)
        messages.success(request, _("Your account is deleted. Your characters stay with their campaigns."))
        return redirect("home")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/delete.html", {"form": form, "sole": sole}, status=status)


@transaction.atomic
def _delete(user):
    for membership in user.memberships.select_related("user"):
        remove_member(membership, membership)
    AccessLog.objects.filter(username=user.username).delete()  # when and from where they logged in
    user.delete()
