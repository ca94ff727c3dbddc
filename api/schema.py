"""The API's OpenAPI 3.1 description, made from the endpoints' declarations and the records they
answer (api/endpoints.py, api/answers.py), so it cannot drift from what is served."""

import dataclasses
import re
import types
import typing
from datetime import datetime

from api.endpoints import ENDPOINTS, LIMIT, MOST, Page, Problem

PLAIN = {int: {"type": "integer"}, str: {"type": "string"}, bool: {"type": "boolean"},
         datetime: {"type": "string", "format": "date-time"}, list: {"type": "array"},
         dict: {"type": "object"}}
REFUSALS = {"401": "No working token: none, unknown or revoked.", "404": "Not there for this person: an outsider, "
            "another campaign, a campaign that does not exist.", "429": "Too many requests: wait Retry-After seconds."}


def _type(hint) -> dict:
    """The JSON Schema of a record's field."""
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        kinds = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        inner = _type(kinds[0])
        return {**inner, "type": [inner["type"], "null"]}
    if typing.get_origin(hint) is dict:
        return {"type": "object", "additionalProperties": _type(typing.get_args(hint)[1])}
    if typing.get_origin(hint) is list:
        return {"type": "array", "items": _type(typing.get_args(hint)[0])}
    if dataclasses.is_dataclass(hint):
        return {"$ref": f"#/components/schemas/{hint.__name__}"}
    return dict(PLAIN[hint])


def _record(cls) -> dict:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    return {"type": "object", "description": _said(cls.__doc__),
            "properties": {field.name: _type(hints[field.name]) for field in fields},
            "required": [field.name for field in fields]}


def _said(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "").replace("``", "`").strip()


def _path(route: str) -> str:
    return "/api/v1/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)


def _operation(endpoint) -> dict:
    page = f"{endpoint.answer.__name__.removesuffix('Answer')}Page"
    parameters = [{"name": name, "in": "path", "required": True, "schema": {"type": "integer"}}
                  for name in re.findall(r"<(?:\w+:)?(\w+)>", endpoint.route)]
    parameters += [
        {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": MOST, "default": LIMIT}},
        {"name": "cursor", "in": "query", "description": "The id of the last row of the page before: follow `next`.",
         "schema": {"type": "integer"}}]
    return {"get": {
        "operationId": endpoint.name, "summary": endpoint.summary, "parameters": parameters,
        "responses": {"200": {"description": _said(Page.__doc__),
                              "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{page}"}}}},
                      **{status: {"description": said, "content": {"application/json": {
                          "schema": {"$ref": "#/components/schemas/Problem"}}}} for status, said in REFUSALS.items()}}}}


def openapi() -> dict:
    schemas = {"Problem": _record(Problem)}
    for endpoint in ENDPOINTS:
        schemas[endpoint.answer.__name__] = _record(endpoint.answer)
        schemas[f"{endpoint.answer.__name__.removesuffix('Answer')}Page"] = {
            "type": "object", "description": _said(Page.__doc__), "required": ["results", "next"],
            "properties": {"results": {"type": "array", "items": _type(endpoint.answer)},
                           "next": {"type": ["string", "null"], "format": "uri"}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Charge campaigns: the read-only API", "version": "1",
                 "description": "What a member may see of their campaigns, as their pages show it. Read with a "
                                "personal access token made on the account page (docs/api.md)."},
        "servers": [{"url": "/"}],
        "security": [{"token": []}],
        "paths": {_path(endpoint.route): _operation(endpoint) for endpoint in ENDPOINTS},
        "components": {"schemas": schemas,
                       "securitySchemes": {"token": {"type": "http", "scheme": "bearer",
                                                     "description": "A personal access token (chg_…)."}}},
    }
