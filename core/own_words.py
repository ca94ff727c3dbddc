"""The site's own words in a stored text: said in each reader's language, whoever's action wrote them.

When the site writes a text people may then edit as their own (a new campaign's player group, a
spell's clocks, a roll's default goal, the Scars' condition), it writes the phrase's English
(``gamerules.words.said``), and the English is its meaning: a field declared ``OwnWordsCharField``
or ``OwnWordsTextField`` reads back a stored text that is one of the phrases registered here (line
by line) as that phrase, said in the reader's language by ``str()`` and the templates. A text that
is no registered phrase is the writer's own and is shown as written. A form or an edit that gives
back the reader's translation of a phrase stores the phrase's English again.

Registered phrases are the ones the site writes; each app registers its own at start
(``register``). Shared apps stay free of any dice system: a system registers its phrases itself."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from django import forms
from django.db import models
from django.utils import translation

from gamerules.words import Said, said, said_as

_PLACE = re.compile(r"%\((\w+)\)s")


@dataclass(frozen=True)
class _Phrase:
    text: str
    context: str | None = None
    # The phrases a value may be (a consequence's name inside "Resist: %(consequence)s").
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @cached_property  # asked of every phrase for every stored text read: found once
    def names(self) -> tuple[str, ...]:
        return tuple(_PLACE.findall(self.text))

    def said(self, **values) -> str:
        return said_as(self.context, self.text) if self.context else said(self.text, **values)

    def read(self, text: str, translated: bool = False) -> str | None:
        """This phrase if ``text`` is it (its English, or with ``translated`` the reader's
        language), else None."""
        own = _say(self) if translated else self.text
        if translated:  # the catalogue's French spaces (no-break) are typed as plain ones
            own, text = _plain_spaces(own), _plain_spaces(text)
        if not self.names:
            return self.said() if text == own else None
        found = _pattern(own.replace("%%", "%")).match(text)
        if found is None:
            return None
        values = {}
        for name, value in found.groupdict().items():
            values[name] = next((phrase for phrase in self.choices.get(name, ())
                                 if (_plain_spaces(str(phrase)) if translated else str.__str__(phrase)) == value), value)
        return self.said(**values)


@lru_cache(maxsize=256)
def _pattern(text: str) -> re.Pattern:
    """``text`` (a phrase's English or a translation of it) as a pattern its places fill."""
    parts = _PLACE.split(text)
    # A value ends on no space: "Mend flesh : danger" is the French way of saying it, not a spell "Mend flesh ".
    return re.compile("".join(re.escape(part) if at % 2 == 0 else rf"(?P<{part}>.*?\S)"
                              for at, part in enumerate(parts)) + r"\Z", re.DOTALL)


def _plain_spaces(text: str) -> str:
    return text.replace("\xa0", " ").replace("\u202f", " ")


def _say(phrase: _Phrase) -> str:
    """The phrase's template in the active language, its places kept."""
    if phrase.context:
        return translation.pgettext(phrase.context, phrase.text)
    return translation.gettext(phrase.text)


_PHRASES: list[_Phrase] = []
_EXACT: dict[str, _Phrase] = {}


def register(marked: Said, **choices) -> Said:
    """A phrase the site writes into a stored text, marked with ``said`` and its places left
    empty (``choices``: the phrases a place may hold). Returns it, to be ``filled`` when written."""
    phrase = _Phrase(marked._text, marked._context, {name: tuple(values) for name, values in choices.items()})
    if phrase not in _PHRASES:
        _PHRASES.append(phrase)
        if not phrase.names:
            _EXACT[phrase.text] = phrase
    return marked


def filled(marked: Said, **values) -> str:
    """A registered phrase with its places filled, to be written."""
    return Said(marked._text, values, context=marked._context)


def _line(text: str, translated: bool) -> str | None:
    if not translated and (exact := _EXACT.get(text)) is not None:
        return exact.said()
    for phrase in _PHRASES:  # the English of a phrase without places was looked up above
        if (phrase.names or translated) and (found := phrase.read(text, translated)) is not None:
            return found
    return None


def _read(text: str, translated: bool) -> str:
    if not text or not _PHRASES:
        return text
    parts = re.split(r"(\r?\n)", text)  # the lines, and between them how the text ends a line (a textarea's \r\n)
    lines = parts[::2]
    found = [_line(line, translated) for line in lines]
    if not any(phrase is not None for phrase in found):
        return text
    if len(lines) == 1:
        return found[0]
    names = [f"p{at}" for at in range(len(lines))]
    # No phrase to translate of its own: each line is said in turn, the English kept as stored.
    template = "".join(f"%({names[at // 2]})s" if at % 2 == 0 else part for at, part in enumerate(parts))
    return Said(template, {name: phrase if phrase is not None else line
                           for name, phrase, line in zip(names, found, lines, strict=True)})


def read(text):
    """A stored text as the site's phrases it holds, each said in the reader's language; anything
    else as it is."""
    return _read(text, False) if isinstance(text, str) and not isinstance(text, Said) else text


def from_reader(text):
    """What a reader typed or sent back: where it is the reader's translation of a phrase (or its
    English), the phrase, so that its English is stored; anything else as it is."""
    if not isinstance(text, str) or isinstance(text, Said) or not text:
        return text
    found = _read(text, False)
    return found if isinstance(found, Said) else _read(text, True)


def english(text) -> str:
    """The text as stored: a phrase's English."""
    return str.__str__(text) if isinstance(text, str) else text


class _OwnWords:
    """A text field that may hold the site's own words (the module's doc)."""

    def from_db_value(self, value, expression, connection):
        return read(value)

    def to_python(self, value):
        return from_reader(super().to_python(value))

    def get_prep_value(self, value):
        # Stored as given, a phrase as its English: an import or a save keeps every other text as it
        # is (only ``to_python``, for what a reader typed, reads their language).
        value = models.Field.get_prep_value(self, value)
        return value if value is None else english(value) if isinstance(value, str) else str(value)

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": _OwnWordsFormField, **kwargs})


class _OwnWordsFormField(forms.CharField):
    def prepare_value(self, value):
        return str(value) if isinstance(value, Said) else value

    def has_changed(self, initial, data):
        return super().has_changed(self.prepare_value(initial), data)

    def to_python(self, value):
        return from_reader(super().to_python(value))


class OwnWordsCharField(_OwnWords, models.CharField):
    pass


class OwnWordsTextField(_OwnWords, models.TextField):
    pass


def in_english(model, *fields: str):
    """A data migration's step: where a field holds the site's own words written in another
    language (before this module existed, they were written in the writer's), the English they
    mean, so that every reader reads them in their own. Only whole texts (each line) that are
    exactly a phrase's translation change; the history is left as it was."""
    def forwards(apps, schema_editor):
        from django.conf import settings

        rows = apps.get_model(model).objects.all()
        for pk, *texts in rows.values_list("pk", *fields).iterator():
            changed = {}
            for name, text in zip(fields, texts, strict=True):
                if not text or isinstance(text, Said):
                    continue
                for language, _name in settings.LANGUAGES:
                    with translation.override(language):
                        if isinstance(found := _read(text, True), Said):
                            changed[name] = english(found)
                            break
            if changed:
                rows.filter(pk=pk).update(**changed)
    return forwards
