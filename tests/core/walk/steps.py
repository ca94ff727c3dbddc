"""What the walk's steps are made of: a step's state is the rows a write changes, read whole."""

from campaign.models import Membership, Role
from tests.factories import UserFactory, join


def rows(model, **where):
    """Every field of the rows ``where`` names: any change to them is a change."""
    return list(model.objects.filter(**where).order_by("pk").values())


def seventh(table):
    """A member who is none of the six viewers, made once: the one who leaves or is removed."""
    if not hasattr(table, "seventh"):
        table.seventh = UserFactory(username="seventh")
        join(table.campaign, table.seventh, Role.PLAYER)
    return table.seventh


def membership(table, who):
    user = who(table) if callable(who) else getattr(table, who)
    return Membership.objects.get(campaign=table.campaign, user=user)
