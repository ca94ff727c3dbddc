"""A GM connects, changes and disconnects a campaign's webhooks, and sends a test."""

import json
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.models import Membership
from core.refused import Refused
from hooks.addresses import NO_CONNECTION, TIMED_OUT, Answer, checked, post
from hooks.models import Channel, Kind, Webhook
from hooks.outbox import Told, discord, plain
from hooks.worker import sign


@transaction.atomic
def connect(gm: Membership, channel: str, address: str, kinds: list[str]) -> tuple[Webhook, str]:
    """Save the channel's address (blank: keep the one saved) and the kinds posted to it; the
    webhook and, for a new JSON webhook, its secret, which only this answer shows."""
    hook = Webhook.objects.select_for_update().filter(campaign=gm.campaign, channel=channel).first()
    if address.strip() or hook is None:
        address = checked(address, discord=channel != Channel.JSON)
    kinds = [kind for kind in Kind.values if kind in kinds]
    if hook is None:
        secret = secrets.token_urlsafe(32) if channel == Channel.JSON else ""
        return Webhook.objects.create(campaign=gm.campaign, channel=channel, address=address, secret=secret,
                                      kinds=kinds), secret
    if address.strip():
        hook.address, hook.stopped = address, ""  # a new address: posting starts again
    hook.kinds = kinds
    hook.save()
    return hook, ""


@transaction.atomic
def disconnect(gm: Membership, channel: str) -> None:
    """The webhook and what still waited for it are gone; nothing more is posted there."""
    Webhook.objects.filter(campaign=gm.campaign, channel=channel).delete()


def send_test(gm: Membership, channel: str, address: str) -> Answer:
    """Post a test message now, to the pasted address or the one saved; nothing is kept."""
    hook = Webhook.objects.filter(campaign=gm.campaign, channel=channel).first()
    if not address.strip():
        if hook is None:
            raise Refused(_("Paste the webhook's address first."))
        address = hook.address
    address = checked(address, discord=channel != Channel.JSON)
    told = Told("test", _("A test from %(campaign)s") % {"campaign": gm.campaign.name},
                _("If you read this here, the campaign's events will be posted here."))
    now = timezone.now()
    if channel != Channel.JSON:
        return post(address, json.dumps(discord(told, now)).encode())
    body = json.dumps(plain(told, gm.campaign, now)).encode()
    stamp = str(int(now.timestamp()))
    return post(address, body, discord=False, headers={
        "X-Charge-Delivery": "test", "X-Charge-Timestamp": stamp,
        "X-Charge-Signature": sign(hook.secret if hook else "", stamp, body)})


def answer_said(channel: str, status: int | None, said: str = "") -> str:
    """What a receiver's answer means, for the GM."""
    who = _("Discord") if channel != Channel.JSON else _("The webhook")
    if status is None or status == 0:
        why = _(said) if said in (TIMED_OUT, NO_CONNECTION) else said or _("no answer")
        return _("%(who)s could not be reached: %(why)s.") % {"who": who, "why": why}
    if 200 <= status < 300:
        return _("%(who)s said %(status)s: posted.") % {"who": who, "status": status}
    meaning = {404: _("the webhook was deleted"), 401: _("the address's token is not accepted"),
               403: _("the address's token is not accepted"), 429: _("too many posts, waiting as asked")}.get(status)
    if meaning is None:
        meaning = _("trying again later") if status >= 500 else (said or _("the post was refused"))
    return _("%(who)s said %(status)s: %(meaning)s.") % {"who": who, "status": status, "meaning": meaning}
