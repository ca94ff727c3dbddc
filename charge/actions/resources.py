"""The Resource Pool Extra's writes: the GM's resources, their pools, the recap's roll, expiry."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from charge.models import Resource, ResourcePool
from core.refused import Refused
from core.templatetags.words import action_phrase
from gamerules.dials import Extra
from gamerules.resources import Spend, roll_gathered
from gamerules.words import said
from rolls import actions as roll_actions


def _resource(membership: Membership, resource_id) -> Resource:
    if not membership.campaign.charge.rules.has(Extra.RESOURCE_POOL):
        raise Refused(_("This campaign has no resource pools (the Resource Pool extra)."))
    resource = Resource.objects.select_for_update().filter(campaign=membership.campaign_id, pk=resource_id).first()
    if resource is None:
        raise Refused(_("That resource is gone."))
    return resource


def pool_of(resource: Resource, character_id=None) -> ResourcePool:
    """The party's pool of a shared resource, or a character's of a personal one, locked."""
    pool, _created = ResourcePool.objects.select_for_update().get_or_create(
        resource=resource, character_id=None if resource.shared else character_id)
    return pool


@transaction.atomic
def define_resource(gm: Membership, resource: Resource) -> Resource:
    """The GM builds a resource ("Resource Pool Rule"): its name, shared or personal, how it is
    gained, what spending it does."""
    if not gm.is_gm:
        raise Refused(_("The GM defines the resources."))
    if not gm.campaign.charge.rules.has(Extra.RESOURCE_POOL):
        raise Refused(_("This campaign has no resource pools (the Resource Pool extra)."))
    if errors := resource.as_rule().errors():
        raise Refused(errors[0])
    if resource.spend == Spend.DESCRIBED.value and not resource.effect.strip():
        raise Refused(_("Say what spending one does, e.g. “ignore a consequence for one turn”."))
    resource.campaign = gm.campaign
    resource.save()
    return resource


@transaction.atomic
def change_pool(membership: Membership, resource_id, character_id, delta: int) -> ResourcePool:
    """By hand, one point at a time: the GM adds to any pool; a player spends from the party's
    pool and adds to or spends from their own character's."""
    resource = _resource(membership, resource_id)
    character = None
    if not resource.shared:
        character = membership.campaign.characters.filter(pk=character_id).first()
        if character is None or not character.editable_by(membership):
            raise Refused(_("Change the %(resource)s of your own character.") % {"resource": resource.name})
    elif delta > 0 and not membership.is_gm:
        raise Refused(_("The GM gives the party %(resource)s.") % {"resource": resource.name})
    pool = pool_of(resource, character_id)
    if pool.points + delta < 0:
        raise Refused(_("No %(resource)s left to spend.") % {"resource": resource.name})
    pool.points += delta
    pool.save(update_fields=["points"])
    values = {"resource": resource.name, "before": pool.points - delta, "after": pool.points}
    if delta < 0 and resource.effect:
        text = (said("%(character)s's %(resource)s %(before)s→%(after)s: %(effect)s.", character=character.name,
                     effect=resource.effect, **values) if character
                else said("The party's %(resource)s %(before)s→%(after)s: %(effect)s.", effect=resource.effect, **values))
    else:
        text = (said("%(character)s's %(resource)s %(before)s→%(after)s.", character=character.name, **values)
                if character else said("The party's %(resource)s %(before)s→%(after)s.", **values))
    membership.campaign.log(membership.user, text)
    return pool


@transaction.atomic
def recap_roll(gm: Membership, resource_id, action: str, rng=None,
               seen: int | None = None) -> list[tuple[str, tuple[int, ...], int]]:
    """"All players roll a relevant action before a planned scenario ... For each result of 4, 5,
    or 6, mark 1 Resource"; no dots: 1d6, marking on a 6. Returns (who, dice, marked) for each.
    ``seen``: the points the GM's page showed in all the resource's pools; a double tap rolls once."""
    if not gm.is_gm:
        raise Refused(_("The GM calls for the recap's roll."))
    resource = _resource(gm, resource_id)
    held = sum(ResourcePool.objects.filter(resource=resource).values_list("points", flat=True))
    if seen is not None and seen != held:
        raise Refused(_("The %(resource)s pools changed since this page showed them: look again before rolling.")
                      % {"resource": resource.name})
    if action not in gm.campaign.charge.rules.action_names:
        raise Refused(_("Choose the action everyone rolls."))
    rolled = []
    for character in gm.campaign.characters.filter(created=True).order_by("name"):
        dice, marked = roll_gathered(character.charge.rating(action), rng or roll_actions.SYSTEM_RANDOM)
        pool = pool_of(resource, character.pk)
        pool.points += marked
        pool.save(update_fields=["points"])
        rolled.append((character.name, dice, marked))
    if not rolled:
        raise Refused(_("No character is ready to roll yet."))
    rolls = "; ".join(f"{name} {' '.join(map(str, dice))} → {marked}" for name, dice, marked in rolled)
    gm.campaign.log(gm.user, said("Recap's roll for %(resource)s (%(action)s): %(rolls)s.",
                                  resource=resource.name, action=action_phrase(action), rolls=rolls))
    return rolled


@transaction.atomic
def expire_resources(gm: Membership) -> int:
    """"Expire any number of remaining Resources after the planned scenario is concluded": the
    pools of the resources that expire are emptied."""
    if not gm.is_gm:
        raise Refused(_("The GM says when the planned scenario is over."))
    pools = ResourcePool.objects.select_for_update().filter(resource__campaign=gm.campaign_id, resource__expires=True,
                                                            points__gt=0)
    emptied = pools.update(points=0)
    gm.campaign.log(gm.user, said("The planned scenario is over: the resources that expire are gone."))
    return emptied
