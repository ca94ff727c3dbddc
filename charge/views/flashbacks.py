"""Flashbacks ("Flashbacks"): a player calls one, the GM prices it on the console in one tap, the
player pays it or withdraws it on the flashback's own page, which follows the GM live."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaign.access import gm_membership_or_404, membership_or_404
from charge.actions import flashbacks
from charge.forms.other_rolls import FlashbackForm
from charge.models import FlashbackCall
from charge.panels import pending_context
from core.htmx import answer
from core.posted import whole_number
from core.refused import Refused, refusal_of
from gamerules.action_roll import flashback_costs
from rolls import playing
from rolls.models import new_key

PAGE = "charge/rolls/flashback.html"


def _call_or_none(membership, call_id) -> FlashbackCall | None:
    """A flashback on its way, for its character's player or a GM (another player: 404), or None
    once it is gone: paid or withdrawn."""
    call = FlashbackCall.objects.select_related("character").filter(campaign=membership.campaign, pk=call_id).first()
    if call is not None and not call.character.editable_by(membership):
        raise Http404("Another player's flashback")
    return call


def _gone(request, membership, key=None):
    """A flashback no longer on its way: its roll if this key paid it (a double tap), else the log."""
    made = membership.campaign.rolls.visible_to(membership).filter(idempotency_key=key or None).first()
    if made is None:
        messages.info(request, _("That flashback is no longer on its way: it was paid or withdrawn."))
    target = made.get_absolute_url() if made else reverse("rolls", args=[membership.campaign_id])
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


@login_required
@require_http_methods(["GET", "POST"])
def roll_flashback(request, campaign_id):
    """Call a flashback: the character and what they prepared; it goes on its way to the GM."""
    membership = membership_or_404(request, campaign_id)
    form = FlashbackForm(request.POST or None, membership=membership,
                         initial={"key": new_key(), "character": request.GET.get("character")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            called = flashbacks.call_flashback(membership, data["character"], data["note"], data["key"])
        except Refused as refusal:
            form.add_error(None, str(refusal))
        else:
            return playing.go(request, called.get_absolute_url())
    calls = [call for call, mine in pending_context(membership)["flashback_calls"] if mine]
    return render(request, PAGE, {"membership": membership, "campaign": membership.campaign, "form": form,
                                  "calls": calls})


@login_required
@require_http_methods(["GET"])
def flashback_call(request, campaign_id, call_id):
    """A flashback on its way, at its own address: waiting for the GM's price (live), then the
    price to pay or withdraw."""
    membership = membership_or_404(request, campaign_id)
    if (call := _call_or_none(membership, call_id)) is None:
        return _gone(request, membership)
    return _call_page(request, membership, call)


def _call_page(request, membership, call, error=""):
    character = call.character
    context = {"membership": membership, "campaign": membership.campaign, "call": call, "error": error,
               "short": call.is_set and call.cost > character.charge.momentum,
               "meaning": flashback_costs(membership.campaign.charge.rules.flashback_most).get(call.cost, "")}
    return render(request, f"{PAGE}#call" if request.htmx else PAGE, context)


@login_required
@require_POST
def flashback_pay(request, campaign_id, call_id):
    """Pay the GM's price: the momentum comes off the sheet and the flashback is logged."""
    membership = membership_or_404(request, campaign_id)
    key = request.POST.get("key", "")
    if (call := _call_or_none(membership, call_id)) is None:
        return _gone(request, membership, key)
    try:
        roll = flashbacks.pay_flashback(membership, call.pk, whole_number(request.POST.get("cost")), key)
    except Refused as refusal:
        if (call := _call_or_none(membership, call_id)) is None:
            return _gone(request, membership, key)
        return _call_page(request, membership, call, str(refusal))
    return playing.go(request, roll.get_absolute_url())


@login_required
@require_POST
def flashback_price(request, campaign_id, call_id):
    """The GM sets a flashback's price, from the console: one tap."""
    membership = gm_membership_or_404(request, campaign_id)
    cost = whole_number(request.POST.get("cost"))
    error = (refusal_of(lambda: flashbacks.price_flashback(membership, call_id, cost)) if cost is not None
             else _("Choose the flashback's price in momentum."))
    return answer(request, "charge/console.html#console-pending",
                  lambda: {"membership": membership, "campaign": membership.campaign,
                           **pending_context(membership)}, reverse("console", args=[campaign_id]), error)


@login_required
@require_POST
def flashback_withdraw(request, campaign_id, call_id):
    """Its player or a GM takes back a flashback on its way: nothing is paid."""
    membership = membership_or_404(request, campaign_id)
    if _call_or_none(membership, call_id) is None:
        return _gone(request, membership)
    try:
        call = flashbacks.withdraw_flashback(membership, call_id)
    except Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.info(request, _("%(name)s's flashback is withdrawn.") % {"name": call.character.name})
    back = "console" if membership.is_gm and request.POST.get("from") == "console" else "campaign"
    if request.htmx:
        return HttpResponseClientRedirect(reverse(back, args=[campaign_id]))
    return redirect(back, campaign_id)

