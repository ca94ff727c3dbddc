"""A Charge campaign's hack as a file: read with the schema in charge/hack.schema.json (the part of
JSON Schema it uses, checked here: no library needed), refused with the field it is about."""

import hashlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from core.refused import Refused
from gamerules.hacks import Hack, PlaybookRecipe
from gamerules.words import said

SCHEMA_PATH = Path(__file__).with_name("hack.schema.json")
DEMO_HACK = Path(__file__).with_name("demo_hack.json")
"""The hack the site ships, built from the chapter's examples: offered on every Hack page."""
MOST_BYTES = 64 * 1024
"""A hack is a few kilobytes: anything bigger is not one."""


@cache
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


class Unfit(Refused):
    """A file the import refuses; the message names the field."""

    def __init__(self, field: str, problem: str):
        self.field = field
        super().__init__(said("Nothing was imported. %(field)s: %(problem)s", field=field or "(file)", problem=problem))


TYPES = {"object": dict, "array": list, "string": str}


def _is(value, kind: str) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    return isinstance(value, TYPES[kind])


def _resolve(rule: dict) -> dict:
    """A rule with its ``$ref`` (into ``$defs``) merged under its own keywords."""
    while "$ref" in rule:
        target = schema()["$defs"][rule["$ref"].rsplit("/", 1)[1]]
        rule = {**target, **{k: v for k, v in rule.items() if k != "$ref"}}
    return rule


def check(value: Any, rule: dict, field: str = "") -> None:
    """Raise :class:`Unfit` at the first place ``value`` breaks ``rule``."""
    rule = _resolve(rule)
    allowed = [rule["const"]] if "const" in rule else rule.get("enum")
    if allowed is not None and not any(value == one and type(value) is type(one) for one in allowed):
        raise Unfit(field, said("not a value the format allows."))
    if "type" in rule and not _is(value, rule["type"]):
        raise Unfit(field, said("the wrong type (%(type)s expected).", type=rule["type"]))
    if isinstance(value, str):
        _check_text(value, rule, field)
    elif isinstance(value, int) and not isinstance(value, bool):
        if not rule.get("minimum", value) <= value <= rule.get("maximum", value):
            raise Unfit(field, said("out of range (%(least)s to %(most)s).",
                                    least=rule.get("minimum", "…"), most=rule.get("maximum", "…")))
    elif isinstance(value, list):
        _check_list(value, rule, field)
    elif isinstance(value, dict):
        _check_object(value, rule, field)


def _check_text(value: str, rule: dict, field: str) -> None:
    if len(value) > rule.get("maxLength", len(value)) or len(value.strip()) < rule.get("minLength", 0):
        raise Unfit(field, said("a length outside %(least)s to %(most)s characters.",
                                least=rule.get("minLength", 0), most=rule.get("maxLength", "…")))
    # Matched whole: a "$" would let a final newline through.
    if "pattern" in rule and not re.fullmatch(rule["pattern"], value):
        raise Unfit(field, said("a character a name may not hold (a control character, < or >)."))


def _check_list(value: list, rule: dict, field: str) -> None:
    if not rule.get("minItems", 0) <= len(value) <= rule.get("maxItems", len(value)):
        raise Unfit(field, said("%(count)s entries; at most %(most)s are allowed, at least %(least)s.",
                                count=len(value), most=rule.get("maxItems", "…"), least=rule.get("minItems", 0)))
    if rule.get("uniqueItems") and len({json.dumps(item, sort_keys=True) for item in value}) != len(value):
        raise Unfit(field, said("an entry repeated."))
    for n, item in enumerate(value):
        check(item, rule.get("items", {}), f"{field}[{n}]")


def _check_object(value: dict, rule: dict, field: str) -> None:
    if len(value) > rule.get("maxProperties", len(value)):
        raise Unfit(field, said("%(count)s entries; at most %(most)s are allowed, at least %(least)s.",
                                count=len(value), most=rule["maxProperties"], least=0))
    properties = rule.get("properties", {})
    for name in rule.get("required", []):
        if name not in value:
            raise Unfit(f"{field}.{name}".lstrip("."), said("missing."))
    for name, item in value.items():
        where = f"{field}.{name}".lstrip(".")
        if "propertyNames" in rule:
            check(name, rule["propertyNames"], where)
        if name in properties:
            check(item, properties[name], where)
        elif rule.get("additionalProperties", True) is False:
            raise Unfit(where, said("not a field of a hack file."))
        elif isinstance(rule.get("additionalProperties"), dict):
            check(item, rule["additionalProperties"], where)


def read_document(raw: bytes | str) -> dict:
    """The document in ``raw`` if it is a hack this site can play; otherwise :class:`Unfit`."""
    if len(raw) > MOST_BYTES:
        raise Unfit("", said("the file is larger than %(kb)s KB.", kb=MOST_BYTES // 1024))
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):
        raise Unfit("", said("the file is not JSON text.")) from None
    check(document, schema())
    hack = Hack.from_document(document)
    if errors := hack.errors():
        field, problem = errors[0]
        raise Unfit(field, problem)
    return document


def read_hack(raw: bytes | str) -> Hack:
    return Hack.from_document(read_document(raw))


def campaign_hack(campaign) -> Hack:
    """The hack a campaign plays now, with its playbooks."""
    setup = campaign.charge
    playbooks = tuple(PlaybookRecipe.from_data({"name": p.name, "suggested_ties": p.suggested_ties,
                                                "action_dots": p.action_dots, "talents": p.talents})
                      for p in campaign.playbooks.all())
    return Hack(setup.rules, setup.ruleset, setup.risk_wording, campaign.name, playbooks)


def as_text(document: dict) -> str:
    """The file's text: the same document is always the same text."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def fingerprint(hack: Hack) -> str:
    """What a preview was made from: an apply refuses when the campaign's hack moved meanwhile."""
    document = hack.to_document()
    document.pop("name")
    return hashlib.sha256(as_text(document).encode()).hexdigest()[:16]
