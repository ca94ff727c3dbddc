"""Health for a proxy or an orchestrator (core/health.py): live touches nothing; ready says
whether the database answers (503 when it does not) and whether Redis is there."""

import socket

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def probe(name, **headers):
    return Client(raise_request_exception=False).get(reverse(name), **headers)


def a_closed_port() -> int:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return free.getsockname()[1]


def refuse(execute, sql, params, many, context):
    raise OperationalError("server closed the connection unexpectedly")


def test_live_answers_without_touching_the_database(django_assert_num_queries):
    with connection.execute_wrapper(refuse), django_assert_num_queries(0):
        response = probe("health_live")
    assert response.status_code == 200 and response.json() == {"live": True}


def test_ready_with_the_database_there(settings):
    settings.REDIS_URL = ""
    response = probe("health_ready")
    assert response.status_code == 200
    assert response.json() == {"ready": True, "database": True, "redis": None}  # no Redis in use
    assert "no-cache" in response["Cache-Control"]


def test_ready_with_the_database_away_is_a_503():
    with connection.execute_wrapper(refuse):
        response = probe("health_ready")
    assert response.status_code == 503
    assert response.json()["ready"] is False and response.json()["database"] is False


def test_ready_says_whether_redis_is_there(settings):
    settings.REDIS_URL = "redis://127.0.0.1:6379/15"
    there = probe("health_ready").json()
    settings.REDIS_URL = f"redis://127.0.0.1:{a_closed_port()}/0"
    away = probe("health_ready")
    if not there["redis"]:
        pytest.skip("no Redis on 127.0.0.1:6379")
    assert there["redis"] is True
    assert away.status_code == 200 and away.json()["redis"] is False  # the site does without it


def test_a_plain_http_probe_is_not_sent_to_https(settings):
    settings.SECURE_SSL_REDIRECT = True
    assert probe("health_live").status_code == 200
    assert probe("health_ready").status_code == 200
    assert probe("home").status_code == 301  # while every page is
