"""The same roll submitted twice at once, and momentum spent from two devices (PostgreSQL)."""

import threading

import pytest
from django.db import connection, connections

from campaign.models import Membership
from gamerules.action_roll import PushBenefit
from rolls.actions import ActionRollRequest, make_action_roll
from rolls.models import Roll
from tests.factories import CharacterFactory, UserFactory, make_campaign
from tests.rolls.conftest import ScriptedDice

pytestmark = pytest.mark.django_db(transaction=True)


def run_at_once(functions):
    errors, barrier = [], threading.Barrier(len(functions))

    def run(function):
        try:
            barrier.wait()
            function()
        except Exception as error:  # noqa: BLE001 - collected and checked below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(f,)) for f in functions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


@pytest.fixture
def setting():
    if connection.vendor != "postgresql":
        pytest.skip("Concurrency is tested on PostgreSQL (CI runs it); SQLite serializes all writers.")
    gm = UserFactory(username="gm-rolls")
    campaign = make_campaign(gm)
    membership = Membership.objects.get(campaign=campaign, user=gm)
    character = CharacterFactory(campaign=campaign, owner=gm, name="Ada", momentum=2, created=True,
                                 action_dots={"Sneak": 2})
    return membership, character


def test_the_same_roll_submitted_twice_at_once_rolls_once(setting):
    membership, character = setting
    request = ActionRollRequest(character_id=character.pk, action="Sneak", pushes=(PushBenefit.DIE,))
    errors = run_at_once([lambda: make_action_roll(membership, request, "same", ScriptedDice([4, 1, 1]))
                          for _ in range(4)])
    assert errors == []
    assert Roll.objects.count() == 1
    character.refresh_from_db()
    assert character.momentum == 0


def test_two_devices_spending_the_last_momentum_at_once_spend_it_once(setting):
    membership, character = setting
    request = ActionRollRequest(character_id=character.pk, action="Sneak", pushes=(PushBenefit.DIE,))
    errors = run_at_once([lambda key=key: make_action_roll(membership, request, key, ScriptedDice([4, 1, 1]))
                          for key in ("phone", "laptop")])
    assert len(errors) == 1 and "This needs 2 momentum and there are only 0." in str(errors[0])
    assert Roll.objects.count() == 1
    character.refresh_from_db()
    assert character.momentum == 0
