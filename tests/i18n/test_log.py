"""The campaign log is kept as phrases: a line written while a French-reading GM acts is read in
Swedish by a Swedish member and in English by an English one, each from the catalogues."""

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext, ngettext, override, pgettext

from campaign.models import Event
from charge.actions.bookkeeping import set_dials
from charge.actions.other_rolls import draw_hook_cards
from gamerules.dials import Dials, Extra
from gamerules.economy import MARKET_CLOCK_SEGMENTS
from gamerules.words import in_a_row, kept, lowered, said, said_again
from gamerules.world import FACE_NAMES
from tests.factories import ClockFactory, UserFactory, join, make_campaign

pytestmark = pytest.mark.django_db


def reading(user, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def expected(language: str) -> list[str]:
    """The three lines, as the catalogue of ``language`` says them."""
    with override(language):
        return [
            gettext("A new scene: the market clock is at %(filled)s/%(size)s, %(state)s.") % {
                "filled": 1, "size": MARKET_CLOCK_SEGMENTS, "state": pgettext("market", "low")},
            ngettext("New clock: %(name)s (%(size)s segment).", "New clock: %(name)s (%(size)s segments).", 6)
            % {"name": "Reinforcements", "size": 6},
            gettext("Milestone: %(note)s. Every character gains a talent.") % {"note": "Crossed the marsh"},
        ]


def test_a_line_written_in_french_is_read_in_each_readers_language():
    gm, swede, english = UserFactory(username="gm-fr"), UserFactory(username="sven"), UserFactory(username="ada")
    campaign = make_campaign(gm, name="Salt")
    campaign.charge.dials = {"extras": ["economy"]}
    campaign.charge.save()
    join(campaign, swede)
    join(campaign, english)
    french_gm = reading(gm, "fr")
    french_gm.post(reverse("market_tick", args=[campaign.pk]), {"seen": 0})
    french_gm.post(reverse("clock_create", args=[campaign.pk]), {
        "name": "Reinforcements", "kind": "danger", "size": 6, "visibility": "all", "who_may_tick": "gm",
        "scene": "", "side_a": "", "side_b": "", "notes": ""})
    french_gm.post(reverse("milestone_award", args=[campaign.pk]), {"note": "Crossed the marsh", "expected_count": 0})
    # Stored in English whoever wrote it, with the phrase to say it again.
    lines = list(Event.objects.filter(campaign=campaign, phrase__isnull=False).order_by("pk").values_list("text", flat=True))
    assert lines[-3:] == expected("en")
    assert len(set(expected("sv")) | set(expected("fr")) | set(expected("en"))) == 9  # each catalogue says them its way

    for user, language in ((swede, "sv"), (english, "en"), (gm, "fr")):
        page = reading(user, language).get(reverse("campaign", args=[campaign.pk]))
        assert page["Content-Language"] == language
        text = page.content.decode()
        for line in expected(language):
            assert line in text
        others = {"sv", "en", "fr"} - {language}
        assert not any(line in text for other in others for line in expected(other))


def test_a_lowered_label_and_phrases_in_a_row_are_kept_and_said_again():
    line = in_a_row(said("%(name)s's goal %(goal)s: %(filled)s/%(size)s.", name="Ada", goal="Escape", filled=4, size=4),
                    said("Its clock is full: roll to resolve it."))
    outcome = said("%(name)s goes buying at the market (%(state)s): %(outcome)s.", name="Ada",
                   state=said("equilibrium"), outcome=lowered(said("Full success")))
    for phrase in (line, outcome):
        again = said_again(json.loads(json.dumps(kept(phrase))))
        assert again == phrase  # the same English
        with override("sv"):
            assert str(again) == str(phrase) != str.__str__(phrase)
    with override("fr"):
        assert str(said_again(kept(outcome))).endswith(gettext("Full success").lower() + ".")


def clock_lines(language: str) -> list[str]:
    """Why the clock changed, newest first, as the catalogue of ``language`` says it."""
    with override(language):
        by_hand = gettext("By hand")
        undo = gettext("Undo of %(before)s→%(after)s (%(reason)s)") % {"before": 0, "after": 2, "reason": by_hand}
        return [by_hand, gettext("Reset"), by_hand, undo, by_hand]


def test_a_clock_ticked_by_a_french_gm_gives_its_reasons_in_each_readers_language():
    gm, swede, english = UserFactory(username="gm-fr"), UserFactory(username="sven"), UserFactory(username="ada")
    campaign = make_campaign(gm, name="Salt")
    join(campaign, swede)
    join(campaign, english)
    clock = ClockFactory(campaign=campaign, name="Alarm", size=6, visibility="all")
    french_gm = reading(gm, "fr")
    tick = reverse("clock_tick", args=[campaign.pk, clock.pk])
    assert french_gm.post(tick, {"amount": 2}).status_code == 302  # by hand: no reason typed
    first = clock.changes.get()
    french_gm.post(reverse("clock_undo", args=[campaign.pk, clock.pk, first.pk]))
    french_gm.post(tick, {"amount": 3})
    french_gm.post(reverse("clock_reset", args=[campaign.pk, clock.pk]))
    french_gm.post(tick, {"amount": 1})
    # Stored in English whoever acted, with the phrase to say it again; by hand is no reason at all.
    changes = list(clock.changes.order_by("-pk"))
    assert [change.reason for change in changes] == ["", "Reset", "", "Undo of 0→2 (By hand)", ""]
    with override("en"):
        assert [change.shown_reason for change in changes] == clock_lines("en")
    assert len(set(clock_lines("sv")) | set(clock_lines("fr")) | set(clock_lines("en"))) == 9

    for user, language in ((swede, "sv"), (english, "en"), (gm, "fr")):
        client = reading(user, language)
        history = client.get(reverse("clock", args=[campaign.pk, clock.pk])).content.decode()
        shown = [escape(line) for line in clock_lines(language)]
        assert re.findall(r"</strong> · ([^<]*?)\s*<span", history) == shown
        table = client.get(reverse("table", args=[campaign.pk]))
        assert table["Content-Language"] == language
        assert f"· {shown[0]}" in table.content.decode()  # the clock's last change, on the table screen
        others = {"sv", "en", "fr"} - {language}
        for text in (history, table.content.decode()):
            assert not any(escape(line) in text for other in others for line in clock_lines(other)[:2])


def test_the_hook_cards_drawn_are_said_with_their_ranks_in_each_readers_language():
    gm = UserFactory(username="gm-fr")
    campaign = make_campaign(gm, name="Salt")
    set_dials(campaign.memberships.get(user=gm), Dials(extras=frozenset({Extra.WORLD})))
    membership = campaign.memberships.select_related("campaign").get(user=gm)
    # a seed whose draw has a face card: its rank is a word, said in each language
    draw = next(draw for seed in range(100) if any((draw := draw_hook_cards(membership, random.Random(seed)))
                                                  .cards[place][:-1] in FACE_NAMES for place in range(3)))
    line = Event.objects.filter(campaign=campaign, text__startswith="The GM drew").latest("pk")
    assert line.text == f"The GM drew 3 hook cards: {draw}."
    for language in ("en", "fr", "sv"):
        with override(language):
            assert line.shown == gettext("The GM drew 3 hook cards: %(cards)s.") % {"cards": draw.label}
    with override("fr"):
        assert line.shown != line.text
