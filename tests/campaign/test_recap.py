"""A session's recap and the table's "previously on…", built from an evening played through the
pages with scripted dice: what each viewer reads, and what they never read."""

import pytest
from django.urls import reverse

from campaign.models import GameSession
from clocks.models import Clock
from rolls.models import Roll
from tests.helpers import HTMX, SPREAD, update_character, wizard, words
from tests.security.test_derived_views import clock_post


@pytest.fixture
def evening(table, dice):
    """Session 1 ends, session 2 is played and ended by the GM and a player, as they would."""
    c = table.campaign.pk
    gm, player = table.client("gm"), table.client("player")
    update_character(table.character.pk, action_dots=dict(SPREAD), created=True)
    gm.post(reverse("session_end", args=[c, table.session.pk]))
    gm.post(reverse("session_start", args=[c]), {"number": 2})  # "You start with 2 momentum"
    session = GameSession.objects.get(campaign_id=c, number=2)
    gm.post(reverse("clock_create", args=[c]), clock_post(name="Alert", size=6))
    gm.post(reverse("clock_create", args=[c]), clock_post(name="AMBUSH-IN-THE-DARK", size=4, visibility="gm"))
    alert = Clock.objects.get(name="Alert")
    # 4 and 3 on two dice: a partial success, +1 momentum; the GM's complication, accepted,
    # ticks the danger clock by the consequence rating: 2 at moderate risk ("Consequence Rating").
    dice(4, 3)
    wizard(table, action="Sneak", goal="Slip past the guards")
    roll = Roll.objects.latest("pk")
    gm.post(reverse("roll_consequence", args=[c, roll.pk]),
            {"kind": "complication", "target": table.character.pk, "clock": alert.pk})
    player.post(reverse("roll_accept", args=[c, roll.pk]))
    player.post(reverse("character_stress", args=[c, table.character.pk]), {"delta": "-1"})
    dice(6)
    gm.post(reverse("roll_fortune", args=[c]), {"key": "secret-fortune", "label": "SECRET-FORTUNE-STAKE",
                                               "likeliness": 1, "hidden": "on"})
    gm.post(reverse("clock_tick", args=[c, Clock.objects.get(name="AMBUSH-IN-THE-DARK").pk]), {"to": 3})
    gm.post(reverse("force_reveal", args=[c, table.hidden_force.pk]), {"revealed": "1"})
    gm.post(reverse("milestone_award", args=[c]), {"note": "The rebels trust us", "expected_count": 0})
    gm.post(reverse("session_summary", args=[c, session.pk]), {"summary": "We slipped into the palace."})
    gm.post(reverse("session_end", args=[c, session.pk]))
    table.evening = {"session": session, "roll": roll, "alert": alert}
    return table


def recap_of(table, who):
    session = table.evening["session"]
    response = table.client(who).get(reverse("session_recap", args=[table.campaign.pk, session.pk]))
    assert response.status_code == 200
    return response


def test_a_players_recap_tells_the_evening_as_the_player_saw_it(evening):
    response = recap_of(evening, "player")
    text = words(response)
    assert "Recap of Session 2" in text and "We slipped into the palace." in text
    assert "The rebels trust us · every character gains a talent" in text
    assert "Alert · Danger · 0 → 2 of 6" in text
    assert "Sneak" in text and "Partial success" in text and "Slip past the guards" in text
    assert "Consequence: Complication (2)" in text
    assert "SECRET-HIDDEN-FORCE" in text  # revealed in the session
    roll_url = evening.evening["roll"].get_absolute_url()
    alert_url = evening.evening["alert"].get_absolute_url()
    assert f'href="{roll_url}"' in response.text and f'href="{alert_url}"' in response.text
    assert response.text.count('data-testid="recap-roll"') == 1
    for secret in ("AMBUSH-IN-THE-DARK", "SECRET-FORTUNE-STAKE", "Fortune roll", "SECRET-SESSION-NOTES"):
        assert secret not in response.text


def test_the_recap_gives_momentum_and_stress_at_the_start_and_the_end(evening):
    """Ada had 5 momentum before session 2: it starts at 2 ("Momentum"), a 4-5 gains 1; her
    stress was 3 and she cleared one."""
    rows = [row.split() for row in words(recap_of(evening, "player")).split("Momentum Stress")[1:2]]
    assert "Ada 2 → 3 3 → 2" in " ".join(rows[0])


def test_the_gms_recap_holds_the_secrets_too(evening):
    text = recap_of(evening, "gm").text
    assert "AMBUSH-IN-THE-DARK" in text and "0 → 3 of 4" in text and "Fortune roll" in text
    assert text.count('data-testid="recap-roll"') == 2


def test_a_force_hidden_again_leaves_the_players_recap(evening):
    c = evening.campaign.pk
    evening.client("gm").post(reverse("force_reveal", args=[c, evening.hidden_force.pk]), {"revealed": "0"})
    assert "SECRET-HIDDEN-FORCE" not in recap_of(evening, "player").text
    assert "SECRET-HIDDEN-FORCE" in recap_of(evening, "gm").text


def test_the_other_player_reads_the_same_recap_and_an_outsider_gets_404(evening):
    def recap_words(who):
        return words(recap_of(evening, who)).split("Recap of")[1]

    assert recap_words("other_player") == recap_words("player")
    session = evening.evening["session"]
    outsider = evening.client("outsider")
    assert outsider.get(reverse("session_recap", args=[evening.campaign.pk, session.pk])).status_code == 404
    assert outsider.get(reverse("previously_on", args=[evening.campaign.pk])).status_code == 404


def test_previously_on_shows_the_last_session_as_the_table_sees_it_even_for_the_gm(evening):
    for who in ("gm", "player"):
        response = evening.client(who).get(reverse("previously_on", args=[evening.campaign.pk]))
        text = words(response)
        assert "Previously on Session 2…" in text and "We slipped into the palace." in text
        assert "Alert · Danger · 0 → 2 of 6" in text
        assert "AMBUSH-IN-THE-DARK" not in response.text and "SECRET-FORTUNE-STAKE" not in response.text


def test_the_table_screen_offers_previously_on_once_a_session_has_ended(table):
    url = reverse("table", args=[table.campaign.pk])
    previously = reverse("previously_on", args=[table.campaign.pk])
    assert previously not in table.client("player").get(url).text
    response = table.client("player").get(previously)
    assert "No session has ended yet" in words(response)
    table.client("gm").post(reverse("session_end", args=[table.campaign.pk, table.session.pk]))
    assert previously in table.client("player").get(url).text


def test_the_table_language_tells_previously_on(evening):
    evening.campaign.table_language = "fr"
    evening.campaign.save()
    response = evening.client("player").get(reverse("previously_on", args=[evening.campaign.pk]))
    assert response["Content-Language"] == "fr"


def test_only_the_gm_writes_the_summary_and_it_is_saved_in_place(table):
    c, session = table.campaign.pk, table.session
    url = reverse("session_summary", args=[c, session.pk])
    assert table.client("player").post(url, {"summary": "Mine"}).status_code == 404
    assert table.client("outsider").post(url, {"summary": "Mine"}).status_code == 404
    page = table.client("player").get(session.get_absolute_url()).text
    assert url not in page and "No summary yet" in page
    response = table.client("gm").post(url, {"summary": "The heist went loud."}, **HTMX)
    assert 'id="session-summary"' in response.text and "The heist went loud." in response.text
    assert "<html" not in response.text
    session.refresh_from_db()
    assert session.summary == "The heist went loud."
    assert "The heist went loud." in table.client("player").get(session.get_absolute_url()).text
    response = table.client("gm").post(url, {"summary": "x" * 10_001})
    assert response.status_code == 200 and "at most 10000 characters" in words(response)
    session.refresh_from_db()
    assert session.summary == "The heist went loud."


def test_a_session_without_anything_says_so(table):
    response = table.client("player").get(reverse("session_recap", args=[table.campaign.pk, table.session.pk]))
    assert "Nothing was rolled, ticked or revealed in this session." in words(response)


def test_the_summary_travels_in_the_export(evening):
    data = evening.client("player").get(reverse("campaign_export", args=[evening.campaign.pk])).json()
    assert "We slipped into the palace." in str(data)
