"""ASGI entry point: ``uvicorn campaign.asgi:application`` (``make run``, ``make serve``).

Under ASGI each request runs its synchronous parts in a thread of its own, so a connection kept
open after a request would stay with a thread that is gone: connections are not kept
(``CONN_MAX_AGE=0``) and PostgreSQL's are pooled instead (``DATABASE_POOL``)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
os.environ.setdefault("CONN_MAX_AGE", "0")
os.environ.setdefault("DATABASE_POOL", "1")
application = get_asgi_application()
