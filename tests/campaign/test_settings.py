"""Settings come from the environment; production settings pass Django's deployment checks."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "k" * 20 + "-Zq8v!w3Rt#pLm2Xc9Yb&Nf4Hd7Js1Ga6Ke0", "ALLOWED_HOSTS": "example.org"}


SET_BY_US = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "REDIS_URL", "REDIS_PREFIX", "HTTPS", "DJANGO_ALLOW_ASYNC_UNSAFE")


def run(args: list[str], **env: str) -> subprocess.CompletedProcess:
    """Run Python in a fresh process with only the given settings variables. The timeout only
    stops a hang: migrating a new database took over 60 s on a slow machine busy with the suite."""
    clean = {k: v for k, v in os.environ.items() if k not in SET_BY_US}
    return subprocess.run([sys.executable, *args], cwd=ROOT,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
                          capture_output=True, text=True, timeout=300)


def run_django(code: str, **env: str) -> subprocess.CompletedProcess:
    return run(["-c", "import django; django.setup(); " + code], **env)


def test_check_deploy_is_clean_with_production_settings():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_debug_off_without_a_secret_key_refuses_to_start():
    result = run_django("", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_production_turns_on_https_cookies_and_hsts():
    result = run_django(
        "from django.conf import settings as s; "
        "print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, "
        "s.SECURE_HSTS_SECONDS > 0, s.ALLOWED_HOSTS)", **PRODUCTION)
    assert result.stdout.strip() == "False True True True True ['example.org']", result.stderr


def test_redis_url_moves_the_cache_and_sessions_to_redis():
    result = run_django(
        "from django.conf import settings as s; "
        "print(s.CACHES['default']['BACKEND'], s.SESSION_ENGINE)",
        REDIS_URL="redis://127.0.0.1:6379/0")
    assert result.stdout.split() == ["core.cache.RedisCache",
                                     "django.contrib.sessions.backends.cached_db"]


@pytest.mark.parametrize(("env", "site"), [
    ({"REDIS_URL": "redis://127.0.0.1:6379"}, "charge:0"),
    ({"REDIS_URL": "redis://127.0.0.1:6379/3"}, "charge:3"),
    ({"REDIS_URL": "redis://127.0.0.1:6379/3", "REDIS_PREFIX": "other"}, "other:3")])
def test_each_site_on_one_redis_has_its_own_keys_and_live_channel(env, site):
    result = run_django("from django.conf import settings as s; from campaign.push import channel; "
                        "print(s.CACHES['default']['KEY_PREFIX'], channel())", **env)
    assert result.stdout.split() == [site, f"{site}:live"]


def test_database_url_chooses_the_database():
    result = run_django(
        "from django.conf import settings as s; d = s.DATABASES['default']; "
        "print(d['ENGINE'], d['NAME'], d['HOST'])",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/charge")
    assert result.stdout.split() == ["django.db.backends.postgresql", "charge", "127.0.0.1"]


def test_static_files_build_compressed_with_hashed_names(tmp_path):
    storages = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}}
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
    css = list((tmp_path / "vendor" / "bootstrap").glob("bootstrap.min.*.css"))
    assert css, "bootstrap.min.css has a hashed name"
    assert Path(str(css[0]) + ".gz").exists()
    assert list((tmp_path / "django_htmx").glob("htmx-2.min.*.js.gz"))


@pytest.mark.django_db
def test_the_site_serves_with_debug_off(client, settings):
    settings.DEBUG = False
    assert client.get("/").status_code == 200


def test_two_writes_at_once_on_sqlite_both_land_instead_of_a_locked_database(tmp_path):
    """The default database, as ``make run`` serves it: three people saving the same row at the
    same moment each wait their turn (no "database is locked" error page)."""
    code = """
import threading, time
from django.core.management import call_command
from django.db import connections, transaction
from campaign.models import Campaign
call_command("migrate", verbosity=0)
campaign = Campaign.objects.create(name="race")
errors, barrier = [], threading.Barrier(3)
def save():
    try:
        barrier.wait()
        with transaction.atomic():
            row = Campaign.objects.get(pk=campaign.pk)
            time.sleep(0.2)
            row.name += "!"
            row.save()
    except Exception as error:
        errors.append(repr(error))
    finally:
        connections.close_all()
threads = [threading.Thread(target=save) for _ in range(3)]
[thread.start() for thread in threads]
[thread.join() for thread in threads]
print(errors, Campaign.objects.get(pk=campaign.pk).name)
"""
    result = run_django(code, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[] race!!!"
