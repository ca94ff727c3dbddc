import pytest
from django.urls import reverse

from charge.models import PendingRoll
from clocks.models import Visibility, WhoMayTick
from rolls.models import Roll
from tests.factories import CharacterFactory, ClockFactory, RollFactory
from tests.helpers import HTMX, set_risk_and_effect
from tests.table import SECRETS

TABLE_SECRETS = (*SECRETS, "SECRET-GM-CLOCK", "SECRET-HIDDEN-ROLL", "SECRET-KNOWN-FILL")


@pytest.fixture
def secrets(table):
    c = table.campaign
    ClockFactory(campaign=c, name="SECRET-GM-CLOCK", kind="danger", size=4, visibility=Visibility.GM)
    ClockFactory(campaign=c, name="Turf War", kind="opposed", size=8, filled=5,
                 visibility=Visibility.KNOWN, notes="SECRET-KNOWN-FILL")
    ClockFactory(campaign=c, name="Alert", kind="danger", size=6, filled=2)
    RollFactory(campaign=c, kind="fortune", goal="SECRET-HIDDEN-ROLL", hidden=True, dice=[4],
                pool_size=1, outcome="partial", idempotency_key="hidden")
    return table


def table_urls(table):
    base = reverse("table", args=[table.campaign.pk])
    return [base] + [f"{base}?panel={p}" for p in ("table-clocks", "table-characters", "table-rolls", "pending-rolls")]


@pytest.mark.parametrize("who", ["gm", "player"])
def test_the_table_screen_never_shows_gm_only_content_even_to_the_gm(secrets, who):
    for url in table_urls(secrets):
        for headers in ({}, HTMX):
            response = secrets.client(who).get(url, **headers)
            assert response.status_code == 200
            for secret in TABLE_SECRETS:
                assert secret not in response.text, (url, secret)
            assert "5/8" not in response.text and "5 of 8" not in response.text


def test_the_table_screen_shows_what_every_player_may_see_without_controls(secrets):
    text = secrets.client("player").get(reverse("table", args=[secrets.campaign.pk])).text
    assert 'aria-label="Alert: 2 of 6"' in text
    assert 'aria-label="Turf War: segments hidden"' in text
    assert "Tick one segment" not in text and 'role="button"' not in text
    assert "Ada" in text


def test_the_gm_signed_in_on_the_table_screen_ticks_there_in_one_tap_and_it_stays_the_tables_view(secrets):
    """The table laptop is where the session runs: its clocks tick there, and what it shows after
    a tap is still what every player may see."""
    campaign = secrets.campaign
    alert = campaign.clocks.get(name="Alert")
    text = secrets.client("gm").get(reverse("table", args=[campaign.pk])).text
    assert 'aria-label="Tick one segment of Alert"' in text and 'aria-label="Clear one segment of Alert"' in text
    assert "Tick one segment of Turf War" not in text  # its segments are hidden from the table
    answer = secrets.client("gm").post(reverse("clock_tick", args=[campaign.pk, alert.pk]),
                                       {"amount": 1, "at": "table"}, **HTMX)
    alert.refresh_from_db()
    assert alert.filled == 3 and 'aria-label="Alert: 3 of 6"' in answer.text
    assert answer.headers["HX-Trigger"]
    for secret in (*TABLE_SECRETS, "GM only", "segments hidden"):
        assert secret not in answer.text
    # Without JavaScript, back to the table screen.
    back = secrets.client("gm").post(reverse("clock_tick", args=[campaign.pk, alert.pk]),
                                     {"amount": -1, "at": "table", "next": reverse("table", args=[campaign.pk])})
    assert back.url == reverse("table", args=[campaign.pk])
    alert.refresh_from_db()
    assert alert.filled == 2


def test_a_players_taps_on_the_table_screen_do_what_their_role_allows(secrets):
    campaign = secrets.campaign
    ClockFactory(campaign=campaign, name="Everyone's", kind="progress", size=4, who_may_tick=WhoMayTick.MEMBERS)
    ClockFactory(campaign=campaign, name="Bo's project", kind="project", size=4, who_may_tick=WhoMayTick.OWNER,
                 character=CharacterFactory(campaign=campaign, owner=secrets.other_player, name="Bo"))
    text = secrets.client("player").get(reverse("table", args=[campaign.pk]) + "?panel=table-clocks", **HTMX).text
    assert 'aria-label="Tick one segment of Everyone&#x27;s"' in text
    assert "Tick one segment of Bo" not in text and "Tick one segment of Alert" not in text
    other = secrets.client("other_player").get(reverse("table", args=[campaign.pk]) + "?panel=table-clocks", **HTMX).text
    assert "Tick one segment of Bo&#x27;s project" in other


def test_the_table_screen_shows_the_clocks_most_recently_in_play_and_counts_the_rest(secrets):
    """Hundreds of clocks would be drawn too small to read (and weigh a megabyte): the table shows
    the latest twelve the table may see, and links to the others, counting only those it may see."""
    campaign = secrets.campaign
    for n in range(12):
        ClockFactory(campaign=campaign, name=f"Lantern {n}", kind="progress", size=4)
    ClockFactory(campaign=campaign, name="Filed away", kind="progress", size=4, archived=True)
    url = reverse("table", args=[campaign.pk])
    text = secrets.client("gm").get(url).text
    assert text.count("data-clock") == 12
    # Alert and Turf War, the oldest in play, are the two left out; the GM-only clock is not counted.
    assert "Alert: " not in text and "3 more clocks" not in text and "2 more clocks" in text
    assert reverse("clocks", args=[campaign.pk]) in text
    alert = campaign.clocks.get(name="Alert")
    secrets.client("gm").post(reverse("clock_tick", args=[campaign.pk, alert.pk]), {"amount": 1, "at": "table"}, **HTMX)
    panel = secrets.client("gm").get(url + "?panel=table-clocks", **HTMX).text
    assert 'aria-label="Alert: 3 of 6"' in panel and panel.count("data-clock") == 12
    console = secrets.client("gm").get(reverse("console", args=[campaign.pk])).text
    assert console.count("data-clock") == 9 and "6 more clocks" in console  # the GM-only one counts there


def test_a_table_with_few_clocks_shows_them_all_and_no_link(secrets):
    text = secrets.client("player").get(reverse("table", args=[secrets.campaign.pk])).text
    assert text.count("data-clock") == 2 and "more clock" not in text


def test_the_table_screen_is_for_members_only(secrets):
    url = reverse("table", args=[secrets.campaign.pk])
    assert secrets.client("outsider").get(url).status_code == 404
    assert secrets.client("anonymous").get(url).status_code == 302


@pytest.mark.parametrize("panel", ["", "?panel=table-clocks", "?panel=console-session", "?panel=console-forces"])
def test_the_console_refuses_players_and_outsiders(secrets, panel):
    url = reverse("console", args=[secrets.campaign.pk]) + panel
    assert secrets.client("player").get(url, **HTMX).status_code == 404
    assert secrets.client("outsider").get(url).status_code == 404
    assert secrets.client("anonymous").get(url).status_code == 302
    assert secrets.client("gm").get(url, **HTMX).status_code == 200


def test_the_console_shows_the_gm_the_secrets_and_the_controls(secrets):
    text = secrets.client("gm").get(reverse("console", args=[secrets.campaign.pk])).text
    for secret in ("SECRET-GM-CLOCK", "SECRET-HIDDEN-FORCE", "SECRET-HIDDEN-ROLL"):
        assert secret in text
    assert "Tick one segment of Alert" in text and "Start session" not in text  # session 1 runs
    assert "End Session 1" in text and "Call for a roll" in text and "Keyboard shortcuts" in text


def test_a_gm_calls_for_a_roll_and_the_characters_roll_answers_it(secrets, dice):
    url = reverse("call_for_roll", args=[secrets.campaign.pk])
    secrets.client("gm").post(url, {"character": secrets.character.pk, "action": "Sneak", "goal": "Get in"})
    pending = PendingRoll.objects.get()
    page = secrets.client("player").get(reverse("table", args=[secrets.campaign.pk])).text
    assert "The GM calls for a roll:\n    <strong>Ada</strong>, Sneak · Get in" in page
    assert f'href="{pending.get_absolute_url()}">Open it' in page  # Ada's player opens it
    other = secrets.client("other_player").get(reverse("table", args=[secrets.campaign.pk])).text
    assert "The GM calls for a roll" in other and pending.get_absolute_url() not in other
    # Every campaign page loads what waits for the player (the dashboard, the sheet, the rolls...).
    dashboard = secrets.client("player").get(secrets.campaign.get_absolute_url()).text
    assert f'hx-get="{reverse("waiting", args=[secrets.campaign.pk])}?on=' in dashboard
    assert "calls for a roll" in secrets.client("player").get(reverse("waiting", args=[secrets.campaign.pk])).text
    secrets.character.charge.action_dots = {"Sneak": 2}
    secrets.character.charge.save()
    set_risk_and_effect(secrets, pending)
    dice(4, 1)
    secrets.client("player").post(pending.get_absolute_url(), {"risk": 2, "effect": 2, "step": 3, "roll": 1})
    assert Roll.objects.filter(kind="action", goal="Get in").exists()
    assert not PendingRoll.objects.exists()


def test_players_cannot_call_for_rolls_and_bad_calls_are_refused(secrets):
    url = reverse("call_for_roll", args=[secrets.campaign.pk])
    assert secrets.client("player").post(url, {"character": secrets.character.pk, "action": "Sneak"}).status_code == 404
    response = secrets.client("gm").post(url, {"character": 999999, "action": "Sneak"}, follow=True)
    assert "Roll for a character of yours in this campaign." in response.text
    response = secrets.client("gm").post(url, {"character": secrets.character.pk, "action": "Hack"}, follow=True)
    assert "Hack is not an action in this campaign." in response.text
    assert not PendingRoll.objects.exists()
