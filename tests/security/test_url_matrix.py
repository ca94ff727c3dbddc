"""Every URL of the site, walked from the URL patterns, requested as every role. A URL added
without a rule here fails the first test until someone says who may use it."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils.html import escape

from campaign.models import Invitation, Membership
from characters.models import Playbook, Tie
from clocks.models import Clock, ClockChange, Visibility
from rolls.models import Roll
from tests.factories import CharacterFactory
from tests.table import SECRETS

# Who may use each URL: public (anyone), account (anyone logged in), member (every member of
# the campaign; the action itself may still refuse), owner (the character's player and GMs),
# gm (GMs only).
RULES = {
    "home": "public", "signup": "public", "login": "public", "join": "public",
    "logout": "public", "ping": "account", "password_change": "account",
    "password_change_done": "account", "campaigns": "account", "campaign_create": "account",
    "campaign": "member", "live": "member", "table": "member", "console": "gm",
    "call_for_roll": "gm",
    "clocks": "member", "clock_panel": "member", "clock_create": "gm", "clock": "member",
    "clock_edit": "gm", "clock_tick": "member", "clock_reset": "gm", "clock_archive": "gm",
    "clock_undo": "gm",
    "character_create": "member", "character": "member", "character_print": "member",
    "character_text": "owner", "character_dots": "owner", "character_finish": "owner",
    "character_momentum": "owner", "character_stress": "owner", "character_back": "owner",
    "character_talent": "owner", "character_tie": "owner", "character_tie_delete": "owner",
    "character_clock": "owner", "character_work": "owner",
    "rolls": "member", "roll_new": "member", "roll_odds": "member", "roll_fortune": "member",
    "fortune_odds": "member", "roll_determination": "member", "determination_odds": "member",
    "roll_flashback": "member", "roll": "member", "roll_progress": "member",
    "roll_consequence": "gm", "roll_accept": "member", "roll_resist": "member",
    "roll_protect": "member", "roll_setup": "member",
    "playbooks": "member", "playbook_create": "gm", "playbook_edit": "gm",
    "campaign_edit": "gm", "gm_notes": "gm", "dials": "gm", "milestone_award": "gm",
    "recovery": "gm", "members": "member", "member_role": "gm", "member_remove": "gm",
    "leave": "member", "invitation_create": "gm", "invitation_revoke": "gm",
    "forces": "member", "force_create": "gm", "force": "member", "force_edit": "gm",
    "force_reveal": "gm", "force_delete": "gm",
    "sessions": "member", "session_start": "gm", "session": "member", "session_log": "member",
    "session_notes": "gm", "session_end": "gm",
}
ROLES = ("anonymous", "outsider", "other_player", "player", "gm")
MORE_SECRETS = ("SECRET-GM-CLOCK", "SECRET-GM-CLOCK-NOTES", "SECRET-KNOWN-NOTES",
                "SECRET-KNOWN-REASON", "SECRET-HIDDEN-ROLL", "SECRET-CHARACTER-NOTES")


def routes() -> dict[str, str]:
    """Every named URL pattern and its full route, walked from the URL configuration."""
    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield pattern.name, prefix + str(pattern.pattern)
    return dict(walk(get_resolver().url_patterns))


def url_names():
    return sorted(routes())


def test_every_url_has_a_rule():
    unclassified = [name for name in url_names() if name not in RULES]
    assert unclassified == [], f"say who may use these URLs in RULES: {unclassified}"
    assert sorted(set(RULES) - set(url_names())) == [], "RULES names a URL that no longer exists"


@pytest.fixture
def world(table):
    """The table, with one of everything a URL can name, and a secret in every GM-only field."""
    c = table.campaign
    ada = table.character
    ada.gm_notes = "SECRET-CHARACTER-NOTES"
    ada.created = True
    ada.save()
    CharacterFactory(campaign=c, owner=table.other_player, name="Bo")
    clock = Clock.objects.create(campaign=c, name="Buy back the boat", kind="project", size=6,
                                 filled=2, who_may_tick="members", character=ada)
    change = ClockChange.objects.create(clock=clock, by=table.gm, before=1, after=2, reason="A tick")
    Clock.objects.create(campaign=c, name="SECRET-GM-CLOCK", kind="danger", size=4,
                         visibility=Visibility.GM, notes="SECRET-GM-CLOCK-NOTES")
    known = Clock.objects.create(campaign=c, name="Turf War", kind="opposed", size=8, filled=5,
                                 visibility=Visibility.KNOWN, notes="SECRET-KNOWN-NOTES")
    ClockChange.objects.create(clock=known, before=4, after=5, reason="SECRET-KNOWN-REASON")
    roll = Roll.objects.create(campaign=c, character=ada, kind="action", action="Sneak", pool_size=2,
                               dice=[4, 2], outcome="partial", risk=2, effect=2,
                               consequence_rating=2, idempotency_key="matrix")
    Roll.objects.create(campaign=c, kind="fortune", goal="SECRET-HIDDEN-ROLL", hidden=True,
                        pool_size=1, dice=[3], outcome="bad", idempotency_key="matrix-hidden")
    invitation = Invitation.objects.create(campaign=c, created_by=table.gm)
    kwargs = {
        "campaign_id": c.pk, "character_id": ada.pk, "clock_id": clock.pk, "change_id": change.pk,
        "force_id": table.revealed_force.pk, "session_id": table.session.pk,
        "member_id": Membership.objects.get(campaign=c, user=table.other_player).pk,
        "invitation_id": invitation.pk, "token": invitation.token, "roll_id": roll.pk,
        "playbook_id": Playbook.objects.create(campaign=c, name="The Smuggler",
                                               action_dots={"Sneak": 2, "Move": 1}).pk,
        "tie_id": Tie.objects.create(character=ada, text="An old friend").pk,
        "slot": 1, "field": "concept",
    }
    return table, kwargs


def url_for(name, kwargs):
    needed = re.findall(r"<(?:\w+:)?(\w+)>", routes()[name])
    return reverse(name, kwargs={key: kwargs[key] for key in needed})


def check(role, rule, response, table):
    status = response.status_code
    assert status < 500
    if rule == "public":
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
    url = url_for(name, kwargs)
    client = table.client(role)
    for method in ("get", "post"):
        response = getattr(client, method)(url)
        if response.status_code == 405:
            continue  # that method is not offered; the other one is checked
        check(role, RULES[name], response, table)
