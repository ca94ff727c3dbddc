"""A factory per model the tests make by hand. Campaigns are made through the same action the
site uses (make_campaign: it also makes the GM's membership and the group's force)."""

import factory
from django.contrib.auth import get_user_model

from campaign import actions
from campaign.models import Event, GameSession, Invitation, Membership, Role, WorldForce
from characters.models import Character
from charge.kinds import RollKind
from charge.models import PendingRoll, Playbook, Talent, Tie, slot_kind
from clocks.models import Clock, ClockChange
from rolls.models import Roll
from tests.helpers import PASSWORD


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(PASSWORD)


def make_campaign(gm, **fields):
    return actions.create_campaign(gm, **{"name": "Test campaign", **fields})


def gm_of_new_campaign(username) -> Membership:
    """A new user's GM membership of a campaign they just made."""
    gm = UserFactory(username=username)
    return Membership.objects.get(campaign=make_campaign(gm), user=gm)


def another_campaign():
    """A campaign of its own, run by a GM of its own: the default for every factory below."""
    return make_campaign(UserFactory())


def join(campaign, user, role=Role.PLAYER):
    return MembershipFactory(campaign=campaign, user=user, role=role)


def numbered(label):
    """Names like "Clock 1", "Clock 2": no two objects made in one run share one."""
    return factory.Sequence(lambda n: f"{label} {n}")


class InCampaign(factory.django.DjangoModelFactory):
    """A factory for something that belongs to a campaign: another campaign unless told which."""

    class Meta:
        abstract = True

    campaign = factory.LazyFunction(another_campaign)


class MembershipFactory(InCampaign):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    role = Role.PLAYER


class InvitationFactory(InCampaign):
    class Meta:
        model = Invitation


class ForceFactory(InCampaign):
    class Meta:
        model = WorldForce

    name = numbered("Force")
    goal = "Take the throne."
    methods = factory.LazyFunction(lambda: ["Bribe the guards.", "Raise an army."])


class GameSessionFactory(InCampaign):
    class Meta:
        model = GameSession

    number = factory.Sequence(lambda n: n + 1)


class EventFactory(InCampaign):
    class Meta:
        model = Event

    text = numbered("Event")


class PlaybookFactory(InCampaign):
    class Meta:
        model = Playbook

    name = numbered("Playbook")


class CharacterFactory(InCampaign):
    """A character; what its dice system's sheet starts with is said as the character's own
    (``momentum=3``: a Charge campaign's sheet starts with 3)."""

    class Meta:
        model = Character

    name = numbered("Character")

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        own = {field.name for field in Character._meta.get_fields()} | {"campaign_id", "owner_id"}
        starts = {name: kwargs.pop(name) for name in list(kwargs) if name not in own}
        character = model_class(*args, **kwargs)
        character.sheet_starts = starts
        character.save()
        return character


class TieFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tie

    character = factory.SubFactory(CharacterFactory)
    text = numbered("Tie")


class TalentFactory(factory.django.DjangoModelFactory):
    """A filled slot of the talent line; its kind is the one the sheet prints there."""

    class Meta:
        model = Talent

    character = factory.SubFactory(CharacterFactory)
    slot = 1
    kind = factory.LazyAttribute(lambda talent: slot_kind(talent.slot).value)


class ClockFactory(InCampaign):
    class Meta:
        model = Clock

    name = numbered("Clock")


class ClockChangeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ClockChange

    clock = factory.SubFactory(ClockFactory)
    before = 0
    after = factory.LazyAttribute(lambda change: change.before + 1)


class PendingRollFactory(InCampaign):
    class Meta:
        model = PendingRoll

    character = factory.SubFactory(CharacterFactory, campaign=factory.SelfAttribute("..campaign"))
    action = "Sneak"
    key = factory.Sequence(lambda n: f"pending-{n}")


class RollFactory(InCampaign):
    class Meta:
        model = Roll

    kind = RollKind.FORTUNE
    idempotency_key = factory.Sequence(lambda n: f"roll-{n}")

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        """What is not a shared roll's own field (Charge's ``momentum=``, ``risk=``...) is its
        system's, in its ``result``."""
        own = {field.name for field in Roll._meta.get_fields()} | {"campaign_id", "character_id", "rolled_by_id"}
        kept = {name: kwargs.pop(name) for name in list(kwargs) if name not in own}
        kwargs["result"] = {**kept, **kwargs.get("result", {})}
        return super()._create(model_class, *args, **kwargs)
