"""Random and hostile form data at every POST endpoint: never a 500, and nothing changed when
the answer is a refusal."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.models import (
    Campaign,
    Event,
    GameSession,
    Invitation,
    Membership,
    WorldForce,
)
from characters.models import Character
from charge.models import Milestone, PendingRoll, Playbook, Talent, Tie
from clocks.models import Clock, ClockChange
from rolls.models import Roll
from tests.factories import ForceFactory, UserFactory, make_campaign
from tests.security.rules import RULES, url_for

FIELDS = [
    "name", "pitch", "ruleset", "risk_wording", "gm_notes", "kind", "goal", "method_1", "method_2",
    "method_3", "stance", "revealed", "max_uses", "days", "role", "number", "note",
    "expected_count", "amount", "to", "size", "visibility", "who_may_tick", "character", "force",
    "scene", "side_a", "side_b", "notes", "archived", "value", "seen", "action", "dots", "delta",
    "text", "link", "effect", "situation", "instead_of", "key", "step", "risk", "pushes",
    "helpers", "tension", "talents", "asset", "setup_from", "cap_lifted", "roll", "back",
    "flashback", "likeliness", "opposed", "hidden", "burn", "cost", "resolution", "clock",
    "target", "protector", "benefit", "clear", "log", "physique_actions", "insight_actions",
    "resolve_actions", "starting_dots", "creation_cap", "max_rating", "starting_momentum",
    "stress_clock_size", "momentum_partial", "momentum_full", "momentum_critical",
    "clock_sizes", "extras", "preset", "ties", "talent_lines", "next", "username", "password",
]
HOSTILE_TEXT = st.sampled_from([
    "", " ", "0", "-1", "1e9", "99999999999999999999", "NaN", "true", "null", "[]", "{}",
    "<script>alert(1)</script>", "\" onmouseover=\"alert(1)", "../../etc/passwd", "Sneak",
    "a\x00b", "x" * 5000, "Ω≈ç√∫˜µ≤≥÷", "https://evil.example/", "1; DROP TABLE rolls;",
])
VALUES = st.one_of(
    HOSTILE_TEXT,
    st.integers(min_value=-(2**63), max_value=2**63).map(str),
    st.text(max_size=300),
    st.lists(HOSTILE_TEXT, max_size=3),
)
FORMS = st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=12)
TABLES = (Campaign, Membership, Invitation, WorldForce, Event, GameSession, Milestone, Character,
          Tie, Talent, Playbook, Clock, ClockChange, Roll, PendingRoll)
POSTABLE = sorted(name for name, rule in RULES.items()
                  if rule in ("member", "owner", "gm") and name not in ("live", "campaign", "table", "console"))


def fingerprint():
    """Enough of the database to notice any write."""
    rows = {model.__name__: model.objects.count() for model in TABLES}
    state = (list(Campaign.objects.order_by("pk").values_list("live_version", "name", "charge__dials")),
             list(PendingRoll.objects.order_by("pk").values_list("action", "goal", "risk", "effect", "asked")),
             list(Character.objects.order_by("pk").values_list("charge__momentum", "charge__stress", "charge__action_dots", "condition")),
             list(Clock.objects.order_by("pk").values_list("filled", "archived", "size", "name")))
    return rows, state


def refused(response) -> bool:
    text = response.content.decode(errors="replace")
    return response.status_code in (400, 404, 405, 410) or any(
        marker in text for marker in ('role="alert"', "invalid-feedback", "errorlist"))


@pytest.mark.parametrize("who", ["gm", "player"])
@pytest.mark.parametrize("name", POSTABLE)
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=FORMS)
def test_hostile_forms_never_break_a_page_and_refusals_change_nothing(world, name, who, data):
    table, kwargs = world
    client = table.client(who)
    before = fingerprint()
    response = client.post(url_for(name, kwargs), data)
    assert response.status_code < 500, (name, data)
    if refused(response):
        assert fingerprint() == before, (name, data)


def test_other_campaigns_ids_are_refused_everywhere(world):
    table, kwargs = world
    elsewhere = make_campaign(UserFactory(username="elsewhere"))
    foreign = ForceFactory(campaign=elsewhere, name="Foreign", revealed=True)
    client = table.client("gm")
    before = fingerprint()
    for name in ("force_edit", "force_reveal", "force_delete"):
        response = client.post(url_for(name, {**kwargs, "force_id": foreign.pk}), {"revealed": "1", "name": "x"})
        assert response.status_code == 404, name
    assert client.get(url_for("force", {**kwargs, "force_id": foreign.pk})).status_code == 404
    assert fingerprint() == before
