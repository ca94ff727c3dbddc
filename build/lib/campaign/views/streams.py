"""The live stream: server-sent events that tell a campaign page each new version the moment it
is committed (campaign/push.py). On a newer one the page asks for its live panels, exactly as
after a poll, so what a viewer may see is decided where it always was; the stream says only a number.

It needs an ASGI server (``make run`` and ``make serve`` use uvicorn): a WSGI server would hold
a thread per open page, so there it is refused with 204 and the page polls instead."""

import asyncio

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_safe

from campaign import push
from campaign.live import live_version

HEARTBEAT = 15
"""Seconds between two events when nothing changes: proxies close quiet connections, and the
page takes a silence of more than twice this as a lost stream (static/js/app.js)."""
RETRY_MS = 2000


def _event(name: str, version: int) -> bytes:
    return f"event: {name}\ndata: {version}\n\n".encode()


def _version_for(campaign_id, user_id) -> int | None:
    """The version if the user is still a member, without keeping a database connection open
    for as long as the stream lasts."""
    try:
        return live_version(campaign_id, user_id)
    finally:
        connection.close()


async def _events(campaign_id, user_id):
    """``version`` first (the page may have missed a change since it was rendered), then at each
    newer version heard. At each heartbeat the version is read again, and told if it is not the
    one last told, lower too (a bump this process could not hear: another worker, Redis away; a
    version heard that was never this campaign's); else ``alive``, which asks the page for nothing."""
    loop = asyncio.get_running_loop()
    with push.hub.listening(campaign_id) as bumps:
        # Read once listening, so that no bump falls between the reading and the listening; and
        # in the request's own thread, where the middleware that ran after the view may have
        # taken a connection: it goes back to the pool now, not when the stream ends.
        told = await sync_to_async(_version_for)(campaign_id, user_id)
        if told is None:
            return
        yield f"retry: {RETRY_MS}\n".encode() + _event("version", told)
        check_at = loop.time() + HEARTBEAT
        while True:
            try:
                heard = await asyncio.wait_for(bumps.get(), max(0.0, check_at - loop.time()))
                while not bumps.empty():  # several bumps at once are told as the last
                    heard = bumps.get_nowait()
            except TimeoutError:
                check_at = loop.time() + HEARTBEAT
                version = await sync_to_async(_version_for, thread_sensitive=False)(campaign_id, user_id)
                if version is None:  # no longer a member: nothing more to tell them
                    return
                yield _event("alive" if version == told else "version", version)
                told = version
            else:
                if heard > told:
                    told = heard
                    yield _event("version", heard)


@login_required
@require_safe
async def stream(request, campaign_id):
    user = await request.auser()
    asgi = isinstance(request, ASGIRequest)
    # Under ASGI, in the request's own thread, where the login was read: its connection goes
    # back now, not when the stream ends.
    member = await sync_to_async(_version_for if asgi else live_version)(campaign_id, user.pk) is not None
    if not member:
        raise Http404("Not a member")
    if not asgi:
        return HttpResponse(status=204)  # the page polls
    push.subscribe()
    response = StreamingHttpResponse(_events(campaign_id, user.pk), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-store, private"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
