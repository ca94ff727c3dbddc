"""Two taps at the same moment, on PostgreSQL with real threads: an action roll is rolled once,
a character starts one action roll, and a grit point is spent once."""

import random

import pytest

from ability import actions
from ability.models import Action, Sheet, Skill
from campaign.models import Membership
from rolls.models import Roll
from tests.factories import CharacterFactory, UserFactory, gm_of_new_campaign, join
from tests.helpers import run_at_once, skip_unless_postgresql

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def spires():
    skip_unless_postgresql()
    gm = gm_of_new_campaign("spires-gm")
    campaign = gm.campaign
    campaign.system = "ability"
    campaign.save()
    player = UserFactory(username="spires-player")
    join(campaign, player)
    maren = CharacterFactory(campaign=campaign, owner=player, name="Maren")
    skill = Skill.objects.create(character=maren, name="Climbing", die=8)
    Sheet.objects.filter(character=maren).update(grit=1)
    member = Membership.objects.select_related("campaign", "user").get(campaign=campaign, user=player)
    return gm, member, maren, skill


def test_two_taps_on_roll_roll_once_and_spend_one_grit_point(spires):
    gm, member, maren, skill = spires
    action = actions.start_action(member, actions.ActionStart(maren.pk, "Climb", skill.pk, grit=True), key="one")
    actions.direct(gm, action.pk, 6, "none")
    errors = run_at_once([lambda: actions.roll_action(member, action.pk, rng=random.Random(1))] * 2)
    assert Roll.objects.count() == 1 and Sheet.objects.get(character=maren).grit == 0
    assert len(errors) == 1 and "That action roll is over." in str(errors[0])


def test_two_action_rolls_started_at_once_make_one(spires):
    _, member, maren, skill = spires
    errors = run_at_once([lambda key=key: actions.start_action(member, actions.ActionStart(maren.pk, "Climb", skill.pk),
                                                               key=key) for key in ("a", "b")])
    assert Action.objects.count() == 1
    assert len(errors) == 1 and "already has an action roll on its way" in str(errors[0])
