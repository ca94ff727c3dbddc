"""A fifth dice system plugs in with its own app and one setting: the coin flip (tests/toy) is
installed through ``SYSTEM_APPS`` in a run of its own, with no shared file touched, and played
there end to end (played.py)."""

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.db import connection

ROOT = Path(settings.BASE_DIR)


def test_a_coin_flip_system_plugs_in_and_is_played():
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("PYTEST_", "REDIS_URL"))}  # a run of its own: not this run's worker or Redis
    env["SYSTEM_APPS"] = ",".join([*settings.SYSTEM_APPS, "tests.toy"])
    if url := os.environ.get("DATABASE_URL"):  # a test database beside this run's own
        env["DATABASE_URL"] = urlunsplit(urlsplit(url)._replace(path=f"/{connection.settings_dict['NAME']}_toy"))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                          "tests/toy/played.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert run.stdout.splitlines()[-1].startswith("5 passed")  # none skipped, none left out
