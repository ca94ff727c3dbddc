import json

import pytest
from django.urls import reverse

from campaign.models import Event, Membership
from clocks.models import Clock, ClockChange
from tests.factories import CharacterFactory, UserFactory, make_campaign
from tests.helpers import HTMX

SECRETS = ("SECRET-GM-CLOCK", "SECRET-GM-CLOCK-NOTES", "SECRET-KNOWN-REASON", "KNOWN-NOTES", "5 of 8",
           "5<span")


def tick(table, who, clock, **data):
    return table.client(who).post(reverse("clock_tick", args=[table.campaign.pk, clock.pk]), data, **HTMX)


def filled(clock):
    clock.refresh_from_db()
    return clock.filled


def pages(table, clocks):
    c = table.campaign.pk
    return [reverse("clocks", args=[c]), reverse("clocks", args=[c]) + "?archived=1",
            reverse("clock_panel", args=[c]), reverse("campaign", args=[c]),
            reverse("clock", args=[c, clocks.alert.pk]), reverse("clock", args=[c, clocks.known.pk]),
            reverse("clock", args=[c, clocks.known.pk]) + "?panel=clock-history",
            reverse("clock", args=[c, clocks.known.pk]) + "?panels=clock-history",
            reverse("live", args=[c]) + "?v=-1"]


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["full", "htmx"])
def test_no_player_response_shows_a_gm_only_clock_or_hidden_segments(table, clocks, headers):
    for url in pages(table, clocks):
        response = table.client("player").get(url, **headers)
        assert response.status_code == 200, url
        for secret in SECRETS:
            assert secret not in response.text, (url, secret)


def test_a_known_but_hidden_clock_shows_its_name_but_not_its_segments(table, clocks):
    text = table.client("player").get(reverse("clocks", args=[table.campaign.pk])).text
    assert "Turf War" in text
    assert 'aria-label="Turf War: segments hidden"' in text
    assert 'aria-label="Alert: 2 of 6"' in text


def test_the_gm_sees_every_clock_and_its_segments(table, clocks):
    text = table.client("gm").get(reverse("clocks", args=[table.campaign.pk])).text
    assert 'aria-label="SECRET-GM-CLOCK: 1 of 4"' in text
    assert 'aria-label="Turf War: 5 of 8"' in text


def test_gm_only_clock_pages_are_not_found_for_players(table, clocks):
    c = table.campaign.pk
    for url in (reverse("clock", args=[c, clocks.secret.pk]), reverse("clock_edit", args=[c, clocks.alert.pk]),
                reverse("clock_create", args=[c])):
        assert table.client("player").get(url).status_code == 404
        assert table.client("outsider").get(url).status_code == 404
        assert table.client("anonymous").get(url).status_code == 302


@pytest.mark.parametrize(("who", "clock", "may"), [
    ("gm", "secret", True), ("gm", "known", True), ("player", "alert", True),
    ("other_player", "alert", True), ("player", "project", True), ("other_player", "project", False),
    ("player", "known", False), ("player", "secret", False), ("outsider", "alert", False)])
def test_who_may_tick_is_enforced_on_the_server(table, clocks, who, clock, may):
    target = getattr(clocks, clock)
    before = filled(target)
    response = tick(table, who, target, amount=1)
    assert filled(target) == (before + 1 if may else before)
    if not may:
        assert response.status_code == 404 or "You may not tick this clock." in response.text


@pytest.mark.django_db(transaction=True)  # the live version moves when the tick commits
def test_a_tick_answers_the_card_and_tells_the_page_the_campaign_changed(table, clocks):
    table.campaign.refresh_from_db()
    version = table.campaign.live_version
    response = tick(table, "player", clocks.alert, amount=1)
    assert f'id="clock-{clocks.alert.pk}"' in response.text
    assert "campaignChanged" in json.loads(response["HX-Trigger"])
    table.campaign.refresh_from_db()
    assert table.campaign.live_version > version
    change = ClockChange.objects.get(clock=clocks.alert)
    assert (change.before, change.after, change.by) == (2, 3, table.player)


@pytest.mark.parametrize("asked", ["?panel=clock-history", "?panels=clock-history"])
def test_a_clock_pages_history_is_a_live_panel_that_shows_a_tick_without_a_reload(table, clocks, asked):
    """What the page asks when the campaign changed brings the tick into its History, as its card."""
    page = reverse("clock", args=[table.campaign.pk, clocks.alert.pk])
    opened = table.client("player").get(page)
    assert f'hx-get="{page}?panel=clock-history"' in opened.text
    assert "No change yet." in opened.text
    tick(table, "player", clocks.alert, amount=1)
    history = table.client("player").get(page + asked, **HTMX)
    assert "2→3" in history.text and "No change yet." not in history.text
    assert 'id="clock-history"' in history.text


def test_ticks_never_leave_zero_to_size(table, clocks):
    tick(table, "gm", clocks.alert, amount=9)
    assert filled(clocks.alert) == 6
    tick(table, "gm", clocks.alert, amount=-12)
    assert filled(clocks.alert) == 0


def test_tapping_a_segment_sets_the_clock_to_it(table, clocks):
    tick(table, "gm", clocks.alert, to=5)
    assert filled(clocks.alert) == 5


@pytest.mark.parametrize("data", [{"amount": "x"}, {"to": 7}, {"to": -1}, {"amount": 10**6},
                                  {}, {"amount": 1, "to": 2}, {"amount": "1e3"}])
def test_hostile_tick_input_is_refused_with_a_message(table, clocks, data):
    response = tick(table, "gm", clocks.alert, **data)
    assert response.status_code == 200
    assert "Tick by a whole number of segments" in response.text
    assert filled(clocks.alert) == 2
    assert not ClockChange.objects.filter(clock=clocks.alert).exists()


def test_without_htmx_a_tick_returns_to_the_page(table, clocks):
    url = reverse("clock_tick", args=[table.campaign.pk, clocks.alert.pk])
    dashboard = table.campaign.get_absolute_url()
    response = table.client("gm").post(url, {"amount": 1, "next": dashboard})
    assert response.url == dashboard
    response = table.client("gm").post(url, {"amount": 1, "next": "https://evil.example/"})
    assert response.url == reverse("clocks", args=[table.campaign.pk])


def test_a_filled_clock_announces_itself_once(table, clocks):
    tick(table, "gm", clocks.alert, amount=4)
    tick(table, "gm", clocks.alert, amount=1)
    assert Event.objects.filter(text="Alert is full!").count() == 1
    page = table.client("player").get(reverse("clocks", args=[table.campaign.pk])).text
    assert "Full!" in page
    tick(table, "gm", clocks.alert, amount=-1)
    tick(table, "gm", clocks.alert, amount=1)
    assert Event.objects.filter(text="Alert is full!").count() == 2  # filled again


def test_an_opposed_clock_is_decided_at_either_end(table, clocks):
    tick(table, "gm", clocks.known, to=0)
    assert Event.objects.filter(text="Turf War is decided: The gang wins.").exists()
    tick(table, "gm", clocks.known, to=8)
    assert Event.objects.filter(text="Turf War is decided: The crew wins.").exists()


def read_by(table, who):
    return Event.objects.visible_to(Membership.objects.get(campaign=table.campaign, user=getattr(table, who)))


def test_a_gm_only_clock_announces_only_to_gms(table, clocks):
    tick(table, "gm", clocks.secret, amount=3)
    event = Event.objects.get(text="SECRET-GM-CLOCK is full!")
    assert event in read_by(table, "gm") and event not in read_by(table, "player")


def test_a_known_but_hidden_clock_announces_its_end_only_to_gms(table, clocks):
    tick(table, "gm", clocks.known, to=8)
    event = Event.objects.get(text="Turf War is decided: The crew wins.")
    assert event in read_by(table, "gm") and event not in read_by(table, "player")
    page = table.client("player").get(table.campaign.get_absolute_url()).text
    assert "Turf War is decided" not in page


def test_the_gm_undoes_a_change_and_the_history_keeps_both(table, clocks):
    tick(table, "player", clocks.alert, amount=3)
    change = ClockChange.objects.get(clock=clocks.alert)
    url = reverse("clock_undo", args=[table.campaign.pk, clocks.alert.pk, change.pk])
    assert table.client("player").post(url).status_code == 404
    table.client("gm").post(url, **HTMX)
    assert filled(clocks.alert) == 2
    assert ClockChange.objects.filter(clock=clocks.alert).count() == 2
    response = table.client("gm").post(url, **HTMX)  # twice: refused
    assert "already undone" in response.text
    assert filled(clocks.alert) == 2


def test_resetting_an_opposed_clock_puts_it_back_at_half(table, clocks):
    table.client("gm").post(reverse("clock_reset", args=[table.campaign.pk, clocks.known.pk]))
    assert filled(clocks.known) == 4


def test_an_archived_clock_leaves_the_panel_and_cannot_be_ticked(table, clocks):
    table.client("gm").post(reverse("clock_archive", args=[table.campaign.pk, clocks.alert.pk]),
                            {"archived": "1"})
    panel = table.client("player").get(reverse("clock_panel", args=[table.campaign.pk])).text
    assert "Alert" not in panel
    response = tick(table, "gm", clocks.alert, amount=1)
    assert "archived" in response.text
    assert filled(clocks.alert) == 2


def clock_post(**changes):
    data = {"name": "Reinforcements", "kind": "danger", "size": 6, "visibility": "all",
            "who_may_tick": "gm", "scene": "", "side_a": "", "side_b": "", "notes": ""}
    data.update(changes)
    return data


def test_a_gm_creates_an_opposed_clock_half_full(table):
    table.client("gm").post(reverse("clock_create", args=[table.campaign.pk]),
                            clock_post(kind="opposed", size=8))
    assert Clock.objects.get(name="Reinforcements").filled == 4


def test_clock_sizes_are_the_campaigns(table):
    response = table.client("gm").post(reverse("clock_create", args=[table.campaign.pk]), clock_post(size=10))
    assert "Select a valid choice" in response.text
    assert not Clock.objects.filter(name="Reinforcements").exists()
    table.campaign.charge.dials = {"clock_sizes": [4, 6, 8, 10, 12]}
    table.campaign.charge.save()
    table.client("gm").post(reverse("clock_create", args=[table.campaign.pk]), clock_post(size=10))
    assert Clock.objects.get(name="Reinforcements").size == 10


def test_a_clock_cannot_shrink_below_its_filled_segments(table, clocks):
    tick(table, "gm", clocks.alert, amount=3)
    response = table.client("gm").post(reverse("clock_edit", args=[table.campaign.pk, clocks.alert.pk]),
                                       clock_post(name="Alert", size=4))
    assert "It has 5 segments filled" in response.text
    clocks.alert.refresh_from_db()
    assert clocks.alert.size == 6


def test_a_character_of_another_campaign_cannot_own_a_clock(table):
    stranger = CharacterFactory(campaign=make_campaign(UserFactory()))
    response = table.client("gm").post(reverse("clock_create", args=[table.campaign.pk]),
                                       clock_post(character=stranger.pk))
    assert "Select a valid choice" in response.text


def test_the_live_poll_answers_no_content_while_nothing_changed(table, clocks, django_assert_max_num_queries):
    client = table.client("player")
    url = reverse("live", args=[table.campaign.pk])
    table.campaign.refresh_from_db()
    with django_assert_max_num_queries(3):  # session, user, membership with its campaign
        response = client.get(url, {"v": table.campaign.live_version}, **HTMX)
    assert response.status_code == 204
    assert response.content == b""


@pytest.mark.django_db(transaction=True)  # the live version moves when the tick commits
def test_the_live_poll_after_a_change_sends_the_new_version_and_the_event(table, clocks):
    table.campaign.refresh_from_db()
    old = table.campaign.live_version
    tick(table, "gm", clocks.alert, amount=1)
    response = table.client("player").get(reverse("live", args=[table.campaign.pk]), {"v": old}, **HTMX)
    assert response.status_code == 200
    assert "campaignChanged" in json.loads(response["HX-Trigger"])
    table.campaign.refresh_from_db()
    assert f"?v={table.campaign.live_version}" in response.text


def test_the_live_poll_is_not_found_for_outsiders(table):
    assert table.client("outsider").get(reverse("live", args=[table.campaign.pk]), {"v": 0}).status_code == 404


def test_the_dashboards_clock_panel_refreshes_to_the_clocks_it_shows_not_every_clock(table):
    """The dashboard shows the clocks most recently in play; after a change its panel asks again
    for those, not for the clocks page's whole list."""
    import re

    from tests.factories import ClockFactory
    for n in range(9):
        ClockFactory(campaign=table.campaign, name=f"Clock number {n}", size=4)
    client = table.client("player")
    page = client.get(reverse("campaign", args=[table.campaign.pk])).text
    panel = re.search(r'id="clock-panel"\s+hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    refreshed = client.get(panel, **HTMX).text
    shown = set(re.findall(r"Clock number \d", page))
    assert len(shown) == 6 and set(re.findall(r"Clock number \d", refreshed)) == shown
