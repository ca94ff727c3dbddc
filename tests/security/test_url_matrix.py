"""Every URL of the site, walked from the URL patterns, requested as every role. A URL added
without a rule here fails the first test until someone says who may use it."""

import pytest
from django.utils.html import escape

from core.systems import DiceSystem, playable, plays
from tests.security.rules import RULES, TOKEN_RULES, routes, url_for
from tests.table import SECRETS

ROLES = ("anonymous", "outsider", "other_player", "player", "gm")
MORE_SECRETS = ("SECRET-GM-CLOCK", "SECRET-GM-CLOCK-NOTES", "SECRET-KNOWN-NOTES",
                "SECRET-KNOWN-REASON", "SECRET-HIDDEN-ROLL", "SECRET-CHARACTER-NOTES", "SECRET-FORCE-IDEA")


def test_every_url_has_a_rule():
    unclassified = [name for name in sorted(routes()) if name not in RULES]
    assert unclassified == [], f"say who may use these URLs in RULES: {unclassified}"
    assert sorted(set(RULES) - set(routes())) == [], "RULES names a URL that no longer exists"


def system_of(name) -> DiceSystem:
    """A campaign system that has the page: Charge for a shared one."""
    return next(system for system in playable() if plays(system.value, name))


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_page_of_another_dice_system_is_not_there_even_for_the_gm(world, name):
    table, kwargs = world
    for system in playable():
        if plays(system.value, name):
            continue
        table.campaign.__class__.objects.filter(pk=table.campaign.pk).update(system=system.value)
        for method in ("get", "post"):
            assert getattr(table.client("gm"), method)(url_for(name, kwargs)).status_code in (404, 405)


def check(role, rule, response, table, api=False):
    status = response.status_code
    assert status < 500
    if rule == "public":
        return
    if role == "anonymous" and api:
        assert status == 401 and response.json()["status"] == 401  # a program is not sent to log in
        return
    if role == "anonymous":
        assert status == 302 and "/accounts/login/" in response.url
        return
    if rule == "account":
        assert status != 404
        return
    if role == "outsider":
        assert status == 404  # never 403: an outsider cannot tell the campaign exists
        assert escape(table.campaign.name) not in response.content.decode()
        return
    if role in ("player", "other_player"):
        text = response.content.decode()
        for secret in (*SECRETS, *MORE_SECRETS):
            assert secret not in text, secret
        refused = rule == "gm" or (rule == "owner" and role == "other_player")
        assert (status == 404) is refused
        return
    assert status != 404  # the GM may use every URL


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(RULES))
def test_each_url_answers_each_role_as_its_rule_says(world, name, role):
    table, kwargs = world
    table.campaign.__class__.objects.filter(pk=table.campaign.pk).update(system=system_of(name).value)
    url = url_for(name, kwargs)
    api = RULES[name] in TOKEN_RULES
    client = table.api_client(role) if api else table.client(role)
    for method in ("get", "post"):
        response = getattr(client, method)(url)
        if response.status_code == 405:
            continue  # that method is not offered; the other one is checked
        check(role, TOKEN_RULES.get(RULES[name], RULES[name]), response, table, api)


@pytest.mark.parametrize("name", sorted(name for name, rule in RULES.items() if rule in TOKEN_RULES))
def test_a_session_alone_reads_nothing_of_the_api(world, name):
    """Logged in on the site is not a token: a page of another site cannot read the API with the
    browser's cookie."""
    table, kwargs = world
    for role in ROLES:
        response = table.client(role).get(url_for(name, kwargs))
        assert response.status_code == 401 and table.campaign.name not in response.text
