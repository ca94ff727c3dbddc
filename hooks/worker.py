"""The worker: posts what waits in the outbox (hooks/outbox.py), once, in order.

Each webhook's deliveries are posted one at a time in id order: a delivery waits for every earlier
one of its webhook to be posted or given up, so a receiver reads a campaign's events in the order
they happened, and a rate limit or a receiver that is down holds back only its own webhook.

A worker claims a delivery for ``LEASE`` (one UPDATE that only one worker wins, on PostgreSQL and
SQLite alike), posts it, and marks it sent, due again later, or failed. A worker that dies holding
a claim leaves it to the next worker once the lease ends: no delivery is lost, and none is posted
twice unless the worker died between the receiver's answer and its note of it
(docs/webhooks.md)."""

import hashlib
import hmac
import json
import logging
import time
from collections.abc import Callable
from datetime import timedelta

from django.db import DatabaseError, close_old_connections
from django.db.models import F, Min, Q
from django.utils import timezone

from hooks.addresses import Answer, post
from hooks.models import Channel, Delivery, Webhook

logger = logging.getLogger(__name__)

LEASE = timedelta(seconds=60)
"""Far longer than a post may take (hooks/addresses.py ``TIMEOUT``)."""
MOST_ATTEMPTS = 12
"""Posts of one delivery that find its receiver down (5xx, no answer) before it is given up:
about a day of backing off."""
LONGEST_WAIT = 3600
GONE = (401, 403, 404)
"""Answers that mean the address no longer works: its webhook stops until the GM saves a new one."""


def backoff(attempts: int) -> timedelta:
    """5 s, 15 s, 45 s... up to an hour between posts to a receiver that is down."""
    return timedelta(seconds=min(5 * 3 ** (attempts - 1), LONGEST_WAIT))


def sign(secret: str, timestamp: str, body: bytes) -> str:
    """The JSON webhook's signature: HMAC-SHA256 of ``<timestamp>.<body>`` with its secret."""
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


def send(delivery: Delivery) -> Answer:
    hook = delivery.webhook
    body = json.dumps(delivery.payload, ensure_ascii=False, separators=(",", ":")).encode()
    if hook.channel != Channel.JSON:
        return post(hook.address, body)
    timestamp = str(int(time.time()))
    return post(hook.address, body, discord=False, headers={
        "X-Charge-Delivery": str(delivery.pk), "X-Charge-Timestamp": timestamp,
        "X-Charge-Signature": sign(hook.secret, timestamp, body)})


def due(now) -> list[int]:
    """The first waiting delivery of each working webhook, when it is due and no worker holds it."""
    firsts = (Delivery.objects.filter(sent_at=None, failed_at=None, webhook__stopped="")
              .values("webhook_id").annotate(first=Min("id")).values_list("first", flat=True))
    return list(Delivery.objects.filter(pk__in=list(firsts), due_at__lte=now)
                .filter(Q(claimed_until=None) | Q(claimed_until__lt=now)).order_by("pk").values_list("pk", flat=True))


def claim(pk: int, now) -> bool:
    """Whether this worker won the delivery: one statement, so two workers never both do."""
    return bool(Delivery.objects.filter(pk=pk, sent_at=None, failed_at=None)
                .filter(Q(claimed_until=None) | Q(claimed_until__lt=now)).update(claimed_until=now + LEASE))


def noted(delivery: Delivery, answer: Answer) -> None:
    """What the answer means for the delivery (and its webhook). Rows are updated, not saved: a
    delivery posted is no change of the campaign's screens (campaign/live.py)."""
    now = timezone.now()
    rows = Delivery.objects.filter(pk=delivery.pk)
    said = {"status": answer.status or None, "answer": answer.said[:300], "claimed_until": None}
    if answer.delivered:
        rows.update(sent_at=now, attempts=F("attempts") + 1, **said)
    elif answer.status == 429:  # a rate limit: not the receiver's fault, not counted
        rows.update(due_at=now + timedelta(seconds=min(max(answer.retry_after or 1, 0), LONGEST_WAIT)), **said)
    elif 400 <= answer.status < 500:
        rows.update(failed_at=now, attempts=F("attempts") + 1, **said)
        if answer.status in GONE:
            Webhook.objects.filter(pk=delivery.webhook_id).update(stopped=f"{answer.status}")
    else:  # 5xx, a redirect, or no answer: later
        attempts = delivery.attempts + 1
        if attempts >= MOST_ATTEMPTS:
            rows.update(failed_at=now, attempts=attempts, **said)
        else:
            rows.update(due_at=now + backoff(attempts), attempts=attempts, **said)
    logger.info("Webhook %s, delivery %s: %s", delivery.webhook_id, delivery.pk, answer.status or "no answer")


def deliver_due(now=None) -> int:
    """Post every delivery that is due now (one per webhook); how many were posted."""
    now = now or timezone.now()
    posted = 0
    for pk in due(now):
        if claim(pk, now):
            delivery = Delivery.objects.select_related("webhook").get(pk=pk)
            noted(delivery, send(delivery))
            posted += 1
    return posted


def run(stop: Callable[[], bool], pause: float = 1.0) -> None:
    """Deliver until ``stop()``; while nothing is due, look again every ``pause`` seconds. A
    database that is away is waited for."""
    while not stop():
        try:
            posted = deliver_due()
        except DatabaseError as error:
            logger.warning("The outbox could not be read: %s", type(error).__name__)
            close_old_connections()
            posted = 0
        if not posted:
            time.sleep(pause)
