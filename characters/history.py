"""A sheet's history beyond the character's own row: the rows a dice system hangs on a sheet
(Traits' Stats and features, Ability's skills, Charge's ties...) keep their versions, and the
history page says each change in words, newest first, beside the character's own versions."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


@dataclass(frozen=True)
class Kept:
    """One model whose rows hang on a sheet, with history (``HistoricalRecords``)."""

    model: type
    said: Callable[[object], str]
    """A version of a row as the page names it: "Item: Rapier"."""
    fields: tuple[str, ...]
    """The fields whose changes are told, with their words."""
    words: dict[str, str] = field(default_factory=dict)
    shown: Callable[[str, object], object] | None = None
    """A field's value in words, where plain is not enough (a JSON of Stats)."""
    of_character: str = "character"
    """The path from the row to its character."""
    tells_added: bool = True
    """Whether a row's making is told: not a one-to-one sheet's, made with its character."""


@dataclass(frozen=True)
class Entry:
    """One recorded change of a sheet, in words."""

    when: datetime.datetime
    who: object
    what: str
    changes: tuple[tuple[str, object, object], ...] = ()
    """(field, before, after) for a changed row (before None: as first recorded); empty when it was
    added or removed."""
    done: str = ""
    """"added", "removed", "as first recorded", or "" for a change."""
    restore: int | None = None
    """The character's own version this is, when it may be restored."""


MOST = 100
"""The newest changes the page lists of each kind of row; older ones stay recorded."""


def _value(kept: Kept, name: str, value):
    if kept.shown is not None:
        value = kept.shown(name, value)
    if isinstance(value, bool):
        return pgettext("a yes-or-no field's value", "True") if value else pgettext("a yes-or-no field's value", "False")
    return "—" if value in ("", None, {}) else value


def entries(character, kept_rows: tuple[Kept, ...]) -> list[Entry]:
    """The newest changes recorded of the rows ``kept_rows`` hang on ``character``, newest first."""
    return changes_of([character.pk], kept_rows, most=MOST).get(character.pk, [])


def changes_of(character_ids, kept_rows: tuple[Kept, ...], since=None, until=None,
               most: int | None = None) -> dict[int, list[Entry]]:
    """Each character's changes of the rows ``kept_rows`` hang on it, newest first: made from
    ``since`` to ``until`` (each compared with the version before it, made whenever), or the
    ``most`` newest of each kind of row."""
    found: dict[int, list[Entry]] = {}
    for kept in kept_rows:
        versions = kept.model.history.filter(**{f"{kept.of_character}_id__in": list(character_ids)})
        if until is not None:
            versions = versions.filter(history_date__lte=until)
        versions = versions.select_related("history_user").order_by("-history_date", "-history_id")
        before = {}  # a row's previous version, found among the older ones
        row = kept.model._meta.pk.attname  # a one-to-one sheet's is its character's
        for version in reversed(list(versions[:most] if most else versions)):
            previous = before.get(getattr(version, row))
            before[getattr(version, row)] = version
            if since is not None and version.history_date < since:
                continue
            if entry := _entry(kept, version, previous):
                found.setdefault(getattr(version, f"{kept.of_character}_id"), []).append(entry)
    return {pk: sorted(each, key=lambda entry: entry.when, reverse=True) for pk, each in found.items()}


def _entry(kept: Kept, version, previous) -> Entry | None:
    """One version in words, against the one before it; None when it changed none of its fields."""
    if version.history_type == "+":
        if not kept.tells_added:
            return None
        done, changes = _("added"), ()
    elif previous is None and version.history_type == "~":  # a row older than its history
        done = _("as first recorded")
        changes = tuple((kept.words.get(name, name), None, _value(kept, name, getattr(version, name)))
                        for name in kept.fields)
    elif version.history_type == "-":
        done, changes = _("removed"), ()
    else:
        done = ""
        changes = tuple((kept.words.get(change.field, change.field), _value(kept, change.field, change.old),
                         _value(kept, change.field, change.new))
                        for change in version.diff_against(previous, included_fields=kept.fields).changes)
        if not changes:
            return None
    return Entry(version.history_date, version.history_user, kept.said(version), changes, done)
