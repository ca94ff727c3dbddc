"""ASGI entry point: ``uvicorn config.asgi:application`` (``make run``, ``make serve``).

Only the live streams (campaign/views/streams.py), which stay open for as long as a page does,
are answered by Django's ASGI handler, as coroutines on the event loop. Every other request is
answered by Django's WSGI handler in a pool of ``PAGE_THREADS`` threads (a2wsgi): a page's
middleware and view then run in one thread from start to end, where the ASGI handler would hop
between the event loop and threads three times a request (and wait for a busy loop each time);
and no more pages are answered at once than there are threads to run them, so a burst waits in
line instead of slowing every page in it and exhausting the database pool.

Connections are not kept after a request (``CONN_MAX_AGE=0``): PostgreSQL's come from a pool
per process instead (``DATABASE_POOL``), so that none stays with a thread that is gone."""

import os
import re

from a2wsgi import WSGIMiddleware
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("CONN_MAX_AGE", "0")
os.environ.setdefault("DATABASE_POOL", "1")

STREAM = re.compile(r"^/c/\d+/live/stream/$")
"""The live stream's path (config/urls.py), the one request answered on the event loop."""

streams = get_asgi_application()
pages = WSGIMiddleware(get_wsgi_application(), workers=int(os.environ.get("PAGE_THREADS", "4")))


async def application(scope, receive, send):
    if scope["type"] == "http" and not STREAM.match(scope["path"]):
        return await pages(scope, receive, send)
    return await streams(scope, receive, send)
