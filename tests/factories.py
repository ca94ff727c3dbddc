import factory
from django.contrib.auth import get_user_model

from campaign import actions
from campaign.models import Membership, Role, WorldForce
from characters.models import Character


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("a-long-passphrase-9")


def make_campaign(gm, **fields):
    return actions.create_campaign(gm, **{"name": "Test campaign", **fields})


def join(campaign, user, role=Role.PLAYER):
    return Membership.objects.create(campaign=campaign, user=user, role=role)


class ForceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = WorldForce

    name = factory.Sequence(lambda n: f"Force {n}")
    goal = "Take the throne."
    methods = factory.LazyFunction(lambda: ["Bribe the guards.", "Raise an army."])


class CharacterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Character

    name = factory.Sequence(lambda n: f"Character {n}")
