"""Render once: at one version of a campaign, a page's live panel is rendered for the first screen
of its audience that asks for it and kept; the others of that audience are served that rendering.
The contract is in docs/render-cache.md; in short:

- A rendering is kept with the version of its campaign it was made at. Every committed change of a
  campaign's rows moves its version and puts on record which models it changed (campaign/live.py).
  A panel that declares the models it shows (``reads``) is served at a later version while no change
  since touched one of them, as far back as that record reaches; any other rendering is served at
  its own version only. What a panel depends on is declared, never worked out.
- Its audience (``Audience.name``, campaign/access.py) names everything that makes a panel differ
  between two viewers at one version; a whole page also carries its viewer's own name and links, so
  it is kept for its viewer alone.
- What differs per request is never kept: each viewer's CSRF token and the version a page's live
  poller starts from are placeholders in the kept HTML, filled in as it is served (and each form's
  write key: core/keys.py). A page with a message waiting is rendered for it and not kept.
- A part of a kept rendering (a clock's card) may be kept by everything it shows rather than by
  version (``Parts``): served while all of it is the same, so a change renders only the parts it touched.
- Nothing waits: a screen that finds no rendering renders one, even while another is doing so."""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from hashlib import sha1

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.utils.translation import get_language

from core import csrf

KEPT_FOR = 600
"""Seconds a rendering is kept after it was made, and a change on record after it was made."""
CHANGES_SPANNED = 50
"""The most changes of its campaign across which a rendering is served: how far back the record of
what each change touched is read."""
CSRF_PLACEHOLDER = "csrf-token-of-the-request"
"""What a kept rendering carries where each viewer's own CSRF token goes."""
VERSION_PLACEHOLDER = "version-of-the-request"
"""What a kept rendering carries where the campaign's version goes (``live_version`` in its
context: its live poller's)."""
INLINE_PANELS = "_inline_panels"
"""The context variable in which a page rendering collects the HTML of its inline partials, so that
its live panels are kept as they came out of it (core/templatetags/panels.py)."""
KEPT_PANELS = "_kept_panels"
"""The context variable in which a page rendering finds those of its live panels kept and still true
at its version, by partial name: it takes them as they were kept instead of rendering them again, so
that the first page after a change renders only what the change touched."""
PARTS = "_parts"
"""The context variable in which a rendering kept for an audience finds its ``Parts``: those of it
kept by what they show."""


def reads(*models) -> frozenset[str]:
    """A live panel's declaration of the models whose rows it shows (by class: a model that moves
    to another app keeps its declarations)."""
    return frozenset(model._meta.label_lower for model in models)


NO_CHARACTER = "-"
"""The scope of a row that could belong to a character and belongs to none (a campaign's clock)."""


def scoped(label: str, whose: str) -> str:
    """A change of the rows of one character (``whose``: its id, or ``NO_CHARACTER``) of a model,
    as put on record: it touches a panel that shows that model's rows of that character, or all
    its rows, and no panel that shows only another character's."""
    return f"{label}@{whose}"


def of_character(character_id: int, *models) -> frozenset[str]:
    """A live panel's declaration that of these models it shows only the rows of one character
    (the models say how a row belongs to one: ``changes_belong_to``)."""
    return frozenset(scoped(model._meta.label_lower, str(character_id)) for model in models)


def touched(shown: frozenset[str], changed: Iterable[str]) -> bool:
    """Whether a change of ``changed`` (labels, scoped or not) touches a panel that shows ``shown``:
    the same model, unless both name one character's rows and they are different characters'."""
    for label in changed:
        model, whose, _ = label.partition("@")
        if label in shown or (whose and model in shown):
            return True
        if not whose and any(read.partition("@")[0] == model for read in shown):
            return True
    return False


def untouched(campaign_id: int, shown: frozenset[str], since: int, to: int) -> bool:
    """Whether what a panel showing ``shown`` showed at version ``since`` is still true at ``to``:
    every change between is on record and touched none of it, as far back as a rendering is served."""
    if not since < to <= since + CHANGES_SPANNED:
        return False
    changes = _changes(campaign_id, range(since + 1, to + 1))
    return len(changes) == to - since and untouched_by(shown, changes.values())


def untouched_by(shown: frozenset[str], changes: Iterable[Iterable[str]]) -> bool:
    """Whether none of these changes (each the labels of the models it changed) touches a panel
    that shows ``shown``."""
    return not any(touched(shown, models) for models in changes)


@dataclass(frozen=True)
class Key:
    """Where a rendering is kept, and the models it shows (None: undeclared, served only at the
    version it was made at)."""

    name: str
    reads: frozenset[str] | None = None


@dataclass(frozen=True)
class Audience:
    """Whom a campaign page is rendered for. At one version of the campaign a panel looks the
    same to everyone in its audience (``name``: exactly what changes the panel, such as "gm", or
    whether the sheet is the viewer's own), so the first of them renders it and the others are
    served that rendering."""

    campaign_id: int
    version: int
    name: str

    def key(self, request, name: str, path: str | None = None, htmx: bool | None = None,
            reads: frozenset[str] | None = None) -> Key:
        """Where the rendering is kept: ``path`` is what was asked for (by default, the request's
        path), ``htmx`` whether htmx asked (by default, whether it asked this request); ``reads``
        the models the panel declares it shows."""
        htmx = bool(request.htmx) if htmx is None else htmx
        said = (name, path or request.get_full_path(), htmx, get_language())
        return Key(f"rendered:{self.campaign_id}:{sha1(repr(said).encode()).hexdigest()}", reads)


def changed(campaign_id: int, version: int, models: Iterable[str]) -> None:
    """Put on record the models the change that made this version of the campaign changed (by
    label). A version with nothing on record is a change of anything."""
    cache.set(_change_key(campaign_id, version), sorted(models), KEPT_FOR)


def html(request, audience: Audience | None, key: Key | None, render: Callable[[dict], str],
         looked: bool = False, panels: Mapping[str, Key] | None = None) -> str:
    """The HTML ``render(extra)`` makes (``extra`` added to its context), rendered once for the
    audience and kept with its version (``looked``: ``kept`` has just found none to serve).
    ``panels``: the keys of the live panels a page rendering keeps as they came out of it, by
    partial name; those kept and still true, it takes as they were kept."""
    if not _kept_for(request, audience):
        return render({})
    made = None if looked else _still_true(audience, {None: key}).get(None)
    if made is None:
        inline, still_true, parts = {}, _still_true(audience, panels) if panels else {}, Parts(audience)
        made = render({"csrf_token": CSRF_PLACEHOLDER, "live_version": VERSION_PLACEHOLDER,
                       INLINE_PANELS: inline, KEPT_PANELS: still_true, PARTS: parts})
        kept = {panel_key.name: (audience.version, inline[name])
                for name, panel_key in (panels or {}).items() if name in inline}
        cache.set_many({key.name: (audience.version, made), **kept, **parts.to_keep()}, KEPT_FOR)
    return _served_to(request, audience, made)


def rows(*instances) -> tuple:
    """What a part shows of these rows (None: no row): each one's model and every column's value,
    so that a part kept by them (``Parts``) is rendered anew once any of them differs."""
    return tuple(None if row is None else (row._meta.label_lower, *(getattr(row, field.attname) for field in row._meta.concrete_fields))
                 for row in instances)


class Parts:
    """The parts of one rendering kept for an audience (a clock's card in a panel of twelve), each
    kept by everything it shows rather than by version: ``where`` it is in its template, the
    page's ``address`` (its forms come back there), the language, and ``shows``: the rows it shows
    (``rows``) and anything else it reads that no row holds. The same again is served as kept,
    whatever else changed, so a change renders the parts it touched and not their neighbours.
    The parts of one place are read in one cache read when the first is asked, and those shown are
    kept again in one write with the rendering. They carry its placeholders, filled in as it is served."""

    def __init__(self, audience: Audience):
        self.audience = audience
        self.found: dict[str, dict[str, str]] = {}  # by place: each part kept, by what it shows
        self.shown: dict[str, dict[str, str]] = {}  # by place: each part this rendering shows

    def part(self, where: str, address: str, shows: tuple, render: Callable[[], str]) -> str:
        place = (where, self.audience.campaign_id, self.audience.name, address, get_language())
        place = f"parts:{sha1(repr(place).encode()).hexdigest()}"
        if place not in self.found:
            self.found[place] = cache.get(place) or {}
        said = sha1(repr(shows).encode()).hexdigest()
        made = self.found[place].get(said)
        if made is None:
            made = render()
        self.shown.setdefault(place, {})[said] = made
        return made

    def to_keep(self) -> dict[str, dict[str, str]]:
        """Each place whose parts shown are not those it found kept."""
        return {place: shown for place, shown in self.shown.items() if shown != self.found[place]}


def kept(request, audience: Audience | None, keys: dict[str, Key]) -> dict[str, str]:
    """Of the renderings named by ``keys`` (by panel), those still true for the audience at its
    version: two cache reads, however many."""
    if not _kept_for(request, audience):
        return {}
    return {name: _served_to(request, audience, made) for name, made in _still_true(audience, keys).items()}


def _still_true(audience: Audience, keys: Mapping) -> dict:
    """The kept renderings (by the names of ``keys``) that show what a rendering at the audience's
    version would: made at that version, or declared and untouched by every change since."""
    found = cache.get_many([key.name for key in keys.values()])
    made_at = {name: found[key.name][0] for name, key in keys.items() if key.name in found}
    older = {name: made for name, made in made_at.items() if _spans(audience, keys[name], made)}
    changes = _changes(audience.campaign_id, set().union(
        *(range(made + 1, audience.version + 1) for made in older.values())))

    def untouched(name, made):
        return all(version in changes and not touched(keys[name].reads, changes[version])
                   for version in range(made + 1, audience.version + 1))
    return {name: found[keys[name].name][1] for name, made in made_at.items()
            if made == audience.version or (name in older and untouched(name, made))}


def _changes(campaign_id, versions) -> dict[int, list[str]]:
    """What each of these changes of the campaign changed, of those on record: one cache read."""
    if not versions:
        return {}
    found = cache.get_many([_change_key(campaign_id, version) for version in versions])
    return {version: found[_change_key(campaign_id, version)] for version in versions
            if _change_key(campaign_id, version) in found}


def _spans(audience, key: Key, made: int) -> bool:
    """Whether a rendering made at ``made`` may be served at the audience's version if no change
    between touched what it shows."""
    return key.reads is not None and made < audience.version <= made + CHANGES_SPANNED


def _change_key(campaign_id, version) -> str:
    return f"changed:{campaign_id}:{version}"


def _served_to(request, audience, made: str) -> str:
    """A kept rendering as this request is served it: with its viewer's CSRF token and the version
    it is served at."""
    return made.replace(CSRF_PLACEHOLDER, csrf.token(request)).replace(VERSION_PLACEHOLDER, str(audience.version))


def _kept_for(request, audience) -> bool:
    return audience is not None and settings.RENDER_ONCE and not len(messages.get_messages(request))  # a message is for one
