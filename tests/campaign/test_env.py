"""Switches read from the environment: a typo is an error, never a silent False."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import env_bool


@pytest.mark.parametrize(("value", "expected"), [
    ("1", True), ("true", True), ("Yes", True), (" on ", True),
    ("0", False), ("FALSE", False), ("no", False), ("off", False)])
def test_a_switch_reads_the_usual_words(monkeypatch, value, expected):
    monkeypatch.setenv("CHARGE_SWITCH", value)
    assert env_bool("CHARGE_SWITCH", not expected) is expected


@pytest.mark.parametrize("default", [True, False])
def test_an_unset_or_empty_switch_keeps_its_default(monkeypatch, default):
    monkeypatch.delenv("CHARGE_SWITCH", raising=False)
    assert env_bool("CHARGE_SWITCH", default) is default
    monkeypatch.setenv("CHARGE_SWITCH", "")
    assert env_bool("CHARGE_SWITCH", default) is default


@pytest.mark.parametrize("typo", ["of", "flase", "2", "enabled"])
def test_a_typo_stops_the_site_from_starting(monkeypatch, typo):
    monkeypatch.setenv("CHARGE_SWITCH", typo)
    with pytest.raises(ImproperlyConfigured, match="CHARGE_SWITCH"):
        env_bool("CHARGE_SWITCH", False)
