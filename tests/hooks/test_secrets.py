"""Nothing hidden reaches the table's channel or the JSON webhook: secrets planted as the secret
suite plants them (tests/security/), and every payload searched. What only GMs see goes to the
GM's channel. No address or token is in a payload, a page, an export or a log."""

import json
import logging

from django.urls import reverse

from campaign.models import Membership
from clocks.actions import change_clock
from clocks.models import Visibility
from hooks import worker
from hooks.models import Channel, Delivery
from safety.actions import tap_x_card
from tests.factories import ClockFactory, EventFactory, RollFactory
from tests.hooks.conftest import TOKENS
from tests.table import SECRETS

PLANTED = ("SECRET-HIDDEN-ROLL", "SECRET-GM-CLOCK", "SECRET-KNOWN-REASON", "SECRET-HIDDEN-FORCE", "SECRET-EVENT",
           "SECRET-GM-LINE")


def plant(table):
    """Every kind of secret a table holds, each made while the campaign is connected."""
    c = table.campaign
    gm = Membership.objects.get(campaign=c, user=table.gm)
    RollFactory(campaign=c, kind="fortune", goal="SECRET-HIDDEN-ROLL", hidden=True, pool_size=1, dice=[3],
                outcome="bad")
    secret_clock = ClockFactory(campaign=c, name="SECRET-GM-CLOCK", size=4, visibility=Visibility.GM,
                                notes="SECRET-GM-CLOCK-NOTES")
    change_clock(gm, secret_clock.pk, amount=4)  # filled: and its announcement stays the GM's
    known = ClockFactory(campaign=c, name="Turf War", size=8, filled=5, visibility=Visibility.KNOWN,
                         notes="SECRET-KNOWN-NOTES")
    change_clock(gm, known.pk, amount=1, reason="SECRET-KNOWN-REASON")
    c.log(table.gm, "SECRET-HIDDEN-FORCE moves against the crown.", force=table.hidden_force)
    c.log(table.gm, "SECRET-GM-LINE", gm_only=True)
    EventFactory(campaign=c, text="SECRET-EVENT", gm_only=True)
    # And what every player may see, for the public channels to carry something.
    RollFactory(campaign=c, character=table.character, kind="action", action="Sneak", goal="Past the guard",
                pool_size=2, dice=[4, 2], outcome="partial", risk=2, effect=2)
    c.log(table.gm, "The rebels gather.", force=table.revealed_force)


def delivered(receiver, path) -> str:
    return "\n".join(post.body.decode() for post in receiver.at(path))


def test_nothing_hidden_reaches_the_public_channels_and_the_gm_channel_gets_it(table, hooked):
    plant(table)
    for _ in range(12):
        worker.deliver_due()
    public = delivered(hooked, TOKENS[Channel.TABLE]) + delivered(hooked, TOKENS[Channel.JSON])
    assert "Past the guard" in public and "The rebels gather." in public
    for secret in (*PLANTED, *SECRETS, "SECRET-GM-CLOCK-NOTES", "SECRET-KNOWN-NOTES", "SECRET-CHARACTER-NOTES"):
        assert secret not in public, secret
    gm_channel = delivered(hooked, TOKENS[Channel.GM])
    for secret in PLANTED:
        assert secret in gm_channel, secret
    assert "Past the guard" not in gm_channel  # the table's channel has it already
    everything = public + gm_channel + json.dumps(list(Delivery.objects.values_list("payload", flat=True)))
    assert "TOKEN" not in everything and "s3cret" not in everything


def test_a_roll_is_said_in_its_systems_words_with_its_odds(table, hooked):
    RollFactory(campaign=table.campaign, character=table.character, kind="action", action="Sneak", goal="Past the guard",
                pool_size=2, dice=[4, 2], outcome="partial", risk=2, effect=2)
    worker.deliver_due()
    (post,) = hooked.at(TOKENS[Channel.TABLE])
    embed = post.data["embeds"][0]
    facts = {fact["name"]: fact["value"] for fact in embed["fields"]}
    assert embed["title"] == "Ada: Past the guard"
    assert "Ada" in embed["description"] and "4 2" in embed["description"]
    assert facts["Dice"] == "4 2" and facts["Outcome"] and "%" in facts["Odds"]
    assert embed["url"].endswith(f"/c/{table.campaign.pk}/rolls/{table.campaign.rolls.get().pk}/")


def test_posted_in_the_campaigns_language(table, hooked):
    table.campaign.table_language = "fr"
    table.campaign.save()
    table.campaign.log(None, "Bram's own words")  # a plain line: as written
    tap_x_card(Membership.objects.get(campaign=table.campaign, user=table.player))
    worker.deliver_due()
    worker.deliver_due()
    embeds = [post.data["embeds"][0] for post in hooked.at(TOKENS[Channel.TABLE])]
    assert embeds[0]["description"] == "Bram's own words"
    assert embeds[1]["title"].startswith("Quelqu’un a touché la carte X")


def test_no_address_in_a_page_an_export_or_a_log(table, hooked, caplog):
    caplog.set_level(logging.DEBUG)
    hooked.answer(TOKENS[Channel.TABLE], (404, {"message": "Unknown Webhook"}))
    plant(table)
    for _ in range(12):
        worker.deliver_due()
    gm = table.client("gm")
    pages = [gm.get(reverse(name, args=[table.campaign.pk])).content.decode()
             for name in ("connections", "campaign", "members", "campaign_export")]
    for token in TOKENS.values():
        for shown in (*pages, caplog.text):
            assert token not in shown and token.rsplit("/", 1)[-1] not in shown
    assert "s3cret" not in "".join(pages) + caplog.text
    assert "…" + TOKENS[Channel.TABLE][-4:] in pages[0]  # shown masked
