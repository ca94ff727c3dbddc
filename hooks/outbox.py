"""What happens at the table, put in the outbox in the transaction of the change itself: a roll,
a clock's change, a session's start and end, the X-card, a line of the campaign's log.

Who may read each is decided by the pages' own rules (``Roll.hidden`` through ``visible_to``,
``SeenClock``, ``EventQuerySet.visible_to``), asked for the table screen's stand-in
(``TableViewer``: what every player may see). What players may see goes to the table's channel
and the JSON webhook; what they may not, to the GM's channel only. Each is written once, in the
campaign's language, as its page says it: a roll by its dice system's own line of the roll log."""

import logging
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from html import unescape

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from campaign.access import TableViewer
from campaign.models import Campaign, Event, GameSession
from clocks.models import ClockChange, SeenClock
from gamerules.honesty import Rolled
from gamerules.words import said
from hooks.models import Channel, Delivery, Kind, Webhook
from rolls.models import Roll
from rolls.stats import rolled
from safety.models import XCard

logger = logging.getLogger(__name__)

X_CARD = "Someone tapped the X-card: the scene is changed or cut, no explanation needed."
SESSION_ENDED = ("Session %(number)s ended. Players: update your characters' "
                 "details (concept, appearance, ties) if the session changed them.")
TOLD_OTHERWISE = frozenset({X_CARD, SESSION_ENDED, "%(name)s is full!", "%(name)s is decided: %(winner)s wins."})
"""Lines of the log that a roll, a clock's change, a session or the X-card already tells."""
COLOURS = {Kind.ROLLS: 0xF0AD4E, Kind.CLOCKS: 0x5BC0DE, Kind.SESSIONS: 0x5CB85C, Kind.X_CARD: 0xD9534F,
           Kind.LOG: 0x6C757D}


@dataclass(frozen=True)
class Told:
    """One event as a receiver reads it, in the campaign's language."""

    kind: str
    title: str
    text: str = ""
    facts: list[tuple[str, str]] = field(default_factory=list)
    link: str = ""


def text_of(html: str) -> str:
    """A page's words without its markup, on one line."""
    return re.sub(r"\s+", " ", unescape(strip_tags(html))).strip()


def link(path: str) -> str:
    return settings.SITE_ADDRESS.rstrip("/") + path if settings.SITE_ADDRESS else ""


def discord(told: Told, at) -> dict:
    """A Discord message of one embed. Nobody is pinged, whatever the text says."""
    embed = {"title": told.title[:256], "color": COLOURS.get(told.kind, 0), "timestamp": at.isoformat()}
    if told.text:
        embed["description"] = told.text[:4000]
    if told.link:
        embed["url"] = told.link
    if told.facts:
        embed["fields"] = [{"name": name[:256], "value": value[:1024] or "-", "inline": True}
                           for name, value in told.facts[:25]]
    return {"embeds": [embed], "allowed_mentions": {"parse": []}}


def plain(told: Told, campaign: Campaign, at) -> dict:
    """The JSON webhook's body: the same event, as data."""
    return {"kind": told.kind, "campaign": {"id": campaign.pk, "name": campaign.name}, "at": at.isoformat(),
            "title": told.title, "text": told.text, "facts": [{"name": n, "value": v} for n, v in told.facts],
            "link": told.link}


_asked: ContextVar[dict | None] = ContextVar("webhooks_asked", default=None)
UNHOOKED_SECONDS = 3600


@contextmanager
def asked_in_this_request():
    """Within it, a campaign's webhooks are read once (hooks/middleware.py)."""
    token = _asked.set({})
    try:
        yield
    finally:
        _asked.reset(token)


def _unhooked_key(campaign_id: int) -> str:
    return f"unhooked:{campaign_id}"


def webhooks_of(campaign_id: int) -> list[Webhook]:
    """The campaign's working webhooks, read once a request. That a campaign has none (most have
    none) is kept in the shared cache until one is saved: a change costs them no query. (Several
    processes share one cache, Redis; without it the site runs in one process.)"""
    asked = _asked.get()
    if asked is not None and campaign_id in asked:
        return asked[campaign_id]
    found = [] if cache.get(_unhooked_key(campaign_id)) else list(
        Webhook.objects.filter(campaign_id=campaign_id, stopped=""))
    if not found:
        cache.set(_unhooked_key(campaign_id), True, UNHOOKED_SECONDS)
    if asked is not None:
        asked[campaign_id] = found
    return found


@receiver(post_save, sender=Webhook, dispatch_uid="hooks:webhook-saved")
@receiver(post_delete, sender=Webhook, dispatch_uid="hooks:webhook-gone")
def webhooks_changed(sender, instance: Webhook, **kwargs):
    """A webhook connected, changed or gone is read again: in this request, and by every process
    (now, and once its transaction commits, lest a read in between keep "none" again)."""
    if (asked := _asked.get()) is not None:
        asked.pop(instance.campaign_id, None)
    key = _unhooked_key(instance.campaign_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def put(campaign_id: int, kind: str, tell, public) -> None:
    """Into the outbox for each webhook of the campaign that takes ``kind``, in the transaction of
    the change (a rolled-back change posts nothing). ``public()``: whether every player may see it;
    ``tell(campaign)`` says it. Both are asked only when a webhook takes the kind."""
    hooks = [hook for hook in webhooks_of(campaign_id) if kind in hook.kinds]
    if not hooks:
        return
    shown = public()
    hooks = [hook for hook in hooks if (hook.channel != Channel.GM) == shown]
    if not hooks:
        return
    campaign = Campaign.objects.get(pk=campaign_id)
    at = timezone.now()
    try:
        # In a savepoint: a query that fails in it leaves the change's transaction whole.
        with transaction.atomic(), translation.override(campaign.table_language or settings.LANGUAGE_CODE):
            told = tell(campaign)
    except Exception:  # the table's change matters more than its post: never fail it for one
        logger.exception("Campaign %s: a %s event could not be told; not posted", campaign_id, kind)
        return
    for hook in hooks:
        payload = plain(told, campaign, at) if hook.channel == Channel.JSON else discord(told, at)
        Delivery.objects.create(campaign_id=campaign_id, webhook=hook, kind=kind, payload=payload, created_at=at)


def _odds(roll: Roll) -> str:
    read = rolled(roll.kind, roll.pool_size, roll.dice, roll.outcome, roll.choices, roll.result, roll.dice_sources)
    if not isinstance(read, Rolled):
        return ""
    return " · ".join(f"{word} {round(chance * 100)}%" for word, chance in zip(read.scale.words, read.chances, strict=True)
                      if chance)


def told_roll(roll: Roll, campaign: Campaign) -> Told:
    """The roll as its line of the roll log says it (its dice system's own words), its odds and what
    it changed as its recap says it."""
    context = {"roll": roll, "campaign": campaign}
    facts = [(_("Dice"), " ".join(str(die) for die in roll.dice) if isinstance(roll.dice, list) else ""),
             (_("Outcome"), roll.get_outcome_display())]
    if odds := _odds(roll):
        facts.append((_("Odds"), odds))
    if changed := _changed_by(roll, campaign):
        facts.append((_("What it changed"), changed))
    who = roll.character.name if roll.character else _("GM")
    return Told(Kind.ROLLS, f"{who}: {roll.goal}" if roll.goal else f"{who}: {roll.get_kind_display()}",
                text_of(render_to_string("rolls/_dice.html#roll_line", context)), facts, link(roll.get_absolute_url()))


def told_change(change: ClockChange, campaign: Campaign) -> Told:
    clock = change.clock
    filled = change.after >= clock.size > change.before
    title = str(said("%(name)s is full!", name=str(clock.name))) if filled else str(clock.name)
    moved = _("%(name)s: %(before)s→%(after)s of %(size)s") % {
        "name": clock.name, "before": change.before, "after": change.after, "size": clock.size}
    return Told(Kind.CLOCKS, title, f"{moved} ({change.shown_reason})", link=link(clock.get_absolute_url()))


@receiver(post_save, sender=Roll, dispatch_uid="hooks:roll")
def roll_made(sender, instance: Roll, created, raw=False, **kwargs):
    if created and not raw:
        put(instance.campaign_id, Kind.ROLLS, lambda campaign: told_roll(instance, campaign),
            public=lambda: Roll.objects.visible_to(TableViewer(instance.campaign)).filter(pk=instance.pk).exists())


def _changed_by(roll: Roll, campaign: Campaign) -> str:
    """What its dice system's recap says the roll brought (Charge: its consequence), as text."""
    if not campaign.site.roll_recap:
        return ""
    return text_of(render_to_string(campaign.site.roll_recap, {"roll": roll, "campaign": campaign}))


@receiver(pre_save, sender=Roll, dispatch_uid="hooks:roll-before")
def roll_settling(sender, instance: Roll, raw=False, update_fields=None, **kwargs):
    """Before a made roll's result changes (a consequence chosen, resisted): what it brought until
    now, to tell what changed, only when a webhook takes the log's lines."""
    instance._hooks_before = None
    if raw or instance.pk is None or (update_fields is not None and "result" not in update_fields):
        return
    if any(Kind.LOG in hook.kinds for hook in webhooks_of(instance.campaign_id)):
        kept = Roll.objects.select_related("campaign").filter(pk=instance.pk).first()
        instance._hooks_before = _changed_by(kept, kept.campaign) if kept else ""


@receiver(post_save, sender=Roll, dispatch_uid="hooks:roll-settled")
def roll_settled(sender, instance: Roll, created, raw=False, **kwargs):
    """A consequence a made roll brought, chosen or resisted after it was rolled."""
    before = getattr(instance, "_hooks_before", None)
    if created or raw or before is None:
        return
    after = _changed_by(instance, instance.campaign)
    if after and after != before:
        who = instance.character.name if instance.character else _("GM")
        put(instance.campaign_id, Kind.LOG, lambda campaign: Told(
            Kind.LOG, f"{who}: {instance.goal or instance.get_kind_display()}", _changed_by(instance, campaign),
            link=link(instance.get_absolute_url())),
            public=lambda: Roll.objects.visible_to(TableViewer(instance.campaign)).filter(pk=instance.pk).exists())


@receiver(post_save, sender=ClockChange, dispatch_uid="hooks:clock")
def clock_moved(sender, instance: ClockChange, created, raw=False, **kwargs):
    if created and not raw:
        clock = instance.clock
        put(clock.campaign_id, Kind.CLOCKS, lambda campaign: told_change(instance, campaign),
            public=lambda: SeenClock(clock, TableViewer(clock.campaign)).shown)


@receiver(post_save, sender=GameSession, dispatch_uid="hooks:session")
def session_moved(sender, instance: GameSession, created, raw=False, update_fields=None, **kwargs):
    if raw:
        return
    if created:
        put(instance.campaign_id, Kind.SESSIONS, lambda campaign: Told(
            Kind.SESSIONS, str(said("Session %(number)s started.", number=instance.number)),
            link=link(instance.get_absolute_url())), public=lambda: True)
    elif update_fields and "ended_at" in update_fields and instance.ended_at:
        recap = link(f"{instance.get_absolute_url()}recap/")
        put(instance.campaign_id, Kind.SESSIONS, lambda campaign: Told(
            Kind.SESSIONS, str(said(SESSION_ENDED, number=instance.number)),
            _("The recap: %(link)s") % {"link": recap} if recap else "", link=recap), public=lambda: True)


@receiver(post_save, sender=XCard, dispatch_uid="hooks:x_card")
def x_card_tapped(sender, instance: XCard, created, raw=False, **kwargs):
    if created and not raw:  # the card knows nobody: nor does what is posted
        put(instance.campaign_id, Kind.X_CARD, lambda campaign: Told(Kind.X_CARD, str(said(X_CARD))), public=lambda: True)


@receiver(post_save, sender=Event, dispatch_uid="hooks:event")
def line_logged(sender, instance: Event, created, raw=False, **kwargs):
    if not created or raw:
        return
    written = (instance.phrase or {}).get("said", "") if isinstance(instance.phrase, dict) else ""
    if written in TOLD_OTHERWISE or written.startswith("Session %(number)s started"):
        return
    put(instance.campaign_id, Kind.CLOCKS if instance.clock_id else Kind.LOG,
        lambda campaign: Told(Kind.CLOCKS if instance.clock_id else Kind.LOG, campaign.name, instance.shown),
        public=lambda: Event.objects.visible_to(TableViewer(instance.campaign)).filter(pk=instance.pk).exists())
