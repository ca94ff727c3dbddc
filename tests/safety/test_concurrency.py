"""Everyone taps the X-card at the same moment, on PostgreSQL with real threads: one card shows,
one line is logged, and nobody is told no."""

import pytest

from campaign.models import Event, Membership
from safety import actions
from safety.models import Agreement, XCard
from tests.factories import UserFactory, gm_of_new_campaign, join
from tests.helpers import run_at_once, skip_unless_postgresql

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def members():
    skip_unless_postgresql()
    campaign = gm_of_new_campaign("gm-at-once").campaign
    for n in range(3):
        join(campaign, UserFactory(username=f"player-at-once-{n}"))
    return list(Membership.objects.filter(campaign=campaign).select_related("campaign", "user"))


def test_four_taps_at_once_show_one_x_card(members):
    errors = run_at_once([lambda member=member: actions.tap_x_card(member) for member in members])
    assert errors == []
    assert XCard.objects.count() == 1
    assert Event.objects.filter(text__contains="tapped the X-card").count() == 1


def test_two_gms_ticking_one_item_at_once_tick_it_once(members):
    gm = members[0]
    errors = run_at_once([lambda: actions.agree(gm, "tone", True) for _ in range(2)])
    assert errors == []
    assert Agreement.objects.count() == 1
