"""The live stream: server-sent events that tell a campaign page each new version the moment it
is committed (campaign/push.py), and bring the page's live panels as they now are.

A page opens its stream with its own address and the names of its live panels (``at``,
``panels``). At each newer version the stream asks the page for those panels exactly as the page
itself would (``<at>?panels=<names>``, through the site's own request handler, as its viewer:
core/htmx.py ``page``) and sends the answer (``panels``), so the screen makes no request for an
ordinary change and what a viewer may see is decided where it always was. An answer that is not
panels (a redirect, a 404, a 503, one that sets a cookie) is told as the bare version
(``version``): the page then asks itself, as it does after a poll, with one request. A page that gave no panels is told versions.

It needs an ASGI server (``make run`` and ``make serve`` use uvicorn): a WSGI server would hold
a thread per open page, so there it is refused with 204 and the page polls instead."""

import asyncio
import logging
import re
from dataclasses import dataclass
from functools import cache
from http.cookies import SimpleCookie
from io import BytesIO
from urllib.parse import urlencode

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.urls import Resolver404, resolve
from django.views.decorators.http import require_safe

from campaign import push
from campaign.live import live_version, live_versions
from core import rendered
from core.htmx import READS_HEADER

logger = logging.getLogger(__name__)

HEARTBEAT = 15
"""Seconds between two events when nothing changes: proxies close quiet connections, and the
page takes a silence of more than twice this as a lost stream (static/js/app.js)."""
GATHERED = 1.0
"""Seconds by which a heartbeat may come early, so that the streams due within them are read
together: one thread and one cache read a second for all of a process's streams."""
RETRY_MS = 2000
NAMES = re.compile(r"[\w-]{1,40}(?:,[\w-]{1,40}){0,30}")
"""A page's live panels, as it names them (static/js/app.js): what ``?panels=`` takes."""


def _event(name: str, version: int) -> bytes:
    return f"event: {name}\ndata: {version}\n\n".encode()


def _panels_event(version: int, answer: bytes) -> bytes:
    """The version, then the panels' HTML: one ``data:`` line each (SSE ends a line at CR, LF or both)."""
    lines = [str(version), *answer.decode().replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    return ("event: panels\n" + "".join(f"data: {line}\n" for line in lines) + "\n").encode()


def _pushed(request, campaign_id) -> tuple[str, str] | None:
    """The page and the panels this stream brings: those the page gave, if its address is one of
    this campaign's pages; else None (the stream tells versions only)."""
    at, names = request.GET.get("at", ""), request.GET.get("panels", "")
    if not at.startswith("/") or not NAMES.fullmatch(names):
        return None
    try:
        match = resolve(at)
    except Resolver404:
        return None
    return (at, names) if match.kwargs.get("campaign_id") == campaign_id and match.url_name != "live_stream" else None


@cache
def _handler() -> WSGIHandler:
    return WSGIHandler()


def _asked_as_the_page(meta: dict, scheme: str, at: str, names: str) -> tuple[bytes, frozenset[str] | None] | None:
    """The page's answer to ``<at>?panels=<names>``, asked with the stream's own cookies and
    headers (its viewer, language and CSRF cookie) through the whole site's middleware, as the
    page's own request would be, and the models its panels show (None: not declared); None if it
    is not panels (the page then asks itself)."""
    environ = {name: value for name, value in meta.items() if isinstance(value, str)}
    environ.update({"REQUEST_METHOD": "GET", "PATH_INFO": at, "SCRIPT_NAME": "", "HTTP_HX_REQUEST": "true", "HTTP_LIVE_READS": "?",
                    "QUERY_STRING": urlencode({"panels": names}, safe=","), "CONTENT_LENGTH": "0",
                    "wsgi.input": BytesIO(), "wsgi.url_scheme": scheme})
    environ.pop("HTTP_ACCEPT", None)
    status = []
    response = _handler()(environ, lambda said, headers, *_: status.append((said, headers)))
    try:
        answer = b"".join(response)
    finally:
        response.close()  # request_finished: its database connection goes back
    said, headers = status[0]
    named = {name.lower(): value for name, value in headers}
    if not said.startswith("200") or "hx-redirect" in named or _new_cookies(meta, headers):
        return None
    shown = named.get(READS_HEADER.lower())
    return answer, None if shown is None else frozenset(shown.split())


def _new_cookies(meta: dict, headers) -> bool:
    """Whether an answer sets a cookie to something the page does not hold (a message to show
    next, a new session): that cannot travel in an event, so the page asks, and gets it. A cookie
    sent again as it is (Django renews the CSRF cookie's expiry with each form) is no news."""
    held = SimpleCookie(meta.get("HTTP_COOKIE", ""))
    for name, value in headers:
        if name.lower() == "set-cookie":
            for key, morsel in SimpleCookie(value).items():
                if key not in held or held[key].value != morsel.value:
                    return True
    return False


def _version_for(campaign_id, user_id) -> int | None:
    """The version if the user is still a member, without keeping a database connection open
    for as long as the stream lasts."""
    try:
        return live_version(campaign_id, user_id)
    finally:
        connection.close()


def _versions_for(members) -> dict[tuple[int, int], int | None]:
    try:
        return live_versions(members)
    finally:
        connection.close()


@dataclass(frozen=True)
class Beat:
    """A stream's heartbeat: the campaign's version as read for its viewer (None: not a member)."""

    version: int | None


_beating: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}
"""Each event loop's heartbeat, held here (asyncio keeps only a weak reference to a task)."""


def _keep_beating() -> None:
    loop = asyncio.get_running_loop()
    if loop not in _beating:
        _beating[loop] = loop.create_task(_beat(loop))


async def _beat(loop) -> None:
    """The heartbeats of this loop's streams, for as long as one is open: the streams due one
    within ``GATHERED`` of each other read their versions together. A reading that fails ends
    the streams it was for, as it would have ended each alone (the page polls, then opens again)."""
    try:
        while (due_at := push.hub.next_beat(loop)) is not None:
            await asyncio.sleep(max(0.0, due_at - loop.time()))
            if not (due := push.hub.beats(loop, loop.time(), min(GATHERED, HEARTBEAT / 10))):
                continue
            try:
                versions = await sync_to_async(_versions_for, thread_sensitive=False)(
                    {(campaign_id, viewer) for campaign_id, viewer, _ in due})
            except Exception:  # the cache and the database both away
                logger.warning("Heartbeats could not read the campaigns' versions", exc_info=True)
                versions = {}
            for campaign_id, viewer, queue in due:
                queue.put_nowait(Beat(versions.get((campaign_id, viewer))))
    finally:
        _beating.pop(loop, None)


async def _events(campaign_id, user_id, brought=None, opened=None):
    """``version`` first (the page may have missed a change since it was rendered), then at each
    newer version heard. At each heartbeat the version is read again, and told if it is not the
    one last told, lower too (a bump this process could not hear: another worker, Redis away; a
    version heard that was never this campaign's); else ``alive``, which asks the page for nothing.
    ``brought``: makes the event that tells a newer version (the page's panels); ``opened``:
    awaited with the first version told, once it is sent."""

    async def told_as(version):
        if brought is not None and (event := await brought(version)) is not None:
            return event
        return _event("version", version)

    with push.hub.listening(campaign_id, user_id, HEARTBEAT) as heard:
        # Read once listening, so that no bump falls between the reading and the listening; and
        # in the request's own thread, where the middleware that ran after the view may have
        # taken a connection: it goes back to the pool now, not when the stream ends.
        told = await sync_to_async(_version_for)(campaign_id, user_id)
        if told is None:
            return
        yield f"retry: {RETRY_MS}\n".encode() + _event("version", told)
        _keep_beating()
        if opened is not None:
            await opened(told)
        beat = None
        while True:
            news, beat = beat or await heard.get(), None
            if isinstance(news, Beat):
                if news.version is None:  # no longer a member: nothing more to tell them
                    return
                yield _event("alive", news.version) if news.version == told else await told_as(news.version)
                told = news.version
                continue
            while not heard.empty():  # several bumps at once are told as the last
                if isinstance(later := heard.get_nowait(), Beat):
                    beat = later
                    break
                news = later
            if news > told:
                told = news
                yield await told_as(news)


async def _untouched(campaign_id, shown, since, to) -> bool:
    """``rendered.untouched``, from the changes this process heard when it heard all of them."""
    if since is not None and (heard := push.hub.heard(campaign_id, since, to)) is not None:
        return rendered.untouched_by(shown, heard)
    return await sync_to_async(rendered.untouched, thread_sensitive=False)(campaign_id, shown, since, to)


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
    brought = opened = None
    if (pushed := _pushed(request, campaign_id)) is not None:
        meta, scheme = dict(request.META), request.scheme
        last = {"at": None, "shown": None}  # the version the panels were last brought at, and what they show

        async def brought(version):
            if last["shown"] is not None and await _untouched(campaign_id, last["shown"], last["at"], version):
                # No change since touched what the panels show: the page has them as they are.
                last["at"] = version
                return _panels_event(version, b"")
            answer = await sync_to_async(_asked_as_the_page, thread_sensitive=False)(meta, scheme, *pushed)
            if answer is None:
                last["shown"] = None
                return None
            last["at"], last["shown"] = version, answer[1]
            return _panels_event(version, answer[0])

        async def opened(version):
            # What the panels show, learnt as the stream opens (the page's own kept panels answer
            # it), so that the first change that touches none of it costs no request either. The
            # page holds its panels at this version at least: it asks itself if it was drawn earlier.
            if (answer := await sync_to_async(_asked_as_the_page, thread_sensitive=False)(meta, scheme, *pushed)):
                last["at"], last["shown"] = version, answer[1]
    response = StreamingHttpResponse(_events(campaign_id, user.pk, brought, brought and opened),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-store, private"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
