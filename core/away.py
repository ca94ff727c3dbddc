"""The database away (stopped, restarting, out of connections): every request is answered at once
with "the table is taking a breath" (503, Retry-After), never a 500.

Django turns an exception raised in any middleware (the session's and the user's look-ups come
first) into the answer of ``handler500`` (config/urls.py), so the outage is recognised there,
whatever layer met it. The answer reads nothing from the database: no session, user or messages;
its language is the browser's (cookie or Accept-Language). A write met by the outage was inside
``transaction.atomic`` and is rolled back whole; a person who sends it again finds it unmade."""

import sys

import psycopg
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.views import defaults

RETRY_AFTER = 5
"""Seconds a browser or screen waits before asking again."""

AWAY = (OperationalError, InterfaceError, psycopg.OperationalError, psycopg.InterfaceError)
"""What a database that is not there raises: Django's wrappers, and the driver's own where
nothing wrapped them (the pool's PoolTimeout is a psycopg OperationalError)."""


def database_away(error: BaseException | None) -> bool:
    """Whether ``error`` is, or was caused by, the database not answering."""
    for _ in range(5):  # a chain of causes, never a loop
        if error is None:
            return False
        if isinstance(error, AWAY):
            return True
        error = error.__cause__ or error.__context__
    return False


def server_error(request, template_name="500.html"):
    """``handler500``: the friendly 503 for a database that is away, Django's 500 otherwise."""
    if database_away(sys.exc_info()[1]):
        return taking_a_breath(request)
    return defaults.server_error(request, template_name)


def taking_a_breath(request) -> HttpResponse:
    """The page, or for htmx (a live panel, a poll, a write) the notice alone, that
    static/js/app.js shows while the screen keeps asking."""
    notice = bool(request.headers.get("HX-Request"))
    language = translation.get_language_from_request(request)
    with translation.override(language):
        html = render_to_string("away.html#notice" if notice else "away.html", {
            "retry": RETRY_AFTER, "again": request.method in ("GET", "HEAD"), "LANGUAGE_CODE": language})
    response = HttpResponse(html, status=503)
    response["Content-Language"] = language
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response
