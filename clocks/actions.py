"""Changing clocks. Each change locks the clock's row, so two people ticking at the same moment
both count, and records who, when, from, to and why."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from clocks import signals
from clocks.models import Clock, ClockChange
from core.refused import Refused
from gamerules.clocks import tick
from gamerules.words import Said, kept, said, said_n


def _locked(membership: Membership, clock_id) -> Clock:
    return Clock.objects.select_related("character", "campaign").locked(
        pk=clock_id, campaign=membership.campaign)


def record_change(membership, clock: Clock, target: int, reason: str, undoes=None,
                  roll=None) -> ClockChange | None:
    """Move a locked clock to ``target`` (kept within 0..size), announce it when this change
    decides it, and record the change; every way of ticking a clock goes through here.

    A ``reason`` written as a phrase (gamerules.words) is kept as its English and said again in
    each reader's language; a plain text (what the GM typed) as written; none: by hand.

    A change that reaches an end from elsewhere decides the clock, so each filling (or, for an
    opposed clock, each emptying) is announced once; ticking a full clock announces nothing. The
    announcement names the clock, so only those who see its segments read it."""
    result = tick(clock.filled, target - clock.filled, clock.size)
    if result.change == 0:
        return None
    clock.filled = result.filled
    if result.became_full or (clock.is_opposed and result.became_empty):
        # Only a clock everyone sees announces itself to everyone: for a known-but-hidden one,
        # being full is exactly what players must not learn.
        clock.campaign.log(membership.user, _announcement(clock), clock=clock)
    if result.became_full:
        signals.filled.send(sender=Clock, clock=clock)
    clock.save(update_fields=["filled", "updated_at"])
    change = ClockChange.objects.create(clock=clock, by=membership.user, before=result.before,
                                        after=result.filled, reason=str.__str__(reason)[:300],
                                        phrase=kept(reason) if isinstance(reason, Said) else None,
                                        undoes=undoes, roll=roll)
    return change


def _announcement(clock: Clock) -> str:
    if clock.is_opposed:  # who won, as Clock.winner says it, in each reader's language
        winner = (clock.side_a or said("the filling side")) if clock.is_full else (clock.side_b or said("the emptying side"))
        return said("%(name)s is decided: %(winner)s wins.", name=str(clock.name), winner=winner)
    return said("%(name)s is full!", name=str(clock.name))


@transaction.atomic
def change_clock(membership: Membership, clock_id, *, amount: int | None = None,
                 to: int | None = None, reason: str = "") -> ClockChange | None:
    """Tick by ``amount`` or set ``to`` a value, within 0..size ("Clocks")."""
    clock = _locked(membership, clock_id)
    if not clock.tickable_by(membership):
        raise Refused(_("You may not tick this clock."))
    if clock.archived:
        raise Refused(_("This clock is archived: restore it before ticking it."))
    target = clock.filled + amount if to is None else to
    return record_change(membership, clock, target, reason)  # none: by hand (ClockChange.reason_said)


@transaction.atomic
def undo_change(gm: Membership, clock_id, change_id) -> ClockChange | None:
    """Take a change back by recording its opposite; the history keeps both."""
    clock = _locked(gm, clock_id)
    change = ClockChange.objects.filter(clock=clock, pk=change_id).first()
    if change is None:
        raise Refused(_("That change is not in this clock's history."))
    if change.undoes_id or ClockChange.objects.filter(undoes=change).exists():
        raise Refused(_("That change was already undone, or is itself an undo."))
    reason = said("Undo of %(before)s→%(after)s (%(reason)s)", before=change.before, after=change.after,
                  reason=change.reason_said)
    was_full = clock.is_full
    undo = record_change(gm, clock, clock.filled - change.amount, reason, undoes=change)
    if was_full and not clock.is_full:  # a correction, where a tick down by hand is the story going on
        signals.unfilled.send(sender=Clock, clock=clock)
    return undo


@transaction.atomic
def reset_clock(gm: Membership, clock_id) -> ClockChange | None:
    clock = _locked(gm, clock_id)
    return record_change(gm, clock, clock.starting_fill(), said("Reset"))


@transaction.atomic
def archive_clock(clock: Clock, archived: bool) -> None:
    """Off every screen, its history kept; or back. Atomic, as a keyed write is (core/keys.py)."""
    clock.archived = archived
    clock.save(update_fields=["archived"])


@transaction.atomic
def create_clock(membership: Membership, clock: Clock) -> Clock:
    clock.campaign = membership.campaign
    clock.filled = clock.starting_fill()
    clock.save()
    clock.campaign.log(membership.user, said_n("New clock: %(name)s (%(size)s segment).",
                                               "New clock: %(name)s (%(size)s segments).", clock.size,
                                               name=str(clock.name), size=clock.size), clock=clock)
    return clock
