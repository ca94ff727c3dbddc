"""Two GMs acting at the same moment, on PostgreSQL with real threads: each decision is taken
once, and the second GM is told why nothing happened."""

import pytest

from campaign import actions
from campaign.models import GameSession, Membership, Role
from charge.actions import bookkeeping
from charge.models import Milestone
from tests.factories import UserFactory, gm_of_new_campaign, join
from tests.helpers import run_at_once, skip_unless_postgresql

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def two_gms():
    skip_unless_postgresql()
    campaign = gm_of_new_campaign("gm-one").campaign
    join(campaign, UserFactory(username="gm-two"), Role.GM)
    return list(Membership.objects.filter(campaign=campaign).select_related("campaign", "user"))


def test_two_gms_awarding_a_milestone_at_once_award_one(two_gms):
    errors = run_at_once([lambda gm=gm: bookkeeping.award_milestone(gm, "The king is crowned", 0)
                          for gm in two_gms])
    assert Milestone.objects.count() == 1
    assert len(errors) == 1 and "A milestone was just awarded" in str(errors[0])


def test_two_gms_starting_a_session_at_once_start_one(two_gms):
    errors = run_at_once([lambda gm=gm: actions.start_session(gm, 1) for gm in two_gms])
    assert GameSession.objects.count() == 1
    assert len(errors) == 1 and "still running" in str(errors[0])
