"""The World Extra's page ("World Extra"): the GM's three prompt tables, the hook cards drawn from
a shuffled deck, the mission roll with its odds; players read the draws the GM revealed."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from campaign.access import gm_membership_or_404, membership_or_404
from charge.actions import other_rolls
from charge.actions import world as actions
from charge.models import WorldTable
from core.htmx import answer, page
from core.keys import refusal_once
from core.posted import posted_text, whole_number
from core.refused import Refused
from gamerules.charge import percentages
from gamerules.dials import Extra
from gamerules.world import RANKS, MissionStart, mission_odds, rank_name
from rolls.models import new_key

WORLD = "charge/world.html"
PLACEHOLDERS = (_("The Ship"), _("The Crew"), _("The Next Job"))
"""The designer note's first example of three titles."""


def world_membership_or_404(request, campaign_id, gm=False):
    membership = (gm_membership_or_404 if gm else membership_or_404)(request, campaign_id)
    if not membership.campaign.charge.rules.has(Extra.WORLD):
        raise Http404("The World extra is off")
    return membership


def _odds(red_cards: int) -> list[tuple[MissionStart, object, int]]:
    chances = mission_odds(red_cards)
    shown = percentages(chances)
    return [(start, chances[start], shown[start]) for start in MissionStart]


def world_context(membership) -> dict:
    """The GM's tables and every draw; a player, only the draws revealed (a template is never
    handed a draw the viewer may not see)."""
    campaign = membership.campaign
    draws = list(campaign.hook_draws.visible_to(membership).select_related("mission_roll")[:10])
    context = {"membership": membership, "campaign": campaign,
               "draws": [(draw, _odds(draw.red_cards)) for draw in draws],
               "draw_count": campaign.hook_draws.count() if membership.is_gm else None}
    if membership.is_gm:
        tables = {table.place: table for table in campaign.world_tables.all()}
        context["tables"] = [(place, PLACEHOLDERS[place], tables.get(place),
                              [(row, rank_name(rank), tables[place].prompt(row) if place in tables else "")
                               for row, rank in enumerate(RANKS)])
                             for place in (WorldTable.THEME_1, WorldTable.THEME_2, WorldTable.MISSION)]
    return context


@login_required
@require_safe
def world(request, campaign_id):
    membership = world_membership_or_404(request, campaign_id)
    return page(request, WORLD, world_context(membership), {"world-draws": WORLD})


def _answer(request, membership, act=None, error=""):
    error = error or (refusal_once(request, act) if act else "")
    return answer(request, f"{WORLD}#world-draws", lambda: world_context(membership),
                  reverse("world", args=[membership.campaign_id]), error)


@login_required
@require_POST
def world_table(request, campaign_id, place):
    membership = world_membership_or_404(request, campaign_id, gm=True)
    prompts = [posted_text(request, f"prompt-{row}", 300) for row in range(len(RANKS))]
    return _answer(request, membership, lambda: actions.write_world_table(
        membership, place, posted_text(request, "title", 80), prompts))


@login_required
@require_POST
def world_draw(request, campaign_id):
    membership = world_membership_or_404(request, campaign_id, gm=True)
    return _answer(request, membership, lambda: other_rolls.draw_hook_cards(
        membership, seen=whole_number(request.POST.get("seen"))))


@login_required
@require_POST
def world_reveal(request, campaign_id, draw_id):
    membership = world_membership_or_404(request, campaign_id, gm=True)
    return _answer(request, membership, lambda: actions.reveal_draw(membership, draw_id))


@login_required
@require_POST
def world_mission(request, campaign_id, draw_id):
    """The mission roll from a draw's red cards; its page shows the dice and the start."""
    membership = world_membership_or_404(request, campaign_id, gm=True)
    try:
        roll = other_rolls.make_mission_roll(membership, draw_id, request.POST.get("key") or new_key())
    except Refused as refusal:
        return _answer(request, membership, error=str(refusal))
    return redirect(roll)
