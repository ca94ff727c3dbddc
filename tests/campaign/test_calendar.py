"""Planned sessions and the members' calendars: the GM plans, moves and cancels a session in their
own time zone; each member subscribes with a private address that a real iCalendar parser reads,
with a stable UID, a growing SEQUENCE and the cancellation; nothing else of the campaign leaves."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse
from icalendar import Calendar

from accounts.models import Account
from campaign.models import CalendarFeed, Membership, SessionPlan
from tests.table import SECRETS

EVENING = {"starts": "2026-12-05T19:00", "minutes": 240, "time_zone": "Europe/Stockholm", "note": "Bring snacks"}


def _plan(table, who="gm", **changes):
    return table.client(who).post(reverse("plan_create", args=[table.campaign.pk]), {**EVENING, **changes}, follow=True)


def _feed(table, who):
    table.client(who).post(reverse("calendar_new", args=[table.campaign.pk]))
    membership = Membership.objects.get(campaign=table.campaign, user=getattr(table, who))
    return reverse("calendar_feed", args=[CalendarFeed.objects.get(membership=membership).token])


def _events(client, address):
    response = client.get(address)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    return response, list(Calendar.from_ical(response.content).walk("VEVENT"))


def test_the_gm_plans_a_session_in_their_time_zone_and_every_member_reads_it(table):
    page = _plan(table)
    plan = SessionPlan.objects.get(campaign=table.campaign)
    assert plan.starts_at == datetime(2026, 12, 5, 18, 0, tzinfo=UTC)  # 19:00 in Stockholm, winter time
    assert "Planned: every member&#x27;s calendar shows it." in page.text
    for who in ("player", "other_player", "gm"):
        text = table.client(who).get(reverse("sessions", args=[table.campaign.pk])).text
        assert "Bring snacks" in text and "Europe/Stockholm" in text and "4 h" in text
        assert "Sat 5 Dec 2026, 19:00" in text  # as the GM planned it, in the GM's time zone
    assert table.campaign.events.filter(text__contains="planned a session for 2026-12-05 19:00 (Europe/Stockholm)").exists()


def test_players_and_outsiders_cannot_plan_and_a_double_submit_plans_once(table):
    assert _plan(table, "player").status_code == 404
    assert table.client("outsider").get(reverse("sessions", args=[table.campaign.pk])).status_code == 404
    client = table.client("gm")
    for _ in range(2):
        client.post(reverse("plan_create", args=[table.campaign.pk]), {**EVENING, "key": "one-evening"})
    assert SessionPlan.objects.filter(campaign=table.campaign).count() == 1


@pytest.mark.parametrize("bad", [{"time_zone": "Mars/Olympus"}, {"starts": "next friday"}, {"minutes": 7},
                                 {"note": "x" * 201}])
def test_bad_input_is_refused_with_a_message_and_nothing_planned(table, bad):
    page = _plan(table, **bad)
    assert page.status_code == 200 and "is-invalid" in page.text
    assert not SessionPlan.objects.exists()


def test_a_members_calendar_holds_the_plan_and_follows_a_move_and_a_cancellation(table):
    _plan(table)
    plan = SessionPlan.objects.get()
    address = _feed(table, "player")
    anyone = table.client("outsider")  # a calendar app signs in nowhere: the address is the key
    response, (event,) = _events(anyone, address)
    uid = str(event["uid"])
    assert event.decoded("dtstart") == datetime(2026, 12, 5, 18, 0, tzinfo=UTC)
    assert event.decoded("dtend") == datetime(2026, 12, 5, 22, 0, tzinfo=UTC)
    assert (str(event["status"]), int(event["sequence"])) == ("CONFIRMED", 0)
    assert table.campaign.name in str(event["summary"]) and str(event["description"]) == "Bring snacks"
    table.client("gm").post(reverse("plan_edit", args=[table.campaign.pk, plan.pk]), {**EVENING, "starts": "2026-12-06T18:30"})
    _, (moved,) = _events(anyone, address)
    assert (str(moved["uid"]), int(moved["sequence"])) == (uid, 1)
    assert moved.decoded("dtstart") == datetime(2026, 12, 6, 17, 30, tzinfo=UTC)
    table.client("gm").post(reverse("plan_cancel", args=[table.campaign.pk, plan.pk]))
    _, (cancelled,) = _events(anyone, address)
    assert (str(cancelled["uid"]), str(cancelled["status"]), int(cancelled["sequence"])) == (uid, "CANCELLED", 2)
    assert "Bring snacks" not in table.client("player").get(reverse("sessions", args=[table.campaign.pk])).text


def test_the_calendar_says_nothing_else_of_the_campaign(table):
    _plan(table)
    response, _ = _events(table.client("outsider"), _feed(table, "player"))
    body = response.content.decode()
    assert not [secret for secret in SECRETS if secret in body]
    assert "SECRET" not in body and table.character.name not in body


def test_a_new_address_ends_the_old_one_and_a_stopped_or_left_member_finds_nothing(table):
    _plan(table)
    old = _feed(table, "player")
    new = _feed(table, "player")
    assert old != new
    anyone = table.client("outsider")
    assert anyone.get(old).status_code == 404 and anyone.get(new).status_code == 200
    table.client("player").post(reverse("calendar_stop", args=[table.campaign.pk]))
    assert anyone.get(new).status_code == 404
    other = _feed(table, "other_player")
    Membership.objects.filter(campaign=table.campaign, user=table.other_player).delete()  # the player left
    assert anyone.get(other).status_code == 404
    assert anyone.get(reverse("calendar_feed", args=["not-a-token"])).status_code == 404


def test_the_address_is_shown_to_its_member_only(table):
    address = _feed(table, "player")
    assert address in table.client("player").get(reverse("sessions", args=[table.campaign.pk])).text
    for who in ("other_player", "gm"):
        assert address not in table.client(who).get(reverse("sessions", args=[table.campaign.pk])).text


def test_the_calendar_speaks_its_members_language(table):
    _plan(table)
    Account.objects.update_or_create(user=table.player, defaults={"language": "fr"})
    _, (event,) = _events(table.client("outsider"), _feed(table, "player"))
    assert str(event["summary"]) == f"{table.campaign.name} : une session"


def test_plans_travel_in_the_export_and_calendar_addresses_never_do(table):
    from campaign.transfer import comparable, export_campaign, import_campaign
    _plan(table)
    address = _feed(table, "player")
    document = export_campaign(table.campaign)
    assert [plan["note"] for plan in document["session_plans"]] == ["Bring snacks"]
    assert address.split("/")[-1].removesuffix(".ics") not in str(document)
    copy = import_campaign(document, table.gm)
    assert comparable(export_campaign(copy))["session_plans"] == comparable(document)["session_plans"]
