"""A clock's card is kept by what it shows (core/rendered.py ``Parts``, clocks.models.SeenClock.shows):
a tick renders the ticked clock's card and serves its neighbours as kept, and a card is rendered
anew once anything it shows changes, its clock's row or not; kept for one audience, never served
to another."""

import re
from datetime import datetime, timedelta
from unittest.mock import patch

import pytest
from django.test import override_settings
from django.urls import reverse

import core.rendered
from tests.factories import ClockChangeFactory, ClockFactory
from tests.helpers import HTMX

CARD = re.compile(r'<article class="card h-100 clock-card[^"]*"\s+id="clock-(\d+)".*?</article>', re.S)
TOKENS = re.compile(r'name="(csrfmiddlewaretoken|key)" value="[^"]*"')


@pytest.fixture(autouse=True)
def _render_once(settings):
    settings.RENDER_ONCE = True


def _cards(client, campaign, fresh=False) -> dict[str, str]:
    """The table screen's clock cards as its stream asks for them after a change, by clock."""
    with override_settings(RENDER_ONCE=not fresh):
        answer = client.get(reverse("table", args=[campaign.pk]) + "?panels=table-clocks", **HTMX)
    assert answer.status_code == 200
    return {found.group(1): TOKENS.sub(r'name="\1"', found.group(0)) for found in CARD.finditer(answer.content.decode())}


def _rendered(client, campaign) -> tuple[dict[str, str], list]:
    """The cards, and those of them rendered rather than served as kept."""
    made, part = [], core.rendered.Parts.part

    def counted(parts, where, address, shows, render):
        return part(parts, where, address, shows, lambda: made.append(shows) or render())
    with patch.object(core.rendered.Parts, "part", counted):
        return _cards(client, campaign), made


def test_a_tick_renders_the_ticked_clocks_card_and_serves_the_others_as_kept(table):
    campaign = table.campaign
    clocks = [ClockFactory(campaign=campaign, name=f"Clock {n}", size=6, filled=1, who_may_tick="members")
              for n in range(5)]
    gm, player = table.client("gm"), table.client("player")
    assert len(_rendered(gm, campaign)[1]) == 5
    assert _rendered(player, campaign)[1] != []  # another audience: its own cards
    gm.post(reverse("clock_tick", args=[campaign.pk, clocks[2].pk]), {"amount": 1}, **HTMX)
    for client in (gm, player):
        with patch.object(core.rendered.cache, "get", wraps=core.rendered.cache.get) as read:
            cards, made = _rendered(client, campaign)
        assert len(made) == 1 and "Clock 2: 2 of 6" in cards[str(clocks[2].pk)]
        assert len([call for call in read.call_args_list if call.args[0].startswith("parts:")]) == 1  # five cards, one read
        assert cards == _cards(client, campaign, fresh=True)


def test_a_card_is_rendered_anew_when_its_character_or_force_changes(table):
    campaign = table.campaign
    ClockFactory(campaign=campaign, name="Ada's project", character=table.character, visibility="all")
    ClockFactory(campaign=campaign, name="The plot", force=table.hidden_force, visibility="all")
    player = table.client("player")
    cards = " ".join(_cards(player, campaign).values())
    assert "Ada" in cards and "SECRET-HIDDEN-FORCE" not in cards
    player.post(reverse("character_text", args=[campaign.pk, table.character.pk, "name"]),
                {"value": "Ada Lovelace", "seen": "Ada"}, **HTMX)
    table.client("gm").post(reverse("force_reveal", args=[campaign.pk, table.hidden_force.pk]), {"revealed": "1"}, **HTMX)
    kept = _cards(player, campaign)
    assert "Ada Lovelace" in " ".join(kept.values()) and "SECRET-HIDDEN-FORCE" in " ".join(kept.values())
    assert kept == _cards(player, campaign, fresh=True)


def test_a_cards_last_change_is_said_as_long_ago_as_it_now_is(table):
    clock = ClockFactory(campaign=table.campaign, name="Alarm", size=6, filled=1, visibility="all")
    other = ClockFactory(campaign=table.campaign, name="Other", size=6, filled=1, visibility="all")
    ClockChangeFactory(clock=clock, by=table.gm, before=0, after=1)
    gm = table.client("gm")
    assert "now" in _cards(gm, table.campaign)[str(clock.pk)]
    later = datetime.now().astimezone() + timedelta(hours=3)
    with patch("django.contrib.humanize.templatetags.humanize.datetime", wraps=datetime) as clock_on_the_wall:
        clock_on_the_wall.now.return_value = later
        gm.post(reverse("clock_tick", args=[table.campaign.pk, other.pk]), {"amount": 1}, **HTMX)  # the panel anew
        assert "3\xa0hours ago" in _cards(gm, table.campaign)[str(clock.pk)]


def test_a_gm_only_clocks_card_is_never_served_to_a_player(table):
    ClockFactory(campaign=table.campaign, name="GM-ONLY-CLOCK", visibility="gm")
    ClockFactory(campaign=table.campaign, name="Everyone's", visibility="all")
    console = table.client("gm").get(reverse("console", args=[table.campaign.pk]) + "?panels=table-clocks", **HTMX)
    assert "GM-ONLY-CLOCK" in console.content.decode()
    for page in ("table", "campaign"):
        for who in ("gm", "player", "other_player"):
            answer = table.client(who).get(reverse(page, args=[table.campaign.pk]))
            assert "GM-ONLY-CLOCK" not in answer.content.decode() or (who == "gm" and page == "campaign")
