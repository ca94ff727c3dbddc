"""The campaign log is kept as phrases: a line written while a French-reading GM acts is read in
Swedish by a Swedish member and in English by an English one, each from the catalogues."""

import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import gettext, ngettext, override, pgettext

from campaign.models import Event
from gamerules.economy import MARKET_CLOCK_SEGMENTS
from gamerules.words import in_a_row, kept, lowered, said, said_again
from tests.factories import UserFactory, join, make_campaign

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
    campaign.dials = {"extras": ["economy"]}
    campaign.save()
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
