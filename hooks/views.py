"""The GM's connections page: Discord's two channels and a JSON webhook. Paste the address, send
a test, save. An address is never shown back once saved (only ``masked``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from campaign.access import gm_membership_or_404
from core.keys import once
from core.refused import Refused
from hooks import actions
from hooks.models import Channel, Delivery, Kind

SHOWN_FAILURES = 10


def _page(request, gm, status=200, **shown):
    """The page, with what one answer shows once: a test's answer and the pasted address it was
    sent to (so that Save needs no second paste), a new JSON webhook's secret."""
    hooks = {hook.channel: hook for hook in gm.campaign.webhooks.all()}
    channels = [{"value": value, "label": label, "hook": hooks.get(value),
                 "kinds": hooks[value].kinds if value in hooks else list(Kind.values),
                 "stopped": actions.answer_said(value, int(hooks[value].stopped))
                 if value in hooks and hooks[value].stopped.isdigit() else ""}
                for value, label in Channel.choices]
    for channel in channels:  # a refused or tested form keeps what was ticked
        if channel["value"] == shown.get("tried") and "pasted_kinds" in shown:
            channel["kinds"] = shown["pasted_kinds"]
    failures = [(delivery, actions.answer_said(delivery.webhook.channel, delivery.status, delivery.answer))
                for delivery in Delivery.objects.filter(campaign=gm.campaign, sent_at=None)
                .exclude(status=None, answer="").select_related("webhook").order_by("-pk")[:SHOWN_FAILURES]]
    return render(request, "hooks/connections.html", {
        "membership": gm, "campaign": gm.campaign, "channels": channels, "kinds": Kind.choices,
        "failures": failures, **shown}, status=status)


def _channel(channel: str) -> str:
    if channel not in Channel.values:
        raise Http404("No such channel")
    return channel


@login_required
@require_safe
def connections(request, campaign_id):
    return _page(request, gm_membership_or_404(request, campaign_id))


@login_required
@require_POST
def connection_save(request, campaign_id, channel):
    """``do=test`` posts a test to the pasted address and saves nothing; else the address and the
    kinds are saved (keyed: a double submit saves once)."""
    gm = gm_membership_or_404(request, campaign_id)
    channel = _channel(channel)
    address = request.POST.get("address", "")[:600]
    kinds = request.POST.getlist("kinds")
    if request.POST.get("do") == "test":
        try:
            answer = actions.send_test(gm, channel, address)
        except Refused as refusal:
            return _page(request, gm, 400, tried=channel, refused=str(refusal), pasted=address, pasted_kinds=kinds)
        return _page(request, gm, tried=channel, tested=actions.answer_said(channel, answer.status, answer.said),
                     worked=answer.delivered, pasted=address, pasted_kinds=kinds)
    try:
        made = once(request, lambda: actions.connect(gm, channel, address, kinds))
    except Refused as refusal:
        return _page(request, gm, 400, tried=channel, refused=str(refusal), pasted=address, pasted_kinds=kinds)
    if made and made[1]:  # a new JSON webhook: its secret, this once
        return _page(request, gm, tried=channel, secret=made[1])
    messages.success(request, _("Saved: the campaign's events will be posted there."))
    return redirect("connections", campaign_id)


@login_required
@require_POST
def connection_remove(request, campaign_id, channel):
    gm = gm_membership_or_404(request, campaign_id)
    channel = _channel(channel)
    once(request, lambda: actions.disconnect(gm, channel))
    messages.success(request, _("Disconnected: nothing more is posted there."))
    return redirect("connections", campaign_id)
