"""An evening played through the pages (as tests/campaign/test_recap.py plays it) with the campaign
connected: the table's channel reads what the players saw, the roll in Charge's own words and the
consequence it brought; the secrets reach only the GM's channel."""

from django.urls import reverse

from clocks.models import Clock
from hooks import worker
from hooks.models import Channel
from rolls.models import Roll
from tests.helpers import SPREAD, update_character, wizard
from tests.hooks.conftest import TOKENS
from tests.security.test_derived_views import clock_post
from tests.table import SECRETS


def test_an_evening_at_the_table_as_each_channel_reads_it(table, dice, hooked):
    c = table.campaign.pk
    gm, player = table.client("gm"), table.client("player")
    update_character(table.character.pk, action_dots=dict(SPREAD), created=True)
    gm.post(reverse("clock_create", args=[c]), clock_post(name="Alert", size=6))
    gm.post(reverse("clock_create", args=[c]), clock_post(name="AMBUSH-IN-THE-DARK", size=4, visibility="gm"))
    dice(4, 3)
    wizard(table, action="Sneak", goal="Slip past the guards")
    roll = Roll.objects.latest("pk")
    gm.post(reverse("roll_consequence", args=[c, roll.pk]),
            {"kind": "complication", "target": table.character.pk, "clock": Clock.objects.get(name="Alert").pk,
             "story": "The dogs bark"})
    player.post(reverse("roll_accept", args=[c, roll.pk]))
    dice(6)
    gm.post(reverse("roll_fortune", args=[c]), {"key": "secret-fortune", "label": "SECRET-FORTUNE-STAKE",
                                               "likeliness": 1, "hidden": "on"})
    gm.post(reverse("clock_tick", args=[c, Clock.objects.get(name="AMBUSH-IN-THE-DARK").pk]), {"to": 3})
    gm.post(reverse("session_end", args=[c, table.session.pk]))
    for _ in range(20):
        worker.deliver_due()
    public = [post.data["embeds"][0] for post in hooked.at(TOKENS[Channel.TABLE])]
    said = "\n".join(f"{embed['title']} | {embed.get('description', '')} | {embed.get('fields', '')}" for embed in public)
    assert "Slip past the guards" in said and "Sneak" in said
    assert "Consequence: Complication" in said and "The dogs bark" in said  # what the roll brought, once chosen
    assert "Alert" in said and "Session 1 ended." in said
    for secret in ("SECRET-FORTUNE-STAKE", "AMBUSH-IN-THE-DARK", *SECRETS):
        assert secret not in said, secret
    secret_channel = "\n".join(post.body.decode() for post in hooked.at(TOKENS[Channel.GM]))
    assert "SECRET-FORTUNE-STAKE" in secret_channel and "AMBUSH-IN-THE-DARK" in secret_channel
    assert "Slip past the guards" not in secret_channel
