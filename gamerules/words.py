"""The words the rules hand to the screens, in the reader's language.

The rules write English and mark each phrase with ``said`` (gettext's catalogues gather the marked
phrases, see core/management/commands/makemessages.py). A marked phrase is a ``str`` holding its
English, so rules, tests and storage compare and keep English; the moment a screen turns it into
text (``str()``, a template) it is said in the reader's language, by the translation the web
layer installs (core/apps.py). The rules stay free of Django and of any one language."""

from __future__ import annotations

from collections.abc import Callable

_translate: Callable[[str], str] = lambda text: text  # noqa: E731 - English until the web layer installs one
_translate_plural: Callable[[str, str, int], str] = lambda singular, plural, n: singular if n == 1 else plural  # noqa: E731
_translate_in: Callable[[str, str], str] = lambda context, text: text  # noqa: E731


def install(translate: Callable[[str], str], translate_plural: Callable[[str, str, int], str],
            translate_in: Callable[[str, str], str]) -> None:
    """How phrases are said: gettext, ngettext and pgettext, or anything with their shape."""
    global _translate, _translate_plural, _translate_in
    _translate, _translate_plural, _translate_in = translate, translate_plural, translate_in


class Said(str):
    """A phrase of the rules: its English as the string, said in the reader's language by ``str()``.
    ``values`` fill its ``%(name)s`` places, each said in turn."""

    __slots__ = ("_text", "_context", "_plural", "_values")

    def __new__(cls, text: str, values: dict, context: str | None = None, plural: str | None = None):
        english = (plural if plural is not None and values["n"] != 1 else text)
        if values:  # the English of each value, whatever language is being read
            english %= {name: str.__str__(value) if isinstance(value, Said) else value for name, value in values.items()}
        phrase = super().__new__(cls, english)
        phrase._text, phrase._context, phrase._plural, phrase._values = text, context, plural, values
        return phrase

    def __str__(self) -> str:
        if self._plural is not None:
            text = _translate_plural(self._text, self._plural, self._values["n"])
        elif self._context is not None:
            text = _translate_in(self._context, self._text)
        else:
            text = _translate(self._text)
        return text % {name: str(value) for name, value in self._values.items()} if self._values else text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    # Immutable: a copy is the phrase itself, and a pickled one is said again when unpickled.
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return Said, (self._text, self._values, self._context, self._plural)


def said(text: str, **values) -> str:
    """``text`` (with ``%(name)s`` places for ``values``) as a phrase of the rules."""
    return Said(text, values)


def said_as(context: str, text: str) -> str:
    """A word that means one thing in ``context`` and may be said otherwise elsewhere ("Study"
    the action)."""
    return Said(text, {}, context=context)


def said_n(singular: str, plural: str, n: int, **values) -> str:
    """The singular or plural phrase for ``n`` (``%(n)s`` is ``n``), as the reader's language counts."""
    return Said(singular, {"n": n, **values}, plural=plural)


class Lowered(Said):
    """A phrase said in lower case, inside a sentence ("... at the market: full success.")."""

    __slots__ = ()

    def __new__(cls, text: str, values: dict, context: str | None = None, plural: str | None = None):
        english = Said(text, values, context, plural)
        phrase = str.__new__(cls, str.__str__(english).lower())
        phrase._text, phrase._context, phrase._plural, phrase._values = text, context, plural, values
        return phrase

    def __str__(self) -> str:
        return super().__str__().lower()

    def __reduce__(self):
        return Lowered, (self._text, self._values, self._context, self._plural)


def lowered(phrase: str) -> str:
    """``phrase`` in lower case, in whatever language it is said (a label inside a sentence)."""
    if not isinstance(phrase, Said):
        return phrase.lower()
    return Lowered(phrase._text, phrase._values, phrase._context, phrase._plural)


def in_a_row(*phrases: str) -> str:
    """Phrases one after the other, a space between, each said in the reader's language (the row
    itself is no phrase to translate, so it is not marked)."""
    names = [f"p{place}" for place in range(len(phrases))]
    return Said(" ".join(f"%({name})s" for name in names), dict(zip(names, phrases, strict=True)))


def kept(phrase):
    """A phrase as JSON data, to be said again later in the language of whoever reads it (a log
    line); anything else as it is."""
    if not isinstance(phrase, Said):
        return phrase
    data = {"said": phrase._text, "values": {name: kept(value) for name, value in phrase._values.items()}}
    if phrase._context is not None:
        data["context"] = phrase._context
    if phrase._plural is not None:
        data["plural"] = phrase._plural
    if isinstance(phrase, Lowered):
        data["lower"] = True
    return data


def said_again(data):
    """The phrase ``kept`` made data of."""
    if not isinstance(data, dict) or "said" not in data:
        return data
    values = {name: said_again(value) for name, value in data.get("values", {}).items()}
    return (Lowered if data.get("lower") else Said)(data["said"], values, context=data.get("context"),
                                                   plural=data.get("plural"))


def said_back(data, english: str) -> str:
    """A kept phrase in the reader's language; the English kept beside it when the data is no
    phrase this site can say, or not the one that English was written from (an edited export)."""
    try:
        phrase = said_again(data)
        return str(phrase) if phrase == english else english
    except (KeyError, TypeError, ValueError, AttributeError):
        return english


def unfit_name(name: str) -> bool:
    """A name the screens and the hack file refuse: a control character, < or >."""
    return any(ord(c) < 32 or ord(c) == 127 or c in "<>" for c in name)
