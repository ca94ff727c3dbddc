import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaign.models import GameSession
from charge.models import Milestone, Setup
from gamerules.progression import unlocked_slots
from tests.factories import CharacterFactory, UserFactory, make_campaign
from tests.helpers import HTMX


def start(table, number):
    GameSession.objects.filter(pk=table.session.pk).update(ended_at=timezone.now())
    return table.client("gm").post(reverse("session_start", args=[table.campaign.pk]),
                                  {"number": number}, follow=True)


def test_starting_a_session_resets_every_characters_momentum_to_two_and_records_it(table):
    CharacterFactory(campaign=table.campaign, name="Bo", momentum=0)
    response = start(table, 2)
    assert "Session 2 started" in response.text
    assert sorted(table.campaign.characters.values_list("name", "charge__momentum")) == [("Ada", 2), ("Bo", 2)]
    event = table.campaign.events.first()
    assert event.text == "Session 2 started. Momentum resets to 2 (Ada 5→2, Bo 0→2)."


def test_the_momentum_a_session_starts_with_follows_the_dial(table):
    table.campaign.charge.dials = {"starting_momentum": 3}
    table.campaign.charge.save()
    start(table, 2)
    table.character.refresh_from_db()
    assert table.character.charge.momentum == 3


def test_a_double_submit_starts_one_session(table):
    start(table, 2)
    response = table.client("gm").post(reverse("session_start", args=[table.campaign.pk]),
                                       {"number": 2}, follow=True)
    assert GameSession.objects.filter(campaign=table.campaign).count() == 2  # 1 and 2
    assert "Session 2 is still running" in response.text


def test_a_stale_form_cannot_start_a_session_twice_after_it_ended(table):
    start(table, 2)
    session = GameSession.objects.get(campaign=table.campaign, number=2)
    table.client("gm").post(reverse("session_end", args=[table.campaign.pk, session.pk]))
    response = start(table, 2)
    assert "Session 2 was just started by someone else" in response.text
    assert not GameSession.objects.filter(number=3).exists()


def test_a_bad_session_number_is_refused(table):
    response = start(table, "two")
    assert "out of date" in response.text
    assert GameSession.objects.count() == 1


def test_players_cannot_start_or_end_sessions(table):
    response = table.client("player").post(reverse("session_start", args=[table.campaign.pk]), {"number": 2})
    assert response.status_code == 404
    assert table.client("player").post(
        reverse("session_end", args=[table.campaign.pk, table.session.pk])).status_code == 404
    table.session.refresh_from_db()
    assert table.session.is_running


def test_ending_a_session_prompts_for_details_and_offers_recovery(table):
    response = table.client("gm").post(reverse("session_end", args=[table.campaign.pk, table.session.pk]),
                                       follow=True)
    assert "update your characters' details" in response.text
    assert "Recovery" in response.text
    table.session.refresh_from_db()
    assert not table.session.is_running


def test_everyone_writes_the_session_log_inline(table):
    url = reverse("session_log", args=[table.campaign.pk, table.session.pk])
    response = table.client("player").post(url, {"log": "We crossed the marsh."}, **HTMX)
    assert 'id="session-log"' in response.text and "We crossed the marsh." in response.text
    assert "SECRET-SESSION-NOTES" not in response.text


def test_only_gms_write_session_notes(table):
    url = reverse("session_notes", args=[table.campaign.pk, table.session.pk])
    assert table.client("player").post(url, {"gm_notes": "x"}).status_code == 404
    table.client("gm").post(url, {"gm_notes": "The go-between lies."})
    table.session.refresh_from_db()
    assert table.session.gm_notes == "The go-between lies."


def test_a_milestone_gives_every_character_a_talent_slot(table):
    table.client("gm").post(reverse("milestone_award", args=[table.campaign.pk]),
                            {"note": "The king is crowned", "expected_count": 0})
    assert Milestone.objects.filter(campaign=table.campaign).count() == 1
    assert unlocked_slots(table.campaign.milestones.count()) == 1
    page = table.client("player").get(table.campaign.get_absolute_url()).text
    assert "1 milestone: every character has 1 talent slot open" in page


def test_a_repeated_milestone_form_awards_once(table):
    url = reverse("milestone_award", args=[table.campaign.pk])
    table.client("gm").post(url, {"note": "", "expected_count": 0})
    response = table.client("gm").post(url, {"note": "", "expected_count": 0}, follow=True)
    assert "A milestone was just awarded" in response.text
    assert Milestone.objects.count() == 1


def test_a_player_cannot_award_a_milestone(table):
    response = table.client("player").post(reverse("milestone_award", args=[table.campaign.pk]),
                                           {"note": "", "expected_count": 0})
    assert response.status_code == 404
    assert not Milestone.objects.exists()


def test_recovery_clears_the_stress_the_gm_chooses_once_per_session(table):
    """"Recovery": the GM says 1-4 (reading 6); the recap: "once per session"."""
    url = reverse("recovery", args=[table.campaign.pk, table.character.pk])
    table.client("gm").post(url, {"amount": 2})
    table.character.refresh_from_db()
    assert table.character.charge.stress == 1
    response = table.client("gm").post(url, {"amount": 1}, follow=True)
    assert "Recovery happens once per session" in response.text
    table.character.refresh_from_db()
    assert table.character.charge.stress == 1
    table.client("gm").post(reverse("session_end", args=[table.campaign.pk, table.session.pk]))
    table.client("gm").post(reverse("session_start", args=[table.campaign.pk]), {"number": 2})
    table.client("gm").post(url, {"amount": 4})
    table.character.refresh_from_db()
    assert table.character.charge.stress == 0


def test_quick_charge_recovers_one_segment(table):
    """"Quick Charge": "once per session clear 1 segment off a PC's stress clock"."""
    Setup.objects.filter(campaign=table.campaign.pk).update(ruleset="quick_charge")
    url = reverse("recovery", args=[table.campaign.pk, table.character.pk])
    response = table.client("gm").post(url, {"amount": 2}, follow=True)
    assert "clear 1 stress" in response.text
    table.client("gm").post(url, {"amount": 1})
    table.character.refresh_from_db()
    assert table.character.charge.stress == 2


def test_recovery_outside_one_to_four_changes_nothing(table):
    url = reverse("recovery", args=[table.campaign.pk, table.character.pk])
    for amount in (0, 5, "lots"):
        response = table.client("gm").post(url, {"amount": amount}, follow=True)
        assert "clear 1 to 4 stress" in response.text
    table.character.refresh_from_db()
    assert table.character.charge.stress == 3


def test_a_player_cannot_clear_stress(table):
    url = reverse("recovery", args=[table.campaign.pk, table.character.pk])
    assert table.client("player").post(url, {"amount": 1}).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(("system", "gm_told", "reminded"), [
    ("charge", "Offer recovery below", "clear 1 to 4 stress below"),
    ("traits", "Remind players to update their sheets", "an aftermath is on each character's sheet"),
    ("ability", "Remind players to update their sheets", None),
    ("advantage", "Remind players to update their sheets", None),
])
def test_each_system_says_what_its_sessions_bring(system, gm_told, reminded):
    """Charge's bookkeeping (momentum at the start, stress recovery at the end, milestones) and
    Traits' aftermath at a chapter's end are said by each system (``session_notes``), by no other."""
    gm = UserFactory()
    campaign = make_campaign(gm, system=system)
    client = Client()
    client.force_login(gm)
    started = client.post(reverse("session_start", args=[campaign.pk]), {"number": 1}, follow=True).text
    assert ("momentum is reset" in started) is (system == "charge")
    session = campaign.sessions.get()
    ended = client.post(reverse("session_end", args=[campaign.pk, session.pk]), follow=True).text
    assert gm_told in ended
    assert ("Award a milestone" in client.get(reverse("campaign", args=[campaign.pk])).text) is (system == "charge")
    for words in ("clear 1 to 4 stress below", "an aftermath is on each character's sheet"):
        assert (words in ended) is (words == reminded)
    listed = client.get(reverse("sessions", args=[campaign.pk])).text
    assert ("resets every character's momentum to 2" in listed) is (system == "charge")
