"""Every endpoint as every role reads it (the GM, the character's player, another player, an
outsider, no token, a revoked token); what each role reads of a campaign; pages; throttling; the
schema. The URL matrix (tests/security/test_url_matrix.py) walks the same endpoints with its
markers; the secret walk over every answer is tests/api/test_secrets.py."""

import json
from datetime import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from api.endpoints import ENDPOINTS
from api.models import AccessToken
from campaign.models import Campaign
from tests.api.conftest import read_all
from tests.factories import (
    CharacterFactory,
    ClockFactory,
    GameSessionFactory,
    RollFactory,
    UserFactory,
    make_campaign,
)
from tests.security.rules import RULES, TOKEN_RULES, routes
from tests.table import SECRETS

CAMPAIGN_ENDPOINTS = [endpoint.name for endpoint in ENDPOINTS if endpoint.name != "api_campaigns"]


def address(name, table):
    return reverse(name) if name == "api_campaigns" else reverse(name, args=[table.campaign.pk])


@pytest.mark.parametrize("name", [endpoint.name for endpoint in ENDPOINTS])
def test_each_endpoint_answers_each_role(world, name):
    table, _ = world
    url = address(name, table)
    expected = {"gm": 200, "player": 200, "other_player": 200, "anonymous": 401,
                "outsider": 200 if name == "api_campaigns" else 404}
    for who, status in expected.items():
        response = table.api_client(who).get(url)
        assert response.status_code == status, (who, response.content[:200])
        assert response["Content-Type"] == "application/json" and response["Cache-Control"] == "private, no-store"
        if who == "outsider":
            assert table.campaign.name not in response.text
    revoked = table.api_client("gm")
    AccessToken.objects.update(revoked_at=timezone.now())
    assert revoked.get(url).status_code == 401
    assert table.api_client("gm").post(url).status_code == 405  # it only reads


def test_another_campaign_and_one_that_does_not_exist_are_404(table):
    elsewhere = make_campaign(UserFactory(username="elsewhere"), name="Someone else's table")
    reader = table.api_client("gm")
    for name in CAMPAIGN_ENDPOINTS:
        for campaign_id in (elsewhere.pk, 999_999):
            response = reader.get(reverse(name, args=[campaign_id]))
            assert response.status_code == 404 and "Someone else" not in response.text
    assert [row["name"] for row in read_all(reader, reverse("api_campaigns"))] == [table.campaign.name]


def test_what_a_gm_reads_and_a_player_does_not(world):
    table, _ = world
    c = table.campaign.pk
    gm, player = table.api_client("gm"), table.api_client("player")

    def rows(client, name):
        return read_all(client, reverse(name, args=[c]))

    ada = next(row for row in rows(gm, "api_characters") if row["name"] == "Ada")
    assert ada["gm_notes"] == "SECRET-CHARACTER-NOTES" and ada["player"] == "player1"
    assert next(row for row in rows(player, "api_characters") if row["name"] == "Ada")["gm_notes"] is None
    assert "SECRET-GM-CLOCK" in {row["name"] for row in rows(gm, "api_clocks")}
    known = {row["name"]: row for row in rows(player, "api_clocks")}
    assert "SECRET-GM-CLOCK" not in known
    assert known["Turf War"] | {"notes": ""} == known["Turf War"] and known["Turf War"]["filled"] is None
    assert known["Turf War"]["size"] is None and not known["Turf War"]["segments_shown"]
    assert known["Buy back the boat"]["filled"] == 2 and known["Buy back the boat"]["belongs_to"] == "Ada"
    assert {row["goal"] for row in rows(gm, "api_rolls")} >= {"SECRET-HIDDEN-ROLL"}
    assert all(not row["hidden"] for row in rows(player, "api_rolls")) and len(rows(player, "api_rolls")) == 1
    assert rows(gm, "api_sessions")[0]["gm_notes"] == "SECRET-SESSION-NOTES"
    assert rows(player, "api_sessions")[0] | {"gm_notes": None} == rows(player, "api_sessions")[0]
    mine = read_all(player, reverse("api_campaigns"))
    assert [(row["id"], row["role"]) for row in mine] == [(c, "player")]
    for name in CAMPAIGN_ENDPOINTS:
        text = player.get(reverse(name, args=[c])).text
        assert not [secret for secret in (*SECRETS, "SECRET-") if secret in text], name


def test_an_archived_campaign_is_still_read(table):
    Campaign.objects.filter(pk=table.campaign.pk).update(archived_at=timezone.now())
    reader = table.api_client("player")
    assert read_all(reader, reverse("api_campaigns"))[0]["archived"] is True
    for name in CAMPAIGN_ENDPOINTS:
        assert reader.get(reverse(name, args=[table.campaign.pk])).status_code == 200


def test_the_roll_log_comes_in_pages_newest_first(table):
    for n in range(7):
        RollFactory(campaign=table.campaign, kind="fortune", goal=f"Roll {n}", pool_size=1, dice=[n % 6 + 1],
                    outcome="bad", idempotency_key=f"page-{n}")
    reader = table.api_client("player")
    url = reverse("api_rolls", args=[table.campaign.pk])
    first = reader.get(url + "?limit=3").json()
    assert [row["goal"] for row in first["results"]] == ["Roll 6", "Roll 5", "Roll 4"]
    assert first["next"].startswith("http://testserver/") and "limit=3" in first["next"]
    every = read_all(reader, url + "?limit=3")
    assert [row["goal"] for row in every] == [f"Roll {n}" for n in range(6, -1, -1)]
    RollFactory(campaign=table.campaign, kind="fortune", goal="Later", pool_size=1, dice=[1], outcome="bad",
                idempotency_key="page-later")
    second = reader.get(first["next"]).json()  # a roll made meanwhile neither repeats nor skips one
    assert [row["goal"] for row in second["results"]] == ["Roll 3", "Roll 2", "Roll 1"]
    for odd in ("?limit=0", "?limit=-4", "?limit=many", "?limit=100000", "?cursor=x", "?cursor=-1"):
        assert reader.get(url + odd).status_code == 200, odd
    assert len(reader.get(url + "?limit=100000").json()["results"]) == 8
    last = reader.get(url + "?limit=8").json()
    assert last["next"] is None and len(last["results"]) == 8


def test_too_many_requests_are_answered_429_with_retry_after(table, settings):
    settings.API_LIMIT, settings.API_WINDOW = 3, 60
    reader, again, other = table.api_client("player"), table.api_client("player"), table.api_client("gm")
    url = reverse("api_campaigns")
    assert [reader.get(url).status_code for _ in range(3)] == [200, 200, 200]
    refused = reader.get(url)
    assert refused.status_code == 429 and refused["Retry-After"] == "60" and refused.json()["status"] == 429
    assert again.get(url).status_code == 429  # per person, whatever their tokens
    assert other.get(url).status_code == 200


def _valid(value, schema, schemas, where="") -> list[str]:
    """The JSON Schema keywords the API's schema uses, checked (no validator is installed)."""
    if "$ref" in schema:
        return _valid(value, schemas[schema["$ref"].rsplit("/", 1)[1]], schemas, where)
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds] if kinds else []
    python = {"integer": int, "string": str, "boolean": bool, "array": list, "object": dict, "null": type(None)}
    if kinds and not any(isinstance(value, python[kind]) and not (kind == "integer" and isinstance(value, bool))
                         for kind in kinds):
        return [f"{where}: {value!r} is not {kinds}"]
    if schema.get("format") == "date-time" and isinstance(value, str):
        datetime.fromisoformat(value)
    wrong = []
    if isinstance(value, dict):
        wrong += [f"{where}.{name}: missing" for name in schema.get("required", ()) if name not in value]
        properties = schema.get("properties")
        if properties is not None:
            wrong += [f"{where}.{name}: not declared" for name in value if name not in properties]
        for name, item in value.items():
            inner = (properties or {}).get(name) or schema.get("additionalProperties")
            if isinstance(inner, dict):
                wrong += _valid(item, inner, schemas, f"{where}.{name}")
    if isinstance(value, list) and "items" in schema:
        for number, item in enumerate(value):
            wrong += _valid(item, schema["items"], schemas, f"{where}[{number}]")
    return wrong


def test_the_schema_lists_every_endpoint_and_describes_its_answers(world):
    table, _ = world
    response = table.client("anonymous").get(reverse("api_schema"))
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"] == "3.1.0" and schema["components"]["securitySchemes"]["token"]["scheme"] == "bearer"
    served = {"/" + route.replace("<int:campaign_id>", "{campaign_id}") for name, route in routes().items()
              if RULES[name] in TOKEN_RULES}
    assert set(schema["paths"]) == served
    schemas = schema["components"]["schemas"]
    for who in ("gm", "player"):
        reader = table.api_client(who)
        for path, operation in schema["paths"].items():
            answer = reader.get(path.replace("{campaign_id}", str(table.campaign.pk))).json()
            assert answer["results"], path
            declared = operation["get"]["responses"]["200"]["content"]["application/json"]["schema"]
            assert _valid(answer, declared, schemas, path) == []
    refusal = table.api_client("anonymous").get("/api/v1/campaigns/").json()
    assert _valid(refusal, schema["paths"]["/api/v1/campaigns/"]["get"]["responses"]["401"]["content"]
                  ["application/json"]["schema"], schemas) == []


@pytest.mark.parametrize("name", [endpoint.name for endpoint in ENDPOINTS])
def test_a_page_costs_the_same_queries_however_many_rows(table, name):
    """No query a row: a page of 40 more asks what a page of a few asks."""
    reader = table.api_client("gm")
    url = address(name, table) + "?limit=200"

    def counted():
        with CaptureQueriesContext(connection) as queries:
            assert reader.get(url).status_code == 200
        return len(queries)

    few = counted()
    for n in range(40):
        CharacterFactory(campaign=table.campaign, name=f"Extra {n}")
        ClockFactory(campaign=table.campaign, name=f"Clock {n}", character=table.character)
        GameSessionFactory(campaign=table.campaign, number=n + 2, ended_at=timezone.now())
        RollFactory(campaign=table.campaign, character=table.character, rolled_by=table.player, kind="fortune",
                    pool_size=1, dice=[3], outcome="bad", idempotency_key=f"many-{n}")
        if name == "api_campaigns":
            make_campaign(table.gm, name=f"Another {n}")
    assert counted() <= few + 1, name
