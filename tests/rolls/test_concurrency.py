"""The same roll submitted twice at once, and momentum spent from two devices (PostgreSQL)."""

import pytest

from charge.actions.action_roll import ActionRollRequest, make_action_roll
from charge.models import Setup, Spell
from gamerules.action_roll import PushBenefit
from gamerules.magic import SpellBenefit
from rolls.models import Roll
from tests.factories import CharacterFactory, gm_of_new_campaign
from tests.helpers import ScriptedDice, run_at_once, skip_unless_postgresql

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def setting():
    skip_unless_postgresql()
    membership = gm_of_new_campaign("gm-rolls")
    character = CharacterFactory(campaign=membership.campaign, owner=membership.user, name="Ada",
                                 momentum=2, created=True, action_dots={"Sneak": 2})
    return membership, character


def test_the_same_roll_submitted_twice_at_once_rolls_once(setting):
    membership, character = setting
    request = ActionRollRequest(character_id=character.pk, action="Sneak", pushes=(PushBenefit.DIE,))
    errors = run_at_once([lambda: make_action_roll(membership, request, "same", ScriptedDice([4, 1, 1]))
                          for _ in range(4)])
    assert errors == []
    assert Roll.objects.count() == 1
    character.refresh_from_db()
    assert character.charge.momentum == 0


def test_two_devices_spending_the_last_momentum_at_once_spend_it_once(setting):
    membership, character = setting
    request = ActionRollRequest(character_id=character.pk, action="Sneak", pushes=(PushBenefit.DIE,))
    errors = run_at_once([lambda key=key: make_action_roll(membership, request, key, ScriptedDice([4, 1, 1]))
                          for key in ("phone", "laptop")])
    assert len(errors) == 1 and "This needs 2 momentum and there are only 0." in str(errors[0])
    assert Roll.objects.count() == 1
    character.refresh_from_db()
    assert character.charge.momentum == 0


def test_two_rolls_using_the_same_readied_spell_at_once_use_it_once(setting):
    """A readied spell helps one roll ("The effect of magic"): two players reaching for it at the
    same moment get it once, and the other roll is refused whole."""
    membership, ada = setting
    Setup.objects.filter(campaign=membership.campaign_id).update(dials={"extras": ["magic"]})
    membership.campaign.refresh_from_db()
    bo = CharacterFactory(campaign=membership.campaign, owner=membership.user, name="Bo", created=True,
                          action_dots={"Sneak": 1})
    spell = Spell.objects.create(character=ada, name="Ward", actions=["Sneak"], charge=2)
    requests = [ActionRollRequest(character_id=who.pk, action="Sneak", spell_id=spell.pk,
                                  spell_benefit=SpellBenefit.DIE) for who in (ada, bo)]
    errors = run_at_once([lambda request=request, key=key: make_action_roll(
        membership, request, key, ScriptedDice([4, 1, 1])) for request, key in zip(requests, ("ada", "bo"), strict=True)])
    assert len(errors) == 1 and "Ward helped another roll a moment ago." in str(errors[0])
    assert Roll.objects.count() == 1 and Roll.objects.get().dice_sources.count("spell") == 1
    spell.refresh_from_db()
    assert spell.charge is None
