"""The table screen (what every player may see, readable from two metres, no controls) and the
GM console (the same and the secrets, with the controls)."""

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import translation
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from campaign import actions as campaign_actions
from campaign.access import gm_membership_or_404, membership_or_404, seen_as
from campaign.forms import MilestoneForm
from campaign.models import Campaign
from characters.models import Spell
from charge.actions import on_its_way as roll_actions
from charge.actions.on_its_way import RollStart
from charge.panels import roll_context, threats_context
from core.htmx import answer, asks_for, attempt, page
from core.keys import refusal_once
from core.posted import posted_text, whole_number
from core.templatetags.words import action as action_word
from gamerules.charge import Effect, Risk
from gamerules.dials import Extra
from gamerules.economy import MARKET_CLOCK_SEGMENTS
from rolls.models import RollKind

TABLE = "campaign/table.html"
CONSOLE = "campaign/console.html"
# What a screen shows at once: the clocks most recently in play, the latest rolls and events.
CLOCKS_SHOWN = 6
CONSOLE_CLOCKS_SHOWN = 9
ROLLS_SHOWN = 8
EVENTS_SHOWN = 12


@dataclass(frozen=True)
class TableViewer:
    """Stands in for a membership on the table screen: it sees what every player may see."""

    campaign: Campaign
    is_gm: bool = False
    user_id: None = None

    @property
    def campaign_id(self):
        return self.campaign.pk


TABLE_PANELS = dict.fromkeys(("table-clocks", "table-characters", "table-rolls", "pending-rolls",
                              "table-threats", "table-market", "table-hooks", "table-spells", "x-card"), TABLE)
CONSOLE_PANELS = {**TABLE_PANELS, "console-session": CONSOLE, "console-forces": CONSOLE,
                  "console-roll": CONSOLE, "console-pending": CONSOLE, "console-threats": CONSOLE,
                  "console-market": CONSOLE, "console-magic": CONSOLE}


def _context(membership, viewer, console=False):
    """What the table and the console show. A panel fetched alone reads only what it shows: the
    querysets are lazy, and so are the rest of what costs a query."""
    campaign = membership.campaign
    rolls = SimpleLazyObject(lambda: list(campaign.rolls.visible_to(viewer).select_related("character")[:ROLLS_SHOWN]))
    return {
        "membership": membership, "viewer": viewer, "campaign": campaign, "console": console,
        "clocks": campaign.clocks.visible_to(viewer).in_play().for_display()[
            :CONSOLE_CLOCKS_SHOWN if console else CLOCKS_SHOWN],
        "characters": campaign.characters.select_related("owner"),
        "rules": campaign.rules, "session": SimpleLazyObject(lambda: campaign.current_session),
        "has_previous": SimpleLazyObject(lambda: campaign.sessions.filter(ended_at__isnull=False).exists()),
        "last_roll": SimpleLazyObject(lambda: rolls[0] if rolls else None), "rolls": rolls,
        **campaign.site.context(membership),
        "readonly": not console, "shortcuts": console, "uses_assets": campaign.rules.has(Extra.ASSET),
        "uses_market": campaign.rules.has(Extra.ECONOMY), "market_size": MARKET_CLOCK_SEGMENTS,
        "uses_magic": campaign.rules.has(Extra.MAGIC),
        "readied_spells": (Spell.objects.filter(character__campaign=campaign, charge__isnull=False)
                           .select_related("character") if campaign.rules.has(Extra.MAGIC) else []),
        # The latest hooks the GM revealed: a draw not revealed is the GM's, even on the console.
        "hooks": SimpleLazyObject(lambda: campaign.hook_draws.filter(revealed=True).first()
                                  if campaign.rules.has(Extra.WORLD) else None),
        **threats_context(campaign),
        # The X-card, until the GM dismisses it: it names nobody (safety/models.py).
        "x_card": SimpleLazyObject(lambda: campaign.x_cards.showing().first()),
    }


@login_required
@require_safe
def table_screen(request, campaign_id):
    """For the laptop everyone looks at, or a projector: only what every player may see."""
    membership = membership_or_404(request, campaign_id)
    language = membership.campaign.table_language or translation.get_language()
    with translation.override(language):  # everyone reads the same screen: the table's language
        response = page(request, TABLE, lambda: _context(membership, TableViewer(membership.campaign)), TABLE_PANELS,
                        seen_as(membership))
    response["Content-Language"] = language
    return response


@login_required
@require_safe
def console(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    latest_roll = asks_for(request, "console-roll")
    return page(request, CONSOLE, lambda: _console_context(membership, latest_roll), CONSOLE_PANELS,
                seen_as(membership))


def _console_context(membership, latest_roll: bool) -> dict:
    campaign = membership.campaign
    context = _context(membership, membership, console=True)
    milestones = campaign.milestones.count()
    context.update({
        "forces": campaign.forces.visible_to(membership),
        "milestones": milestones,
        "milestone_form": MilestoneForm(initial={"expected_count": milestones}),
        "next_number": campaign.next_session_number(),
    })
    # The latest action roll, with its consequence and progress controls, where the GM is. Its
    # panel loads after the page, so that the console itself stays quick.
    if latest_roll:
        latest = campaign.rolls.filter(kind__in=(RollKind.ACTION, RollKind.SETUP)).select_related(
            "character", "rolled_by").first()
        if latest:
            context.update(roll_context(membership, latest))
    return context


@login_required
@require_POST
def call_for_roll(request, campaign_id):
    """The GM calls for a roll, and may set its risk and effect at once; every screen shows it
    until that character rolls."""
    membership = gm_membership_or_404(request, campaign_id)
    risk, effect = whole_number(request.POST.get("risk")), whole_number(request.POST.get("effect"))
    start = RollStart(character_id=whole_number(request.POST.get("character")) or 0,
                      action=request.POST.get("action", ""), goal=posted_text(request, "goal", 300))
    attempt(request, lambda: roll_actions.call_for_roll(
        membership, start, Risk(risk) if risk in {int(r) for r in Risk} else None,
        Effect(effect) if effect in {int(e) for e in Effect} else None),
        lambda pending: _("Called for %(name)s's %(action)s roll.") % {"name": pending.character.name,
                                                                        "action": action_word(pending.action)})
    return redirect("console", campaign_id)


@login_required
@require_POST
def new_day(request, campaign_id):
    """The story moves on a day: spells cast once per day may be cast again (Magic Extra)."""
    membership = gm_membership_or_404(request, campaign_id)
    error = refusal_once(request, lambda: campaign_actions.new_day(membership, whole_number(request.POST.get("seen"))))
    campaign = Campaign.objects.get(pk=campaign_id)
    return answer(request, f"{CONSOLE}#console-magic",
                  lambda: {"membership": membership, "campaign": campaign, "uses_magic": True},
                  reverse("console", args=[campaign_id]), error)


@login_required
@require_POST
def market_tick(request, campaign_id):
    """A new scene: the GM ticks the market clock with one tap ("The Market Clock")."""
    membership = gm_membership_or_404(request, campaign_id)
    error = refusal_once(request, lambda: campaign_actions.tick_market(membership, whole_number(request.POST.get("seen"))))
    campaign = Campaign.objects.get(pk=campaign_id)
    return answer(request, f"{CONSOLE}#console-market",
                  lambda: {"membership": membership, "campaign": campaign, "uses_market": True,
                           "market_size": MARKET_CLOCK_SEGMENTS}, reverse("console", args=[campaign_id]), error)
