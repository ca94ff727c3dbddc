"""Render once: a campaign page's panel is rendered for the first screen of its audience that asks
for it and kept; the others are served that rendering. It is kept across changes of the campaign
too, as long as no change touched a table the request that rendered it read: a clock ticking
does not render the sheet's vitals again. So after a change each panel that shows it renders
once, and the rest of the page costs a cache read.

What a rendering depends on is recorded, not declared: each request notes the tables its queries
read and wrote (``TablesRead``), and each bump of a campaign's version records the tables its
request wrote (``record_change``; outside a request: not known). A rendering is served at a later
version only when every change since its own is on record and touched none of what it read;
anything unknown renders anew.

A page rendered for its audience keeps its live panels too, as they came out of it (each inline
partial hands its HTML over, with the tables read until then: core/templatetags/panels.py), so the
first change after a page opens renders only the panels that change touched."""

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from hashlib import sha1

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db import connection, transaction
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from core.cache import redis_away

KEPT_FOR = 600
"""Seconds a rendering, and the record of a change, are kept after their last use."""
RENDERING_WAIT = 1.0
"""Seconds a request waits for the same rendering that another request is making."""
CSRF_PLACEHOLDER = "csrf-token-of-the-request"
"""What a shared rendering carries where each viewer's own CSRF token goes."""
VERSION_PLACEHOLDER = "version-of-the-request"
"""What a kept rendering carries where the campaign's version goes (``live_version`` in its
context: its live poller's), so that a page served at a later version says that one."""
MOST_CHANGES = 50
"""Beyond this many changes since a rendering, it is rendered anew rather than checked."""
EVERY_TABLE = "*"
INLINE_PANELS = "_inline_panels"
"""The context variable in which a page rendering collects its inline partials: the HTML of each,
and the tables read until it was rendered."""

_TABLE = re.compile(r'\b(?:FROM|JOIN)\s+"?(\w+)"?', re.IGNORECASE)


@dataclass(frozen=True)
class Audience:
    """Whom a campaign page is rendered for. At one version of the campaign a panel looks the
    same to everyone in its audience (``name``: exactly what changes the panel, such as "gm", or
    whether the sheet is the viewer's own), so the first of them renders it and the others are
    served that rendering."""

    campaign_id: int
    version: int
    name: str

    def key(self, request, name: str, path: str | None = None, htmx: bool | None = None) -> str:
        """The rendering's key: ``path`` is what was asked for (by default, the request's path),
        ``htmx`` whether htmx asked (by default, whether it asked this request)."""
        htmx = bool(request.htmx) if htmx is None else htmx
        said = (self.campaign_id, name, path or request.get_full_path(), htmx, get_language())
        return f"rendered:{self.campaign_id}:{sha1(repr(said).encode()).hexdigest()}"


_WRITTEN = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)


class TablesRead:
    """Notes the database tables a request's queries read (``request.tables_read``: what its
    renderings depend on) and write (``written()``: what a change it makes touched, whether a
    model's signal says so or not, as with ``QuerySet.update``), and which of its committed
    writes no bump has put on record since (``unseen()``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.tables_read = read = set()
        connection.tables_written = wrote = set()
        connection.writes = writes = _Writes()

        def note(execute, sql, params, many, context):
            if found := _WRITTEN.match(sql):
                wrote.add(found.group(1))
                writes.made(found.group(1))
            else:
                read.update(_TABLE.findall(sql))
            return execute(sql, params, many, context)

        try:
            with connection.execute_wrapper(note):
                return self.get_response(request)
        finally:
            del connection.tables_written, connection.writes


class _Writes:
    """A request's writes in order, each counted once it is committed (a rolled-back one never
    is), and how many of them a bump has put on record."""

    def __init__(self):
        self.count, self.on_record, self.committed = 0, 0, []

    def made(self, table):
        self.count += 1
        if connection.in_atomic_block:
            transaction.on_commit(partial(self.committed.append, (self.count, table)))
        else:
            self.committed.append((self.count, table))

    def unseen(self) -> set[str]:
        return {table for number, table in self.committed if number > self.on_record}


def written() -> set[str] | None:
    """The tables the current request has written so far; None outside a request (not known)."""
    return getattr(connection, "tables_written", None)


def on_record() -> None:
    """A bump has just recorded ``written()``: every write so far is on record."""
    if (writes := getattr(connection, "writes", None)) is not None:
        writes.on_record = writes.count


def unseen() -> set[str]:
    """The tables of the current request's committed writes that no bump has put on record."""
    writes = getattr(connection, "writes", None)
    return writes.unseen() if writes is not None else set()


def _change_key(campaign_id: int, version: int) -> str:
    return f"changed:{campaign_id}:{version}"


def record_change(campaign_id: int, version: int, tables) -> None:
    """The tables written by the change that made ``version`` (None: not known)."""
    cache.set(_change_key(campaign_id, version), sorted(tables) if tables is not None else EVERY_TABLE, KEPT_FOR)


def _changes(campaign_id: int, since: int, now: int) -> dict[int, object]:
    """The recorded changes after ``since`` up to ``now``, by version (none beyond MOST_CHANGES)."""
    if now - since > MOST_CHANGES:
        since = now - MOST_CHANGES
    found = cache.get_many([_change_key(campaign_id, v) for v in range(since + 1, now + 1)])
    return {int(key.rsplit(":", 1)[1]): tables for key, tables in found.items()}


def _untouched_by(changes: dict, since: int, now: int, read: frozenset) -> bool:
    """Whether every change after ``since`` up to ``now`` is on record and touched no table in ``read``."""
    if now - since > MOST_CHANGES:
        return False
    return all(v in changes and changes[v] != EVERY_TABLE and not read.intersection(changes[v])
               for v in range(since + 1, now + 1))


def html(request, audience: Audience | None, key: str | None, render: Callable[[dict], str],
         looked: bool = False, panels: Mapping[str, str] | None = None) -> str:
    """The HTML ``render(extra)`` makes (``extra`` added to its context), rendered once for the
    audience and served from then on while what it read is unchanged (``looked``: ``kept`` has
    just found none to serve). ``panels``: the keys of the live panels a page rendering keeps as
    they came out of it, by partial name."""
    if not _kept_for(request, audience):
        return render({})
    made = None if looked else _served(audience, key)
    # After a change every screen asks at once: the first renders, the others wait for it.
    if made is None and not cache.add(f"{key}:{audience.version}:rendering", True, RENDERING_WAIT):
        made = _rendering_of(key, audience.version)
    if made is None:
        inline = {}
        made = render({"csrf_token": CSRF_PLACEHOLDER, "live_version": VERSION_PLACEHOLDER, INLINE_PANELS: inline})
        read = frozenset(getattr(request, "tables_read", None) or {EVERY_TABLE})
        kept = {panel_key: (audience.version, inline[name][1], inline[name][0])
                for name, panel_key in (panels or {}).items() if name in inline}
        cache.set_many({key: (audience.version, read, made), **kept}, KEPT_FOR)
    return _served_to(request, audience, made)


def kept(request, audience: Audience | None, keys: dict[str, str]) -> dict[str, str]:
    """Of the renderings named by ``keys`` (by panel), those kept for the audience that may
    still be served: what costs nothing (three cache reads and writes in all, however many)."""
    if not _kept_for(request, audience):
        return {}
    found = cache.get_many(list(keys.values()))
    older = [version for version, read, _ in found.values() if version < audience.version and EVERY_TABLE not in read]
    changes = _changes(audience.campaign_id, min(older), audience.version) if older else {}
    served, checked = {}, {}
    for name, key in keys.items():
        if (kept := found.get(key)) is None:
            continue
        version, read, made = kept
        if version < audience.version:
            if EVERY_TABLE in read or not _untouched_by(changes, version, audience.version, read):
                continue
            checked[key] = (audience.version, read, made)  # the next screen need not check
        served[name] = _served_to(request, audience, made)
    if checked:
        cache.set_many(checked, KEPT_FOR)
    return served


def _served_to(request, audience, made: str) -> str:
    """A kept rendering as this request is served it: with its viewer's CSRF token and the version
    it is served at."""
    return made.replace(CSRF_PLACEHOLDER, get_token(request)).replace(VERSION_PLACEHOLDER, str(audience.version))


def _kept_for(request, audience) -> bool:
    return audience is not None and settings.RENDER_ONCE and not len(messages.get_messages(request))  # a message is for one


def _served(audience, key) -> str | None:
    kept = cache.get(key)
    if kept is None:
        return None
    version, read, made = kept
    if version >= audience.version:
        return made
    if EVERY_TABLE in read or not _untouched_by(_changes(audience.campaign_id, version, audience.version),
                                                 version, audience.version, read):
        return None
    cache.set(key, (audience.version, read, made), KEPT_FOR)  # checked: the next screen need not
    return made


def _rendering_of(key: str, version: int) -> str | None:
    """Another request's rendering, once it is there; None if it takes too long (this request
    then renders it too, and at once when Redis goes away: nothing it renders can be stored)."""
    waited = 0.0
    while waited < RENDERING_WAIT and not redis_away():
        time.sleep(0.005)
        waited += 0.005
        kept = cache.get(key)
        if kept is not None and kept[0] >= version:
            return kept[2]
    return None
