"""The secret walk over every API answer: after an evening of ordinary GM actions that plant
secrets (tests/security/test_derived_views.py: hidden rolls, GM-only and known-but-hidden clocks,
a hidden force owning a public clock, a force revealed and hidden again, GM notes), every page of
every endpoint a player reads is searched for what they may not see."""

import json

import pytest
from django.urls import reverse

from api.endpoints import ENDPOINTS
from tests.api.conftest import read_all
from tests.security.test_derived_views import leaks
from tests.table import SECRETS


def every_answer(table, who) -> list[str]:
    """Every page of every endpoint, one row a page, as ``who`` reads it."""
    reader = table.api_client(who)
    texts = []
    for endpoint in ENDPOINTS:
        url = reverse(endpoint.name, **({} if endpoint.name == "api_campaigns" else {"args": [table.campaign.pk]}))
        url += "?limit=1"
        while url:
            response = reader.get(url)
            assert response.status_code == 200, url
            texts.append(response.content.decode())
            url = response.json()["next"]
    return texts


def test_the_gm_reads_the_planted_secrets(played):
    """The markers are there to find: the search below could fail."""
    text = "".join(every_answer(played, "gm"))
    for marker in ("HIDDEN-DANGER-CLOCK", "HIDDEN-PROGRESS-CLOCK", "ONCE-PUBLIC-CLOCK", "KNOWN-CLOCK-NOTES",
                   "HIDDEN-SPELL-DANGER", "SECRET-SESSION-NOTES", "HIDDEN-FORCE-NAME"):
        assert marker in text, marker


@pytest.mark.parametrize("who", ["player", "other_player"])
def test_no_api_answer_a_player_reads_mentions_what_they_may_not_see(played, who):
    answers = every_answer(played, who)
    assert len(answers) >= 12  # one row a page: every clock, roll, character and session
    for text in answers:
        assert leaks(text) == [], text
        assert not [secret for secret in SECRETS if secret in text], text
    clocks = read_all(played.api_client(who), reverse("api_clocks", args=[played.campaign.pk]))
    hidden = [clock for clock in clocks if clock["name"] in ("Turf War", "QUIET-ERRAND")]
    assert len(hidden) == 2
    assert all(clock["filled"] is None and clock["size"] is None and clock["notes"] == "" for clock in hidden)
    harbour = next(clock for clock in clocks if clock["name"] == "Harbour Watch")
    assert harbour["belongs_to"] == ""  # its force is hidden


def test_a_hidden_roll_is_not_in_a_players_log(played):
    c = played.campaign.pk
    gm = json.dumps(read_all(played.api_client("gm"), reverse("api_rolls", args=[c])))
    player = read_all(played.api_client("player"), reverse("api_rolls", args=[c]))
    hidden = played.campaign.rolls.filter(hidden=True).values_list("pk", flat=True)
    assert hidden and all(f'"id": {pk},' in gm for pk in hidden)
    assert not {row["id"] for row in player} & set(hidden)
