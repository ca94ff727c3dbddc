"""Every event reaches its receiver once, in order, through 429s, 500s and a worker that dies
in the middle; a receiver that says the webhook is gone stops it, and the GM reads why."""

import hashlib
import hmac
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from campaign.actions import end_session, start_session
from campaign.models import Membership
from clocks.actions import change_clock
from hooks import worker
from hooks.models import Channel, Delivery, Webhook
from hooks.outbox import SESSION_ENDED, X_CARD
from safety.actions import tap_x_card
from tests.factories import ClockFactory, RollFactory
from tests.hooks.conftest import TOKENS


def gm(table) -> Membership:
    return Membership.objects.get(campaign=table.campaign, user=table.gm)


def player(table) -> Membership:
    return Membership.objects.get(campaign=table.campaign, user=table.player)


def play(table) -> list[str]:
    """A few moments of play: a roll, a clock ticked to full, the X-card, the session's end and
    the next's start. What each posts to the table's channel, as its title says, in order."""
    clock = ClockFactory(campaign=table.campaign, name="The guards come", size=4, filled=2)
    RollFactory(campaign=table.campaign, character=table.character, goal="Climb the wall", dice=[6], outcome="full",
                pool_size=1)
    change_clock(gm(table), clock.pk, amount=2)
    tap_x_card(player(table))
    end_session(gm(table), table.session)
    start_session(gm(table), 2)
    return ["Ada: Climb the wall", "The guards come is full!",
            X_CARD, SESSION_ENDED % {"number": 1}, "Session 2 started."]


def titles(posts) -> list[str]:
    return [post.data["embeds"][0]["title"] for post in posts]


def test_every_event_arrives_once_in_order_through_429_500_and_a_worker_restart(table, hooked):
    expected = play(table)
    table_path = TOKENS[Channel.TABLE]
    hooked.answer(table_path, (429, {"message": "You are being rate limited.", "retry_after": 0.2, "global": False}),
                  (500, {}))
    now = timezone.now()
    # The first worker: a 429 (due again in 0.2 s), then a 500 (again in 5 s): nothing taken yet.
    worker.deliver_due(now)
    worker.deliver_due(now + timedelta(seconds=1))
    assert hooked.at(table_path) == []
    # Posted at last: the first two events, one at a time, in order.
    worker.deliver_due(now + timedelta(seconds=10))
    worker.deliver_due(now + timedelta(seconds=11))
    # The first worker dies holding the third: claimed, never noted.
    third = worker.due(now + timedelta(seconds=12))
    third = next(pk for pk in third if Delivery.objects.get(pk=pk).webhook.channel == Channel.TABLE)
    assert worker.claim(third, now + timedelta(seconds=12))
    assert third not in worker.due(now + timedelta(seconds=13))  # held: no other worker takes it meanwhile
    # A new worker, once the dead one's lease is over, takes up where it stopped.
    later = now + timedelta(seconds=12) + worker.LEASE + timedelta(seconds=1)
    for step in range(10):
        worker.deliver_due(later + timedelta(seconds=step))
    taken = hooked.at(table_path)
    assert titles(taken) == expected  # each once, in the order played
    assert not Delivery.objects.filter(sent_at=None).exists()
    assert [post.headers["answered"] for post in hooked.posts if post.path == table_path][:2] == ["429", "500"]


def test_a_delivery_is_posted_once_and_in_id_order_per_webhook(table, hooked):
    play(table)
    for step in range(10):
        worker.deliver_due(timezone.now() + timedelta(seconds=step))
    for path in TOKENS.values():
        ids = [post.headers.get("X-Charge-Delivery") for post in hooked.at(path)]
        bodies = [post.body for post in hooked.at(path)]
        assert len(bodies) == len(set(bodies))  # none twice
    sent = Delivery.objects.order_by("sent_at", "pk").values_list("webhook_id", "pk")
    for hook in Webhook.objects.all():
        mine = [pk for hook_id, pk in sent if hook_id == hook.pk]
        assert mine == sorted(mine)
    assert ids == sorted(ids, key=int)  # the JSON webhook's, last path walked


def test_a_change_rolled_back_posts_nothing(table, hooked):
    clock = ClockFactory(campaign=table.campaign, name="The guards come", size=4, filled=0)
    before = Delivery.objects.count()

    def ticked_then_failed():
        with transaction.atomic():
            change_clock(gm(table), clock.pk, amount=1)
            raise RuntimeError

    with pytest.raises(RuntimeError):
        ticked_then_failed()
    assert Delivery.objects.count() == before


def test_the_json_webhook_is_signed_with_its_secret(table, hooked):
    tap_x_card(player(table))
    worker.deliver_due()
    (post,) = hooked.at(TOKENS[Channel.JSON])
    signed = hmac.new(b"s3cret", post.headers["X-Charge-Timestamp"].encode() + b"." + post.body, hashlib.sha256)
    assert post.headers["X-Charge-Signature"] == "sha256=" + signed.hexdigest()
    assert post.data["kind"] == "x_card" and post.data["campaign"]["name"] == table.campaign.name


def test_discord_saying_404_stops_the_webhook_and_the_gm_reads_why(table, hooked):
    hooked.answer(TOKENS[Channel.TABLE], (404, {"message": "Unknown Webhook", "code": 10015}))
    tap_x_card(player(table))
    end_session(gm(table), table.session)
    worker.deliver_due()
    worker.deliver_due()
    hook = Webhook.objects.get(channel=Channel.TABLE)
    assert hook.stopped == "404"
    assert Delivery.objects.filter(webhook=hook, sent_at=None, failed_at=None).count() == 1  # waits for a new address
    page = table.client("gm").get(reverse("connections", args=[table.campaign.pk])).text
    assert "Discord said 404: the webhook was deleted." in page
    assert TOKENS[Channel.TABLE] not in page


def test_a_receiver_that_stays_down_is_given_up_after_its_attempts(table, hooked):
    hooked.answer(TOKENS[Channel.TABLE], *[(500, {})] * worker.MOST_ATTEMPTS)
    tap_x_card(player(table))
    at = timezone.now()
    for _ in range(worker.MOST_ATTEMPTS):
        at += timedelta(hours=2)
        worker.deliver_due(at)
    delivery = Delivery.objects.get(webhook__channel=Channel.TABLE)
    assert delivery.failed_at and delivery.attempts == worker.MOST_ATTEMPTS and delivery.status == 500


def test_the_worker_loop_and_its_command(table, hooked, monkeypatch):
    tap_x_card(player(table))
    passes = []
    monkeypatch.setattr(worker.time, "sleep", lambda seconds: None)
    worker.run(lambda: passes.append(1) or len(passes) > 2, pause=0)
    assert len(hooked.at(TOKENS[Channel.TABLE])) == 1
    end_session(gm(table), table.session)
    call_command("deliver", "--once")
    assert len(hooked.at(TOKENS[Channel.TABLE])) == 2
    assert json.loads(hooked.at(TOKENS[Channel.TABLE])[1].body)["allowed_mentions"] == {"parse": []}


def test_a_receiver_that_cannot_be_reached_is_tried_again_and_the_gm_reads_why(table):
    Webhook.objects.create(campaign=table.campaign, channel=Channel.TABLE, address="http://127.0.0.1:9/api/webhooks/1/x",
                           kinds=["x_card"])
    tap_x_card(player(table))
    worker.deliver_due()
    delivery = Delivery.objects.get()
    assert delivery.sent_at is None and delivery.failed_at is None and delivery.attempts == 1
    page = table.client("gm").get(reverse("connections", args=[table.campaign.pk])).text
    assert "Discord could not be reached: could not connect. (trying again)" in page


def test_an_event_that_cannot_be_told_never_fails_the_change(table, hooked, monkeypatch):
    from hooks import outbox

    def broken(*args):
        raise ValueError("a template that breaks")

    monkeypatch.setattr(outbox, "told_change", broken)
    clock = ClockFactory(campaign=table.campaign, name="The guards come", size=4, filled=0)
    assert change_clock(gm(table), clock.pk, amount=1) is not None
    clock.refresh_from_db()
    assert clock.filled == 1 and not Delivery.objects.filter(kind="clocks").exists()
