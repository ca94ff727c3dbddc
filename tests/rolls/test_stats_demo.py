"""The demo's campaign of each of the three other dice systems: every roll in its log is counted by
the dice statistics with its own system's odds, none left out."""

from io import StringIO

import pytest
from django.core.management import call_command

from ability.demo import NAME as ABILITY
from advantage.demo import NAME as ADVANTAGE
from campaign.demo import DEMO_GM, DEMO_PASSWORD
from campaign.models import Campaign
from rolls.stats import Filters, dice_stats
from traits.demo import NAME as TRAITS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", [TRAITS, ABILITY, ADVANTAGE])
def test_every_roll_of_the_demo_is_counted(client, name):
    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(name=name)
    gm = campaign.memberships.get(user__username=DEMO_GM)
    rolled = campaign.rolls.count()
    assert rolled
    stats = dice_stats(gm, Filters())
    assert stats.left_out == [] and stats.honesty.rolls == rolled
    client.login(username=DEMO_GM, password=DEMO_PASSWORD)
    page = client.get(f"/c/{campaign.pk}/rolls/stats/").text
    assert "left out" not in page and "another dice system" not in page
    assert f"{rolled} roll counted" in page or f"{rolled} rolls counted" in page
