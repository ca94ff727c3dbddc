"""Charge's rolls besides the action roll, each with its exact odds: fortune, loot, goal,
determination, market (a flashback's: charge/views/flashbacks.py)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from campaign.access import membership_or_404
from charge.actions import other_rolls
from charge.forms.other_rolls import (
    DeterminationForm,
    FortuneForm,
    GoalRollForm,
    LootForm,
    MarketForm,
)
from charge.models import Goal
from charge.panels import market_context, odds_bars
from core.posted import whole_number
from core.refused import Refused
from gamerules.assets import LOOT_POOL
from gamerules.assets import loot_odds as found_odds
from gamerules.charge import Outcome, percentages
from gamerules.consequences import resistance
from gamerules.dials import Extra, ExtraDial
from gamerules.economy import Trade, market_pool
from gamerules.fortune import Side, opposed_odds
from gamerules.goals import ADVANCE_POOL, Resolution, advance_odds, resolve_odds, resolved_dots
from rolls.models import new_key


def _other_roll(request, membership, form, template, make):
    if request.method == "POST" and form.is_valid():
        try:
            roll = make(form.cleaned_data)
        except Refused as refusal:
            form.add_error(None, str(refusal))
        else:
            return redirect(roll)
    return render(request, template, {"membership": membership, "campaign": membership.campaign,
                                      "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def roll_fortune(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    # A flashback paid on to a fortune roll brings what was prepared as what is at stake.
    form = FortuneForm(request.POST or None, membership=membership,
                       initial={"key": new_key(), "label": request.GET.get("label", "")[:300]})
    return _other_roll(request, membership, form, "charge/rolls/fortune.html", lambda data: other_rolls.make_fortune_roll(
        membership, data["likeliness"], data["key"], data["label"], data["opposed"], data.get("hidden", False),
        character_id=data.get("character"), action=data.get("action", "")))


@login_required
@require_safe
def fortune_odds(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    pool, against = whole_number(request.GET.get("likeliness")), whole_number(request.GET.get("opposed"))
    pool = pool if pool is not None and 0 <= pool <= 10 else 1
    character = membership.campaign.characters.filter(pk=whole_number(request.GET.get("character")) or 0).first()
    if character and request.GET.get("action") in membership.campaign.charge.rules.action_names:
        pool = character.charge.rating(request.GET["action"])  # the action's rating is the pool
    context = {"bars": odds_bars(pool), "pool": pool}
    if against is not None and 0 <= against <= 10:
        chances = opposed_odds(pool, against)
        context["opposed"] = [(side.words, chances[side], percentages(chances)[side])
                              for side in (Side.FIRST, Side.TIE, Side.SECOND)]
    return render(request, "charge/rolls/fortune.html#fortune_odds", context)


@login_required
@require_http_methods(["GET", "POST"])
def roll_loot(request, campaign_id):
    """After a conflict: search for loot; the asset lands on the searcher's sheet ("Asset Extra")."""
    membership = membership_or_404(request, campaign_id)
    if not membership.campaign.charge.rules.has(Extra.ASSET):
        raise Http404("The Asset extra is off")
    form = LootForm(request.POST or None, membership=membership,
                    initial={"key": new_key(), "character": request.GET.get("character")})
    return _other_roll(request, membership, form, "charge/rolls/loot.html", lambda data: other_rolls.make_loot_roll(
        membership, data["character"], data.get("pool", LOOT_POOL), data["name"], data["key"]))


@login_required
@require_safe
def loot_odds(request, campaign_id):
    """The exact chance of finding nothing, one asset or two ("Loot Roll")."""
    membership_or_404(request, campaign_id)
    pool = whole_number(request.GET.get("pool"))
    pool = pool if pool is not None and 0 <= pool <= 6 else LOOT_POOL
    chances = found_odds(pool)
    shown = percentages(chances)
    return render(request, "charge/rolls/loot.html#loot_odds", {
        "pool": pool, "found": [(count, chances[count], shown[count]) for count in chances]})


def _goal_or_404(membership, goal_id):
    """A goal of a character this member may roll for (their own, or any for a GM); else 404."""
    goal = get_object_or_404(Goal.objects.select_related("character"), pk=goal_id,
                             character__campaign=membership.campaign)
    if not goal.character.editable_by(membership):
        raise Http404("Not your character's goal")
    return goal


@login_required
@require_http_methods(["GET", "POST"])
def roll_goal(request, campaign_id, goal_id, mode):
    """Roll a goal's granted progress, or roll to resolve it (the Goals Extra's dials), with the
    exact odds of what each result does to it."""
    membership = membership_or_404(request, campaign_id)
    goal = _goal_or_404(membership, goal_id)
    dial = {other_rolls.GoalRollMode.ADVANCE: ExtraDial.GOALS_ROLL_TO_ADVANCE,
            other_rolls.GoalRollMode.RESOLVE: ExtraDial.GOALS_ROLL_TO_RESOLVE}.get(mode)
    if dial is None or not membership.campaign.charge.rules.dialled(dial):
        raise Http404("That dial is off")
    form = GoalRollForm(request.POST or request.GET or None, mode=mode,
                        initial={"key": new_key(), "pool": ADVANCE_POOL})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            roll = other_rolls.make_goal_roll(membership, goal.pk, mode, data["key"], data.get("pool", ADVANCE_POOL),
                                          data.get("partial") == "consequence")
        except Refused as refusal:
            form.add_error(None, str(refusal))
        else:
            return redirect(roll)
    heading = _("Rolling to advance") if mode == other_rolls.GoalRollMode.ADVANCE else _("Rolling to resolve")
    context = {"membership": membership, "campaign": membership.campaign, "form": form, "goal": goal,
               "mode": mode, "heading": heading, **_goal_odds(goal, mode, form)}
    if request.htmx.target == "goal-odds":
        return render(request, "charge/rolls/goal.html#goal_odds", context)
    return render(request, "charge/rolls/goal.html", context)


def _goal_odds(goal, mode: str, form) -> dict:
    """Exact odds of each result: segments ticked, or how the goal ends and its dots."""
    difficulty = goal.rules_difficulty
    if mode == other_rolls.GoalRollMode.ADVANCE:
        pool = form.cleaned_data.get("pool", ADVANCE_POOL) if form.is_bound and form.is_valid() else ADVANCE_POOL
        chances = advance_odds(difficulty, pool)
        shown = percentages(chances)
        return {"pool": pool, "advance": [(ticks, chances[ticks], shown[ticks]) for ticks in chances]}
    pool = goal.resolve_pool
    if pool is None:
        return {"pool": None}
    consequence = form.is_bound and form.is_valid() and form.cleaned_data.get("partial") == "consequence"
    chances = resolve_odds(pool)
    shown = percentages(chances)
    return {"pool": pool, "resolve": [(_resolve_words(result, resolved_dots(difficulty, result, consequence),
                                                      consequence), chances[result], shown[result])
                                       for result in Resolution]}


def _resolve_words(result: Resolution, dots: int, consequence: bool) -> str:
    if result is Resolution.LOST:
        return _("The goal is lost")
    if consequence and result is Resolution.PARTIAL:
        return ngettext("%(count)s talent dot and a consequence", "%(count)s talent dots and a consequence",
                        dots) % {"count": dots}
    return ngettext("%(count)s talent dot", "%(count)s talent dots", dots) % {"count": dots}


@login_required
@require_http_methods(["GET", "POST"])
def roll_determination(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    form = DeterminationForm(request.POST or None, membership=membership, initial={"key": new_key()})
    return _other_roll(request, membership, form, "charge/rolls/determination.html",
                       lambda data: other_rolls.make_determination_roll(
                           membership, data["character"], data["burn"], data["key"], data["note"]))


@login_required
@require_safe
def determination_odds(request, campaign_id):
    campaign = membership_or_404(request, campaign_id).campaign
    burn = whole_number(request.GET.get("burn"))
    burn = burn if burn is not None and 0 <= burn <= 10 else 1
    labels = [(outcome.label, resistance(outcome).label(campaign.charge.wording, campaign.charge.quick)) for outcome in Outcome]
    return render(request, "charge/rolls/determination.html#determination_odds", {
        "bars": odds_bars(burn), "labels": labels, "burn": burn})


@login_required
@require_http_methods(["GET", "POST"])
def roll_market(request, campaign_id):
    """Buying or selling on the market ("Economy Extra"): 1d6, a die up or down by the market's
    state, +1d6 per money spent, with the exact odds of each outcome as the choices change."""
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    if not campaign.charge.rules.has(Extra.ECONOMY):
        raise Http404("The Economy extra is off")
    form = MarketForm(request.POST or (request.GET if request.htmx else None), membership=membership,
                      initial={"key": new_key(), "character": request.GET.get("character"), "trade": "buying"})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            roll = other_rolls.make_market_roll(membership, data["character"], Trade(data["trade"]), data["money"],
                                            data["key"])
        except Refused as refusal:
            form.add_error(None, str(refusal))
        else:
            return redirect(roll)
    trade = Trade(form["trade"].value() if form["trade"].value() in {t.value for t in Trade} else "buying")
    spent = min(max(whole_number(form["money"].value()) or 0, 0), form.held)
    pool = market_pool(campaign.charge.market_filled, trade, spent)
    context = {"membership": membership, "campaign": campaign, "form": form, "pool": pool,
               "bars": odds_bars(pool), **market_context(campaign)}
    if request.htmx.target == "market-odds":
        return render(request, "charge/rolls/market.html#market_odds", context)
    return render(request, "charge/rolls/market.html", context)
