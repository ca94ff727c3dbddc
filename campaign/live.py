"""The campaign's live version, as the poll reads it, and how it moves.

The version moves by itself: every save or delete of a model with a path of foreign keys to a
campaign (all are followed: ``follow_every_campaign_model``) schedules one bump of its campaign
for when the transaction commits (one per campaign and transaction, however many rows changed),
so no view, action or new model has to remember to; a write no signal tells of (``QuerySet.update``,
``bulk_create``, raw SQL) is caught by ``ChangesOnRecord``. Each bump puts on record the models it
covers (core/rendered.py ``changed``): the signals' senders and the tables a request's writes named
before it, so that a live panel that shows none of them may be served as it was kept; a bump of
writes outside a request puts nothing on record (a change of anything). Bumping after the commit
also means a screen never refetches before the change is visible, and the campaign row is never
locked behind other rows.

With a shared cache (Redis) the poll reads the version and the membership from it and touches
no database row, and a page reads the membership it loads (with its campaign) from it at that
version; every bump puts its new version in the cache (never an older one over a newer one:
``core.cache.set_newer``), and every change of membership clears that member's. Without a shared
cache (one local memory per process) the database answers, so that no process serves a stale
version."""

import logging
import re
import time
from collections.abc import Callable
from contextlib import suppress
from functools import partial
from operator import attrgetter

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save, pre_save
from simple_history.models import HistoricalChanges

from campaign.models import Campaign, Membership
from campaign.push import publish
from core import rendered
from core.cache import set_newer

TTL = 60
CAMPAIGN_TABLES: dict[str, str] = {}
"""The database tables of every model with a path to a campaign, each with the label of the model
whose rows it holds (a history table: the model it records)."""
PATH_LENGTH = 4
"""The most foreign keys followed from a model to its campaign."""

logger = logging.getLogger(__name__)


def _version_key(campaign_id) -> str:
    return f"live:v:{campaign_id}"


def _member_key(campaign_id, user_id) -> str:
    return f"live:m:{campaign_id}:{user_id}"


def _loaded_key(campaign_id, user_id) -> str:
    return f"live:o:{campaign_id}:{user_id}"


def _from_database(campaign_id, user_id) -> int | None:
    return (Membership.objects.filter(campaign_id=campaign_id, user_id=user_id)
            .values_list("campaign__live_version", flat=True).first())


def live_version(campaign_id, user_id) -> int | None:
    """The campaign's version if the user is a member of it, else None."""
    return live_versions({(campaign_id, user_id)})[campaign_id, user_id]


def live_versions(members) -> dict[tuple[int, int], int | None]:
    """``live_version`` of each (campaign, user), read from the cache in one read for them all."""
    if not settings.LIVE_VERSION_IN_CACHE:
        return {member: _from_database(*member) for member in members}
    keys = {member: (_version_key(member[0]), _member_key(*member)) for member in members}
    cached = cache.get_many({key for pair in keys.values() for key in pair})
    versions, read = {}, {}
    for member, (version_key, member_key) in keys.items():
        if cached.get(member_key) is False:
            versions[member] = None
        elif version_key in cached and cached.get(member_key) is True:
            versions[member] = cached[version_key]
        else:
            versions[member] = version = _from_database(*member)
            read[member_key] = version is not None
            if version is not None:
                _keep_version(member[0], version)
    if read:
        cache.set_many(read, TTL)
    return versions


def _keep_version(campaign_id, version: int | None) -> None:
    """The campaign's version as a bump or a read of the database found it (None: the campaign is
    gone). A read that found it just before a bump never puts it back over the bump's."""
    if not settings.LIVE_VERSION_IN_CACHE:
        return
    if version is None:
        cache.delete(_version_key(campaign_id))
    else:
        set_newer(cache, _version_key(campaign_id), version, TTL)


def membership(campaign_id, user_id, load: Callable[[], Membership | None],
               keep: Callable[[Membership], None], holds: frozenset[str]) -> Membership | None:
    """The user's membership of the campaign as ``load`` reads it (None: not a member), kept in the
    shared cache with what ``keep`` reads into it, at its campaign's version; served at a later
    version only when every change since is on record and touched none of the models it ``holds``
    (core/rendered.py ``untouched``: a clock's tick leaves it true), and for TTL after its reading. Every change of anything
    (``follow_every_campaign_model``) moves the version, and a change of membership forgets it."""
    if not settings.LIVE_VERSION_IN_CACHE:
        return load()
    version_key, loaded_key = _version_key(campaign_id), _loaded_key(campaign_id, user_id)
    cached = cache.get_many([version_key, loaded_key])
    if (kept := cached.get(loaded_key)) is not None and (version := cached.get(version_key)) is not None:
        if kept.campaign.live_version == version:
            return kept
        # Within TTL of its reading only: a write no signal told of (a shell's update) is then seen
        # within TTL, as the cached version's is, however often untouching changes move it on.
        if time.time() < kept.read_until and rendered.untouched(campaign_id, holds, kept.campaign.live_version, version):
            kept.campaign.live_version = version  # the one field of it a change moved
            cache.set(loaded_key, kept, TTL)
            return kept
    if (loaded := load()) is not None:
        keep(loaded)
        loaded.read_until = time.time() + TTL
        cache.set(loaded_key, loaded, TTL)
        _keep_version(campaign_id, loaded.campaign.live_version)
    return loaded


def written(changed: set[str] | None) -> set[str] | None:
    """Before a bump: the models it covers, ``changed`` (None: anything) and those of every write
    the request made so far (those of an earlier bump of the request again: harmless): each as the
    save that made it said (a character's rows: ``core.rendered.scoped``), else its table's model."""
    if changed is None or (writes := getattr(connection, "campaign_writes", None)) is None:
        return changed
    return changed | writes.labels()


def bumped(campaign_id, version: int | None, changed: set[str] | None = None) -> None:
    """After a bump: what it changed is on record, the cached version is stale, and every open
    stream is told the new one. The renderings kept before it that show one of those models are
    served no more (core/rendered.py)."""
    if (writes := getattr(connection, "campaign_writes", None)) is not None:
        writes.on_record()
    if version is not None and changed is not None:
        rendered.changed(campaign_id, version, changed)
    _keep_version(campaign_id, version)
    if version is not None:
        publish(campaign_id, version, changed)


def forget_membership(campaign_id, user_id):
    if settings.LIVE_VERSION_IN_CACHE:
        transaction.on_commit(lambda: cache.delete_many([_member_key(campaign_id, user_id),
                                                         _loaded_key(campaign_id, user_id)]))


def campaign_changed(campaign_id, model: str) -> None:
    """Bump the campaign's version once the current transaction commits (at once outside one), and
    put on record that ``model`` (a label) changed."""
    connection = transaction.get_connection()
    # Django drops the callbacks of a rolled-back savepoint from this list, so a bump found here
    # will run; looking before adding keeps it to one bump per campaign and transaction. A model
    # added to it from a savepoint rolled back since is on record for nothing: harmless.
    for _, callback, _ in connection.run_on_commit:
        if getattr(callback, "campaign_id", None) == campaign_id:
            if callback.changed is not None:
                callback.changed.add(model)
            return
    # Outside a request no one notes the writes no signal tells of: this bump may cover any.
    changed = {model} if getattr(connection, "campaign_writes", None) is not None else None
    bump = partial(Campaign.bump_version, campaign_id, changed)
    bump.campaign_id, bump.changed = campaign_id, changed
    transaction.on_commit(bump)


def on_record_as(model) -> str:
    """The label a change of ``model`` is put on record as: a row one-to-one with its campaign (a
    dice system's ``setup``: how the campaign plays it) is part of the campaign."""
    if any(field.one_to_one and field.related_model is Campaign for field in model._meta.fields):
        return Campaign._meta.label_lower
    return model._meta.label_lower


def follow(*models, campaign="campaign_id") -> None:
    """Every save or delete of these models changes the campaign named by the ``campaign``
    attribute path (e.g. "character.campaign_id")."""
    campaign_of = attrgetter(campaign)

    def changed(sender, instance, label=None):
        with suppress(ObjectDoesNotExist):  # deleted with its campaign: no screen to tell
            if (campaign_id := campaign_of(instance)) is not None:  # a playbook of no campaign
                campaign_changed(campaign_id, label or on_record_as(sender))

    def saving(sender, instance, **kwargs):
        if (writes := getattr(connection, "campaign_writes", None)) is not None:
            writes.saving.append(writes.count)

    def saved(sender, instance, created, update_fields=None, **kwargs):
        label = on_record_as(sender)
        if (whose := _whose(sender, instance, created, update_fields)) is not None:
            label = rendered.scoped(label, whose)
        if (writes := getattr(connection, "campaign_writes", None)) is not None and writes.saving:
            writes.explain(writes.saving.pop(), on_record_as(sender), label)
        changed(sender, instance, label)

    def deleted(sender, instance, **kwargs):
        changed(sender, instance)

    for model in models:
        uid = f"live:{model._meta.label}"
        pre_save.connect(saving, sender=model, weak=False, dispatch_uid=uid)
        post_save.connect(saved, sender=model, weak=False, dispatch_uid=uid)
        post_delete.connect(deleted, sender=model, weak=False, dispatch_uid=uid)


def _whose(model, instance, created: bool, update_fields) -> str | None:
    """The character a saved row belongs to, for a model that says how (``changes_belong_to``: the
    path to its character, such as "clock.character"), as a scope (core/rendered.py ``scoped``);
    None when the save may have moved it from another character, or the path is not loaded."""
    path = getattr(model, "changes_belong_to", None)
    if path is None or not (created or (update_fields is not None and path.split(".")[0] not in update_fields)):
        return None
    *through, last = path.split(".")
    at = instance
    for name in through:
        if not at._meta.get_field(name).is_cached(at):
            return None
        if (at := getattr(at, name)) is None:
            return rendered.NO_CHARACTER
    character_id = getattr(at, at._meta.get_field(last).attname)
    return rendered.NO_CHARACTER if character_id is None else str(character_id)


def campaign_path(model) -> str | None:
    """The attribute path from a row of ``model`` to its campaign's id, through the fewest foreign
    keys (the first declared among equals); None if it has none."""
    if model is Campaign:
        return "pk"
    paths, seen = [(model, "")], {model}
    for _ in range(PATH_LENGTH):
        further = []
        for at, path in paths:
            for field in at._meta.fields:
                if not field.is_relation or field.related_model in seen:
                    continue
                if field.related_model is Campaign:
                    return f"{path}{field.attname}"
                seen.add(field.related_model)
                further.append((field.related_model, f"{path}{field.name}."))
        paths = further
    return None


def follow_every_campaign_model() -> None:
    """Follow every model with a path to a campaign, so that a model added later cannot be
    forgotten. History rows are written with the row they record, whose change is followed."""
    for model in apps.get_models():
        if (path := campaign_path(model)) is not None:
            if issubclass(model, HistoricalChanges):
                CAMPAIGN_TABLES[model._meta.db_table] = on_record_as(model.instance_type)
            else:
                CAMPAIGN_TABLES[model._meta.db_table] = on_record_as(model)
                follow(model, campaign=path)


_WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)


class ChangesOnRecord:
    """A safety net under the signals: a request that committed a write to a campaign's rows that
    no bump has put on record since (a write no signal tells of) bumps the campaign it was asked
    for, and says so in the log, so that no screen is served a rendering of what is no longer true
    (core/rendered.py). Only the table a write statement names is read from it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        connection.campaign_writes = writes = _Writes()
        try:
            with connection.execute_wrapper(writes.note):
                response = self.get_response(request)
        finally:
            del connection.campaign_writes
        if unseen := writes.unseen():
            campaign_id = (request.resolver_match.kwargs if request.resolver_match else {}).get("campaign_id")
            logger.warning("%s %s wrote %s without a change of its campaign on record: %s", request.method,
                           request.path, ", ".join(sorted(unseen)),
                           "bumped now" if campaign_id else "no campaign to bump")
            if campaign_id:
                Campaign.bump_version(campaign_id, {CAMPAIGN_TABLES[table] for table in unseen})
        return response


class _Writes:
    """A request's writes to a campaign's tables in order, each counted once it is committed (a
    rolled-back one never is), and how many of them a bump has put on record (a bump runs after
    its transaction committed, so it covers every write made until then); and, for the bumps to
    say what they changed, each write's model: as the save that made it said (``explain``), or
    its table's (any row of the model)."""

    def __init__(self):
        self.count, self.recorded, self.committed = 0, 0, []
        self.unexplained: dict[int, str] = {}  # write number -> table
        self.explained: set[str] = set()
        self.saving: list[int] = []  # the write count as each save under way began

    def note(self, execute, sql, params, many, context):
        if (found := _WRITE.match(sql)) and found.group(1) in CAMPAIGN_TABLES:
            self.count += 1
            made = (self.count, found.group(1))
            self.unexplained[self.count] = found.group(1)
            if connection.in_atomic_block:
                transaction.on_commit(partial(self.committed.append, made))
            else:
                self.committed.append(made)
        return execute(sql, params, many, context)

    def explain(self, since: int, model: str, label: str):
        """The writes to ``model``'s tables (its own, its history's) since the save began were that
        save's: on record as ``label``."""
        for number in range(since + 1, self.count + 1):
            if number in self.unexplained and CAMPAIGN_TABLES[self.unexplained[number]] == model:
                del self.unexplained[number]
                self.explained.add(label)

    def labels(self) -> set[str]:
        return self.explained | {CAMPAIGN_TABLES[table] for table in self.unexplained.values()}

    def on_record(self):
        """Right after a bump's own write of the version, which changes no row shown."""
        self.recorded = self.count
        if self.unexplained.get(self.count) == Campaign._meta.db_table:
            del self.unexplained[self.count]

    def unseen(self) -> set[str]:
        return {table for number, table in self.committed if number > self.recorded}
