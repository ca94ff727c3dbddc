"""Words in templates that reach the screen without passing through {% translate %} or
{% blocktranslate %}: the text between tags, and the attributes a person reads or hears
(title, placeholder, alt, aria-label, value of a button). What is left after taking out the
markup and every template tag must have no letters."""

import re
from pathlib import Path

from django.template.base import Lexer, TokenType

ROOT = Path(__file__).resolve().parents[2]
READ_ATTRIBUTES = re.compile(r'\b(?:title|placeholder|alt|aria-label|data-confirm|hx-confirm)="([^"]*)"')
TAG = re.compile(r"<[^>]*>", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)
LETTER = re.compile(r"[^\W\d_]", re.U)
# Not words: HTML entities, and a template's own markup outside tags (script and style carry none here).
ENTITY = re.compile(r"&[#\w]+;")


def untranslated(source: str) -> list[str]:
    """The pieces of ``source`` a reader would see in English whatever their language."""
    found, depth, outside = [], 0, []
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name in ("blocktranslate", "blocktrans", "comment"):
                depth += 1
            elif name in ("endblocktranslate", "endblocktrans", "endcomment"):
                depth -= 1
            outside.append("\0")  # a tag separates two texts
        elif token.token_type == TokenType.VAR:
            outside.append("\0")
        elif token.token_type == TokenType.TEXT and depth == 0:
            outside.append(token.contents)
    text = "".join(outside)
    text = COMMENT.sub(" ", text)
    for attribute in READ_ATTRIBUTES.findall(text):
        found += [piece for piece in attribute.split("\0") if LETTER.search(ENTITY.sub("", piece))]
    for piece in TAG.sub("\0", text).split("\0"):
        if LETTER.search(ENTITY.sub("", piece)):
            found.append(piece.strip())
    return found


def template_files() -> list[Path]:
    """Every template of every app (each app keeps its own, as Django finds them)."""
    return sorted(ROOT.glob("*/templates/**/*.html"))


if __name__ == "__main__":
    import sys

    import django
    from django.conf import settings

    settings.configure()
    django.setup()
    paths = [Path(p) for p in sys.argv[1:]] or template_files()
    for path in paths:
        for piece in untranslated(path.read_text()):
            print(f"{path}: {piece!r}")
