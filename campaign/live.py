"""The campaign's live version, as the poll reads it, and how it moves.

The version moves by itself: every save or delete of a model that an app ``follow``s schedules
one bump of its campaign for when the transaction commits (one per campaign and transaction,
however many rows changed), so no view or action has to remember to. Bumping after the commit
also means a screen never refetches before the change is visible, and the campaign row is never
locked behind other rows.

With a shared cache (Redis) the poll reads the version and the membership from it and touches
no database row; every bump and every change of membership clears the cache. Without a shared
cache (one local memory per process) the database answers, so that no process serves a stale
version."""

from contextlib import suppress
from functools import partial
from operator import attrgetter

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models.signals import post_delete, post_save

from campaign.models import Campaign, Membership
from campaign.push import publish
from core.rendered import record_change

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
        cache.delete(_version_key(campaign_id))


def bumped(campaign_id, version: int | None, tables: frozenset[str] | None) -> None:
    """After a bump: the cached version is stale, the renderings that read what changed are too
    (core/rendered.py), and every open stream is told the new version."""
    forget_version(campaign_id)
    if version is not None:
        record_change(campaign_id, version, tables)
        publish(campaign_id, version)


def forget_membership(campaign_id, user_id):
    if settings.LIVE_VERSION_IN_CACHE:
        transaction.on_commit(lambda: cache.delete(_member_key(campaign_id, user_id)))


def campaign_changed(campaign_id, table: str) -> None:
    """Bump the campaign's version once the current transaction commits (at once outside one),
    noting the database table written."""
    connection = transaction.get_connection()
    # Django drops the callbacks of a rolled-back savepoint from this list, so a bump found here
    # will run; looking before adding keeps it to one bump per campaign and transaction.
    for _, callback, _ in connection.run_on_commit:
        if getattr(callback, "campaign_id", None) == campaign_id:
            callback.keywords["tables"].add(table)
            return
    bump = partial(Campaign.bump_version, campaign_id, tables={table})
    bump.campaign_id = campaign_id
    transaction.on_commit(bump)


def follow(*models, campaign="campaign_id") -> None:
    """Every save or delete of these models changes the campaign named by the ``campaign``
    attribute path (e.g. "character.campaign_id")."""
    campaign_of = attrgetter(campaign)

    def changed(sender, instance, **kwargs):
        with suppress(ObjectDoesNotExist):  # deleted with its campaign: no screen to tell
            campaign_changed(campaign_of(instance), sender._meta.db_table)

    for model in models:
        uid = f"live:{model._meta.label}"
        post_save.connect(changed, sender=model, weak=False, dispatch_uid=uid)
        post_delete.connect(changed, sender=model, weak=False, dispatch_uid=uid)
