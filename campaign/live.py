"""The campaign's live version, as the poll reads it. With a shared cache (Redis) the poll reads
the version and the membership from it and touches no database row; every bump and every change
of membership clears the cache after the transaction commits. Without a shared cache (one local
memory per process) the database answers, so that no process serves a stale version."""

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from campaign.models import Membership

TTL = 60


def _version_key(campaign_id) -> str:
    return f"live:v:{campaign_id}"


def _member_key(campaign_id, user_id) -> str:
    return f"live:m:{campaign_id}:{user_id}"


def _from_database(campaign_id, user_id) -> int | None:
    return (Membership.objects.filter(campaign_id=campaign_id, user_id=user_id)
            .values_list("campaign__live_version", flat=True).first())


def live_version(campaign_id, user_id) -> int | None:
    """The campaign's version if the user is a member of it, else None."""
    if not settings.LIVE_VERSION_IN_CACHE:
        return _from_database(campaign_id, user_id)
    keys = _version_key(campaign_id), _member_key(campaign_id, user_id)
    cached = cache.get_many(keys)
    if cached.get(keys[1]) is False:
        return None
    if keys[0] in cached and cached.get(keys[1]) is True:
        return cached[keys[0]]
    version = _from_database(campaign_id, user_id)
    values = {keys[1]: version is not None}
    if version is not None:
        values[keys[0]] = version
    cache.set_many(values, TTL)
    return version


def forget_version(campaign_id):
    if settings.LIVE_VERSION_IN_CACHE:
        transaction.on_commit(lambda: cache.delete(_version_key(campaign_id)))


def forget_membership(campaign_id, user_id):
    if settings.LIVE_VERSION_IN_CACHE:
        transaction.on_commit(lambda: cache.delete(_member_key(campaign_id, user_id)))
