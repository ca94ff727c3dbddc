"""A database made by the last release upgrades with ``migrate`` and loses nothing.

``release-9b589f3/`` holds what that release (commit 9b589f3) made and wrote, by its own code:
``database.sqlite3.gz`` is its database after ``migrate`` and ``load_demo`` (the four demo
campaigns, one a dice system, with rolls on their way, consequences, hidden clocks and the Extras),
and ``campaign-N.json`` each campaign as its ``backup_campaigns`` exported it. Here that database is
migrated by this code and exported again: every campaign must come out as it went in.

Made with: ``git worktree add /tmp/release 9b589f3``, then in it with
``DATABASE_URL=sqlite:////tmp/release/release.sqlite3``: ``manage.py migrate``, ``manage.py load_demo``,
``manage.py backup_campaigns --dir exports``."""

import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

RELEASE = Path(__file__).parent / "release-9b589f3"
ROOT = Path(__file__).resolve().parents[2]


def _manage(database: Path, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "DJANGO_SETTINGS_MODULE": "config.settings",
           "REDIS_URL": "", "DEBUG": "1"}
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory) -> Path:
    """The last release's database, migrated by this code, and its campaigns exported again."""
    folder = tmp_path_factory.mktemp("upgrade")
    database = folder / "database.sqlite3"
    with gzip.open(RELEASE / "database.sqlite3.gz") as packed, database.open("wb") as unpacked:
        shutil.copyfileobj(packed, unpacked)
    _manage(database, "migrate", "--noinput")
    _manage(database, "backup_campaigns", "--dir", str(folder / "exports"))
    return next((folder / "exports").iterdir())


def _without_time(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "exported_at"}


@pytest.mark.parametrize("export", sorted(path.name for path in RELEASE.glob("campaign-*.json")))
def test_every_campaign_of_the_last_release_comes_out_of_the_upgrade_as_it_went_in(upgraded, export):
    before = json.loads((RELEASE / export).read_text())
    after = json.loads((upgraded / export).read_text())
    assert _without_time(after) == _without_time(before)


def test_the_upgrade_has_every_campaign_and_nothing_more(upgraded):
    assert sorted(path.name for path in upgraded.iterdir()) == sorted(path.name for path in RELEASE.glob("campaign-*.json"))


def test_the_upgrade_reads_every_roll_once_for_the_dice_statistics(upgraded):
    """rolls 0019: each roll's reading (rolls/reading.py) as a save of it would write it."""
    database = upgraded.parents[1] / "database.sqlite3"
    counted = _manage(database, "shell", "-c", "from rolls.models import Roll; from rolls.reading import reading_of; "
                      "rolls = list(Roll.objects.all()); "
                      "print(len(rolls), sum(r.reading != reading_of(r) for r in rolls), sum(not r.reading for r in rolls))")
    rolls, misread, unread = map(int, counted.splitlines()[-1].split())  # after what the shell says it imported
    assert rolls and misread == 0 and unread == 0
