"""The account page's tokens (made, listed, revoked) and the API's schema."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from accounts.views import account_page
from api import tokens
from api.schema import openapi
from core.keys import once
from core.refused import Refused


@login_required
@require_POST
def token_create(request):
    """A new token, shown on this answer only: it is never kept, so never shown again (a reload
    of this answer makes no second one: the form's key did its write)."""
    try:
        made = once(request, lambda: tokens.make_token(request.user, request.POST.get("name", "")))
    except Refused as refusal:
        messages.error(request, str(refusal))
        return redirect("account")
    if made is None:
        messages.info(request, _("That token was made already and shown once. If you did not copy it, revoke it "
                                 "and make another."))
        return redirect("account")
    token, shown = made
    return account_page(request, new_token=shown, new_token_name=token.name)


@login_required
@require_POST
def token_revoke(request, token_id):
    tokens.revoke(request.user, token_id)
    messages.success(request, _("That token no longer works."))
    return redirect("account")


@require_safe
def openapi_schema(request):
    """Public: it says how to ask, nothing of anyone's campaigns."""
    return JsonResponse(openapi(), json_dumps_params={"indent": 1})
