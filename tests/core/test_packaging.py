"""A non-editable install (``pip install .``) carries every app of the site, with its templates,
static files and catalogues, and coverage measures every app."""

import fnmatch
import tomllib
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
OWN_APPS = sorted({app.split(".")[0] for app in settings.INSTALLED_APPS if (ROOT / app.split(".")[0]).is_dir()}
                  | {settings.ROOT_URLCONF.split(".")[0], "gamerules"})
"""The site's own apps, its project package and the rules."""


def test_every_app_is_packaged():
    include = PROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    assert [app for app in OWN_APPS if not any(fnmatch.fnmatch(app, pattern) for pattern in include)] == []


def test_every_apps_files_travel_with_it():
    """Templates, static files and catalogues sit inside the apps and their package data says so."""
    data = PROJECT["tool"]["setuptools"]["package-data"]["*"]
    assert {"templates/**/*", "static/**/*", "locale/**/*"} <= set(data)
    assert not (ROOT / "templates").exists() and not (ROOT / "static").exists() and not (ROOT / "locale").exists()
    assert all(Path(path).is_relative_to(ROOT / "config") for path in settings.LOCALE_PATHS)
    assert settings.TEMPLATES[0]["DIRS"] == [] and not getattr(settings, "STATICFILES_DIRS", [])


def test_coverage_measures_every_app():
    assert sorted(PROJECT["tool"]["coverage"]["run"]["source"]) == OWN_APPS
