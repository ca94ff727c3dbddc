from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, HttpResponseLocation

from campaign.access import gm_membership_or_404, membership_or_404
from campaign.models import bearing_on_a_roll, mission_start_pending
from characters.models import Character, Goal
from clocks.models import Clock, SeenClock, Visibility
from core.htmx import answer
from core.posted import posted_text, whole_number
from core.refused import Refused, refusal_of
from core.templatetags.words import action as action_word
from gamerules.action_roll import ActionRollPlan, SetupBenefit
from gamerules.assets import LOOT_POOL
from gamerules.assets import loot_odds as found_odds
from gamerules.charge import Effect, Outcome, Risk, odds, percentages
from gamerules.clocks import DANGER_KINDS, PROGRESS_KINDS
from gamerules.consequences import ConsequenceKind, Resistance, resistance
from gamerules.dials import Extra, ExtraDial
from gamerules.economy import MARKET_CLOCK_SEGMENTS, Trade, market_pool, market_state
from gamerules.fortune import Side, opposed_odds
from gamerules.goals import ADVANCE_POOL, Resolution, advance_odds, resolve_odds, resolved_dots
from gamerules.magic import assured_odds
from gamerules.readings import TENSION_MOMENTUM
from gamerules.threat import ThreatRule, threat_odds
from gamerules.world import MissionStart
from rolls import actions, playing
from rolls.charts import actions_chart, luck_chart, momentum_chart, outcomes_chart
from rolls.forms import (
    LAST_STEP,
    ActionRollForm,
    DeterminationForm,
    FlashbackForm,
    FortuneForm,
    GoalRollForm,
    LootForm,
    MarketForm,
)
from rolls.models import PendingRoll, Roll, RollKind, by_wording, new_key, risk_noun
from rolls.stats import MOMENTUM_ROLLS, Filters, dice_stats

WIZARD = "rolls/wizard.html"
LOG_PAGE = 50


def roll_or_404(membership, roll_id) -> Roll:
    return get_object_or_404(Roll.objects.visible_to(membership).select_related("character", "rolled_by"),
                             campaign=membership.campaign, pk=roll_id)


def odds_bars(pool_size: int, threat: int = 0, rule: ThreatRule = ThreatRule.SAME_VALUE, sure: bool = False):
    """(outcome, exact chance, whole percent) for an odds bar whose percentages add up to 100;
    against a threat pool, its cancelling counted in; ``sure``: a spell's automatic success."""
    chances = threat_odds(pool_size, threat, rule) if threat else odds(pool_size)
    chances = assured_odds(chances) if sure else chances
    shown = percentages(chances)
    return [(outcome, chances[outcome], shown[outcome]) for outcome in Outcome]


def _step(value) -> int:
    return int(value) if value in ("1", "2", "3") else 1


def pending_or_none(membership, pending_id) -> PendingRoll | None:
    """A roll on its way, for its roller's player or a GM (nobody else opens its wizard), or
    None once it is gone: made or withdrawn."""
    pending = PendingRoll.objects.select_related("character").filter(
        campaign=membership.campaign, pk=pending_id).first()
    if pending is not None and not pending.character.editable_by(membership):
        raise Http404("Another player's roll")
    return pending


def pending_or_404(membership, pending_id) -> PendingRoll:
    if (pending := pending_or_none(membership, pending_id)) is None:
        raise Http404("No longer on its way")
    return pending


def _wizard(request, membership, form, pending=None, changed=False):
    context = {"membership": membership, "campaign": membership.campaign, "form": form,
               "step": form.step, "character": form.character, "pending": pending,
               # A player waits for the GM's risk and effect; the GM sets them right here.
               "waiting": form.step == 2 and pending is not None and not membership.is_gm}
    if form.step == 2 and membership.is_gm and pending is not None and not pending.is_set:
        context["mission"] = mission_start_pending(membership.campaign)
    if form.step == LAST_STEP and pending is not None:
        context.update(_odds_context(membership, form, pending, changed))
    template = f"{WIZARD}#wizard" if request.htmx else WIZARD
    return render(request, template, context)


def _step_three_data(posted, pending, as_set_now=True):
    """The choices of evening the odds as posted, on the goal and action the roll is on its way
    with, and with the GM's risk and effect as they are now (or, to roll, as the player last saw
    them). A helper the roller was waiting for, who has agreed since, joins the roll."""
    data = posted.copy()
    for name, value in pending.step_one().items():
        data[name] = value
    if as_set_now and pending.is_set:
        data["risk"], data["effect"] = str(pending.risk), str(pending.effect)
    awaited = [pk for pk in data.getlist("awaited") if pk.isdigit()]
    agreed = Character.objects.filter(pk__in=awaited, assisting=pending.character_id).values_list("pk", flat=True)
    data.setlist("helpers", [*data.getlist("helpers"), *(str(pk) for pk in agreed)])
    return data


def _changed(posted, pending, threat: int = 0, disposition: int = 0) -> bool:
    """The GM changed the risk, the effect, the threats or the party details since this page
    showed them."""
    return any(posted.get(name) not in (None, str(value))
               for name, value in (("risk", pending.risk), ("effect", pending.effect), ("threat", threat),
                                   ("disposition", disposition)))


def _threats(membership, pending) -> list:
    """The threats that apply to a roll on its way, while the campaign plays the Threat Level extra."""
    return pending.applied_threats() if membership.campaign.rules.has(Extra.THREAT_LEVEL) else []


def _changed_since(posted, membership, pending) -> bool:
    return _changed(posted, pending, sum(t.rating for t in _threats(membership, pending)),
                    int(bearing_on_a_roll(membership.campaign, pending.party_details)[1]))


def _odds_context(membership, form, pending, changed=False):
    """The odds partial: the GM's risk and effect as they are now, who helps or is asked to,
    and the odds of the choices."""
    wording = membership.campaign.wording
    helping = {pk for pk, _ in form.fields["helpers"].choices}
    others = [c for c in form.others if c.pk not in helping and not c.taken_out]
    context = {"pending": pending, "form": form, "changed": changed,
               "asked": [c for c in others if c.pk in pending.asked],
               "askable": [c for c in others if c.pk not in pending.asked], "plan": None, "reasons": [],
               "uses_threats": membership.campaign.rules.has(Extra.THREAT_LEVEL)}
    if not pending.is_set:
        return {**context, "reasons": [actions.waiting_for_the_gm(wording)]}
    if not form.validate_up_to(LAST_STEP):
        return {**context, "reasons": [e for errors in form.errors.values() for e in errors]}
    loaded = {c.pk: c for c in [form.character, *form.others]}
    planned = actions.plan(membership, form.to_request(), pending, loaded)
    if not isinstance(planned, ActionRollPlan):
        return {**context, "reasons": planned.reasons}
    threats = _threats(membership, pending)
    threat = sum(t.rating for t in threats)
    rule = membership.campaign.rules.threat_rule
    bearing, disposition = bearing_on_a_roll(membership.campaign, pending.party_details)
    return {**context, "plan": planned, "bars": odds_bars(planned.pool_size, threat, rule, planned.automatic_success),
            "threats": threats, "threat": threat, "threat_rule": rule, "bearing": bearing, "disposition": disposition,
            "tension_momentum": TENSION_MOMENTUM if "tension" in planned.dice_sources else 0,
            "risk_label": planned.risk.label(wording)}


def _pending_step(membership, pending, asked=None) -> int:
    if asked == 1 or (asked == 2 and membership.is_gm):
        return asked
    return LAST_STEP if pending.is_set else 2


def _pending_wizard(request, membership, pending, step=None):
    """The wizard of a roll on its way, at the step it has reached (or ``step``)."""
    step = step or _pending_step(membership, pending)
    data = pending.step_one()
    if pending.is_set:
        data.update(risk=str(pending.risk), effect=str(pending.effect))
    elif step == 2:  # where the GM starts
        data.update(risk=str(int(pending.suggested_risk(mission_start_pending(membership.campaign)))),
                    effect=str(int(pending.suggested_effect())))
    return _wizard(request, membership, ActionRollForm(data, membership=membership, step=step), pending)


def _to_pending(request, pending):
    """After a step: the roll on its way at its own address, so that reload and back work
    (with htmx, the wizard fetches it in place and the address bar follows)."""
    if not request.htmx:
        return redirect(pending)
    return HttpResponseLocation(pending.get_absolute_url(), target="#wizard", swap="outerHTML")


@login_required
@require_http_methods(["GET", "POST"])
def roll_new(request, campaign_id):
    """The action roll wizard's first step: the character, the goal and the action. It puts the
    roll on its way (roll_pending), where the GM sets the risk and the effect."""
    membership = membership_or_404(request, campaign_id)
    if request.method == "GET":
        asked = {name: request.GET.get(name) for name in ("character", "action", "goal", "flashback", "project", "spell")}
        form = ActionRollForm(membership=membership, initial={"key": new_key(), **asked})
        if not form.mine:
            messages.info(request, _("Create a character first: rolls are made for a character."))
            return redirect("character_create", campaign_id)
        pending = PendingRoll.objects.filter(character=form.character).first() if form.character else None
        if pending:  # the roll already on its way, with what the link asks for
            form = ActionRollForm(membership=membership, initial={
                **pending.step_one(), **{name: value for name, value in asked.items() if value}})
        return _wizard(request, membership, form)
    form = ActionRollForm(request.POST, membership=membership, step=1)
    return _start(request, membership, form)


def _start(request, membership, form, pending=None):
    if not form.validate_up_to(1):
        return _wizard(request, membership, form, pending)
    try:
        started = actions.start_roll(membership, form.to_start(), form.cleaned_data["key"])
    except Refused as refusal:
        form.add_error(None, str(refusal))
        return _wizard(request, membership, form, pending)
    if isinstance(started, Roll):  # this step was sent again after its roll: the roll it made
        return playing.go(request, started.get_absolute_url())
    return _to_pending(request, started)


@login_required
@require_http_methods(["GET", "POST"])
def roll_pending(request, campaign_id, pending_id):
    """A roll on its way, at its own address: the player waits for the GM's risk and effect
    (live) and evens the odds; a GM sets the risk and effect here, for tables that share one
    screen, or on the console."""
    membership = membership_or_404(request, campaign_id)
    if (pending := pending_or_none(membership, pending_id)) is None:
        return _gone(request, membership)
    if request.method == "GET":
        asked = whole_number(request.GET.get("step"))
        return _pending_wizard(request, membership, pending, _pending_step(membership, pending, asked))
    step = _step(request.POST.get("step"))
    if "back" in request.POST:
        return _pending_wizard(request, membership, pending, 2 if step == 3 and membership.is_gm else 1)
    if step == 1:
        data = request.POST.copy()
        data["key"] = pending.key
        return _start(request, membership, ActionRollForm(data, membership=membership, step=1), pending)
    if step == 2:
        form = ActionRollForm({**pending.step_one(), **request.POST.dict()}, membership=membership, step=2)
        if form.validate_up_to(2):
            try:
                pending = actions.set_risk_and_effect(
                    membership, pending.pk, Risk(form.cleaned_data["risk"]), Effect(form.cleaned_data["effect"]),
                    *(form.cleaned_data.get(name) if name in form.fields else None for name in ("threats", "party_details")))
            except Refused as refusal:
                form.add_error(None, str(refusal))
            else:
                return _to_pending(request, pending)
        return _wizard(request, membership, form, pending)
    changed = _changed_since(request.POST, membership, pending)
    if ask := whole_number(request.POST.get("ask")):
        error = refusal_of(lambda: actions.ask_for_assist(membership, pending.pk, ask))
        pending.refresh_from_db()
        return _step_three(request, membership, pending, changed, error)
    if "roll" not in request.POST:
        return _step_three(request, membership, pending, changed)  # a refresh, not a roll
    form = ActionRollForm(_step_three_data(request.POST, pending, as_set_now=False), membership=membership,
                          step=LAST_STEP)
    if not form.validate_up_to(LAST_STEP):
        return _step_three(request, membership, pending, changed)  # with the form's errors
    try:
        roll = actions.make_action_roll(membership, form.to_request(), pending.key)
    except Refused as refusal:
        return _step_three(request, membership, pending, changed, str(refusal))
    if request.htmx:
        return HttpResponseClientRedirect(roll.get_absolute_url())
    return redirect(roll)


def _step_three(request, membership, pending, changed=False, error=""):
    """Evening the odds again, with the GM's risk and effect as they are now."""
    form = ActionRollForm(_step_three_data(request.POST, pending), membership=membership, step=LAST_STEP)
    if error:
        form.validate_up_to(LAST_STEP)
        form.add_error(None, error)
    return _wizard(request, membership, form, pending, changed)


def _gone(request, membership):
    """A roll no longer on its way: made (a double submit, a reload after rolling) or withdrawn."""
    made = membership.campaign.rolls.visible_to(membership).filter(
        idempotency_key=request.POST.get("key") or None).first()
    if made is None:
        messages.info(request, _("That roll is no longer on its way: it was made or withdrawn."))
    target = made.get_absolute_url() if made else reverse("rolls", args=[membership.campaign_id])
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


@login_required
@require_POST
def roll_odds(request, campaign_id, pending_id):
    """The odds for the choices as they stand, recomputed on every change and whenever the
    campaign changes (the GM's risk and effect, a helper who agrees)."""
    membership = membership_or_404(request, campaign_id)
    pending = pending_or_404(membership, pending_id)
    form = ActionRollForm(_step_three_data(request.POST, pending), membership=membership, step=LAST_STEP)
    return render(request, f"{WIZARD}#odds", {"membership": membership, "campaign": membership.campaign,
                                             **_odds_context(membership, form, pending,
                                                             _changed_since(request.POST, membership, pending))})


@login_required
@require_POST
def roll_set(request, campaign_id, pending_id):
    """The GM sets the risk and the effect of a roll on its way, from the console."""
    membership = gm_membership_or_404(request, campaign_id)
    pending = pending_or_404(membership, pending_id)
    campaign = membership.campaign
    risk, effect = whole_number(request.POST.get("risk")), whole_number(request.POST.get("effect"))
    # The threat boxes are on the form only while the extra is on; none ticked clears them.
    threat_ids, detail_ids = ([pk for pk in map(whole_number, request.POST.getlist(name)) if pk is not None]
                              if campaign.rules.has(extra) else None
                              for name, extra in (("threats", Extra.THREAT_LEVEL), ("party_details", Extra.PARTY)))
    if campaign.quick:  # no risk or effect to set: only the threats
        error = refusal_of(lambda: actions.apply_threats(membership, pending.pk, threat_ids or []))
    elif risk not in {int(r) for r in Risk} or effect not in {int(e) for e in Effect}:
        error = by_wording(campaign.wording, _("Choose a risk and an effect."), _("Choose a position and an effect."))
    else:
        error = refusal_of(lambda: actions.set_risk_and_effect(membership, pending.pk, Risk(risk), Effect(effect),
                                                             threat_ids, detail_ids))
    return answer(request, "campaign/console.html#console-pending",
                  lambda: {"membership": membership, "campaign": membership.campaign,
                           **pending_context(membership)}, reverse("console", args=[campaign_id]), error)


@login_required
@require_POST
def roll_withdraw(request, campaign_id, pending_id):
    """The roller's player or a GM takes back a roll on its way."""
    membership = membership_or_404(request, campaign_id)
    pending = pending_or_404(membership, pending_id)
    if error := refusal_of(lambda: actions.withdraw_roll(membership, pending.pk)):
        messages.error(request, error)
    else:
        messages.info(request, _("%(name)s's %(action)s roll is withdrawn.") % {
            "name": pending.character.name, "action": action_word(pending.action)})
    back = "console" if membership.is_gm and request.POST.get("from") == "console" else "campaign"
    if request.htmx:
        return HttpResponseClientRedirect(reverse(back, args=[campaign_id]))
    return redirect(back, campaign_id)


@dataclass(frozen=True)
class RollOnItsWay:
    """A roll on its way as a viewer sees it: whether they may open it, and whom it waits for."""

    pending: PendingRoll
    may_roll: bool
    awaited: tuple[Character, ...]  # the helpers asked who have not agreed yet
    threats: tuple = ()  # (threat, applies) for each threat in play for the roller
    party_details: tuple = ()  # (detail, bears) for each line of the party sheet
    mission: MissionStart | None = None  # the mission roll's start, for the mission's first roll

    @property
    def risk_shown(self) -> int:
        """The risk the GM's choice starts at: theirs, or the suggested one."""
        return self.pending.risk if self.pending.is_set else int(self.pending.suggested_risk(self.mission))

    @property
    def effect_shown(self) -> int:
        return self.pending.effect if self.pending.is_set else int(self.pending.suggested_effect())


def pending_context(membership) -> dict:
    """Every roll on its way in the campaign, for banners, the table and the console, and the
    risk and effect a GM chooses from."""
    campaign = membership.campaign
    pending = list(campaign.pending_rolls.for_display())
    # One query however many are asked, and none while no roll is on its way.
    helpers = ({c.pk: c for c in campaign.characters.only("campaign", "name", "assisting")} if pending else {})
    threats = campaign.threats_in_play if pending else []
    details = list(campaign.party_details.all()) if pending and campaign.rules.has(Extra.PARTY) else []
    mission = mission_start_pending(campaign) if pending else None
    return {
        "pending_rolls": [
            RollOnItsWay(p, p.character.editable_by(membership),
                         tuple(helpers[pk] for pk in p.asked
                               if pk in helpers and helpers[pk].assisting_id != p.character_id),
                         tuple((t, t.pk in p.threats) for t in threats if t.character_id in (None, p.character_id)),
                         tuple((d, d.pk in p.party_details) for d in details), mission)
            for p in pending],
        "presets": [("risk", risk_noun(campaign.wording), [(int(r), r.label(campaign.wording)) for r in Risk]),
                    ("effect", _("Effect"), [(int(e), e.label) for e in reversed(Effect)])],
    }


def _resistance_label(consequence, campaign) -> str:
    """How a settled consequence ended; reduced to a rating of 0, it is as good as avoided."""
    if consequence is None or consequence.resistance is None:
        return ""
    if consequence.resistance is Resistance.REDUCED and not consequence.final_rating:
        return _("The consequence is reduced to nothing: it is avoided.")
    return consequence.resistance.label(campaign.wording, campaign.quick)


def _extra_text(roll) -> str:
    """What a loot, goal or market roll did to the sheet, in a line."""
    if roll.kind == RollKind.GOAL:
        return _goal_text(roll)
    if roll.kind == RollKind.MARKET:
        return _market_text(roll)
    if roll.kind != RollKind.LOOT:
        return ""
    found = roll.choices.get("assets", 0)
    if not found:
        return _("Nothing worth taking.")
    where = roll.character.name if roll.character else _("the sheet")
    said = _("Found one asset: %(loot)s, on %(name)s's sheet.") if found == 1 else \
        _("Found two assets: %(loot)s, on %(name)s's sheet.")
    return said % {"loot": roll.goal, "name": where}


def _market_text(roll) -> str:
    choices = roll.choices
    state = market_state(choices["market"])
    spent = choices["money"]
    selling = choices["trade"] == Trade.SELLING.value
    if spent and selling:
        said = ngettext("Selling in a %(state)s market (%(market)s/%(size)s), %(money)s money spent: "
                        "the GM says what the selling brings.",
                        "Selling in a %(state)s market (%(market)s/%(size)s), %(money)s money spent: "
                        "the GM says what the selling brings.", spent)
    elif spent:
        said = ngettext("Buying in a %(state)s market (%(market)s/%(size)s), %(money)s money spent: "
                        "the GM says what the buying brings.",
                        "Buying in a %(state)s market (%(market)s/%(size)s), %(money)s money spent: "
                        "the GM says what the buying brings.", spent)
    elif selling:
        said = _("Selling in a %(state)s market (%(market)s/%(size)s), no money spent: "
                 "the GM says what the selling brings.")
    else:
        said = _("Buying in a %(state)s market (%(market)s/%(size)s), no money spent: "
                 "the GM says what the buying brings.")
    return said % {"state": state.in_a_sentence, "market": choices["market"], "size": MARKET_CLOCK_SEGMENTS,
                   "money": spent}


def _goal_text(roll) -> str:
    choices = roll.choices
    if choices.get("goal_mode") == actions.GoalRollMode.ADVANCE:
        ticks = choices.get("ticks", 0)
        if not ticks:
            return _("%(goal)s: no progress this time.") % {"goal": roll.goal}
        return ngettext("%(goal)s: %(count)s segment ticked.", "%(goal)s: %(count)s segments ticked.",
                        ticks) % {"goal": roll.goal, "count": ticks}
    dots = choices.get("dots", 0)
    if choices.get("resolution") == Resolution.LOST.value:
        return _("%(goal)s: the goal is lost.") % {"goal": roll.goal}
    if choices.get("consequence"):
        said = ngettext("%(goal)s: complete, %(count)s talent dot to place. And a consequence, as the GM says.",
                        "%(goal)s: complete, %(count)s talent dots to place. And a consequence, as the GM says.",
                        dots)
    else:
        said = ngettext("%(goal)s: complete, %(count)s talent dot to place.",
                        "%(goal)s: complete, %(count)s talent dots to place.", dots)
    return said % {"goal": roll.goal, "count": dots}


def _by_audience(clocks) -> list[tuple[str, list]]:
    """Clocks for a GM's choice, those whose segments players see apart from the others, so
    that the GM sees before confirming when the roll's page will keep a change to itself."""
    groups = [(_("Seen by everyone"), [c for c in clocks if c.visibility == Visibility.ALL]),
              (_("Hidden from players"), [c for c in clocks if c.visibility != Visibility.ALL])]
    return [(label, group) for label, group in groups if group]


def roll_context(membership, roll):
    """Everything the roll's result panel shows this member, with the controls they may use."""
    campaign = membership.campaign
    names = dict(Character.objects.filter(campaign=campaign).values_list("pk", "name"))
    aftermath = roll.aftermath
    consequence = aftermath.consequence
    target = Character.objects.filter(pk=consequence.target).first() if consequence else None
    # The roller first: a consequence falls on them unless the GM chooses a helper.
    exposed = sorted(Character.objects.filter(pk__in=[roll.character_id, *roll.choices.get("helpers", [])]),
                     key=lambda character: character.pk != roll.character_id)
    clocks = list(Clock.objects.visible_to(membership).active().filter(campaign=campaign))
    # What the roll did to clocks, as this viewer may see those clocks now.
    changes = [(SeenClock(change.clock, membership), change)
               for change in roll.clock_changes.select_related("clock").order_by("pk")]
    progress = aftermath.progress
    progress_clock = Clock.objects.filter(pk=progress.clock).first() if progress else None
    return {
        "membership": membership, "campaign": campaign, "roll": roll,
        "outcome": roll.rules_outcome, "effect": roll.rules_effect,
        "risk_text": (by_wording(campaign.wording, _("risk %(level)s"), _("position %(level)s")) % {
            "level": str(roll.rules_risk.label(campaign.wording)).lower()} if roll.rules_risk else ""),
        "determination_text": (aftermath.resistance.label(campaign.wording, campaign.quick)
                               if aftermath.resistance else ""),
        "setup_benefits": [b for b in SetupBenefit if not (campaign.quick and b is SetupBenefit.RISK)],
        "momentum_changes": [(names.get(int(pk), "?"), before, after)
                             for pk, (before, after) in roll.momentum.items()],
        "consequence": consequence, "target": target, "exposed": exposed,
        "awaits_consequence": roll.awaits_consequence,
        "kinds": [(k.value, k.label(campaign.wording), k.meaning(campaign.wording)) for k in ConsequenceKind],
        "kind_label": consequence.kind.label(campaign.wording) if consequence else "",
        "resistance_label": _resistance_label(consequence, campaign),
        "progress": progress,
        "progress_seen": SeenClock(progress_clock, membership) if progress_clock else None,
        "clock_changes": [(seen, change) for seen, change in changes if seen.known],
        "setup_text": (aftermath.setup_benefit.describe(campaign.wording)
                       if aftermath.setup_benefit else ""),
        "progress_clocks": _by_audience([c for c in clocks if c.rules_kind in PROGRESS_KINDS
                                         and c.tickable_by(membership)]),
        "danger_clocks": _by_audience([c for c in clocks if c.rules_kind in DANGER_KINDS]),
        "may_settle": membership.is_gm or (roll.character and roll.character.editable_by(membership)),
        "may_resist": bool(target and target.editable_by(membership)),
        "protectors": [c for c in campaign.characters.editable_by(membership)
                       if consequence and c.pk != consequence.target and not c.taken_out],
        "burn_choices": range(0, (target.momentum if target else 0) + 1),
        # Attachments the target may break to cancel it outright ("Attachment Extra").
        "breakable": ([a for a in target.attachments.select_related("repair") if a.usable]
                      if target and campaign.rules.has(Extra.ATTACHMENT) and target.editable_by(membership)
                      else []),
        "children": roll.children.visible_to(membership),
        "bars": odds_bars(roll.pool_size) if roll.dice else [],
        "extra_text": _extra_text(roll),
        "opposed": aftermath.opposed,
        "opposed_text": aftermath.opposed.winner.words if aftermath.opposed else "",
    }


@login_required
@require_safe
def roll_detail(request, campaign_id, roll_id):
    membership = membership_or_404(request, campaign_id)
    roll = roll_or_404(membership, roll_id)
    site = membership.campaign.site
    if roll.kind in site.roll_kinds:
        return site.roll_page(request, membership, roll)
    template = "rolls/roll.html#roll-result" if request.htmx else "rolls/roll.html"
    return render(request, template, roll_context(membership, roll))


def _settled(request, membership, roll_id, error=""):
    roll = roll_or_404(membership, roll_id)
    return answer(request, "rolls/roll.html#roll-result", lambda: roll_context(membership, roll),
                  roll, error)


def _apply(request, campaign_id, roll_id, act, gm_only=False):
    """Load the roll for this member (or GM), do ``act(membership)``, and answer with the roll's
    result, or with the refusal and nothing changed."""
    membership = (gm_membership_or_404 if gm_only else membership_or_404)(request, campaign_id)
    roll_or_404(membership, roll_id)
    try:
        act(membership)
    except Refused as refusal:
        return _settled(request, membership, roll_id, str(refusal))
    return _settled(request, membership, roll_id)


def _choice(enum, value, refusal):
    try:
        return enum(value)
    except ValueError:
        raise Refused(refusal) from None


@login_required
@require_POST
def roll_progress(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: actions.tick_progress(
        m, roll_id, whole_number(request.POST.get("clock"))))


@login_required
@require_POST
def roll_consequence(request, campaign_id, roll_id):
    def inflict(membership):
        kind = _choice(ConsequenceKind, request.POST.get("kind", ""), _("Choose one of the five consequences."))
        new_name = posted_text(request, "new_clock", 120)
        new_clock = (new_name, whole_number(request.POST.get("new_clock_size")) or 0) if new_name else None
        actions.choose_consequence(membership, roll_id, kind, whole_number(request.POST.get("target")),
                                   whole_number(request.POST.get("clock")), new_clock,
                                   story=posted_text(request, "story", 300))
    return _apply(request, campaign_id, roll_id, inflict, gm_only=True)


@login_required
@require_POST
def roll_accept(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: actions.accept_consequence(m, roll_id))


@login_required
@require_POST
def roll_resist(request, campaign_id, roll_id):
    def resist(membership):
        burned, key = whole_number(request.POST.get("burn")), posted_text(request, "key", 64)
        if burned is None or not key:
            raise Refused(_("Choose how much momentum to burn."))
        actions.resist_consequence(membership, roll_id, burned, key)
    return _apply(request, campaign_id, roll_id, resist)


@login_required
@require_POST
def roll_break(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: actions.break_attachment(
        m, roll_id, whole_number(request.POST.get("attachment"))))


@login_required
@require_POST
def roll_protect(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: actions.protect(
        m, roll_id, whole_number(request.POST.get("protector"))))


@login_required
@require_POST
def roll_setup(request, campaign_id, roll_id):
    def choose(membership):
        benefit = _choice(SetupBenefit, request.POST.get("benefit", ""), _("Choose +1 effect or a better risk."))
        actions.choose_setup_benefit(membership, roll_id, benefit)
    return _apply(request, campaign_id, roll_id, choose)


def log_context(membership, before=None):
    rolls = (membership.campaign.rolls.visible_to(membership)
             .select_related("character", "rolled_by").order_by("-pk"))
    if before:
        rolls = rolls.filter(pk__lt=before)
    page = list(rolls[:LOG_PAGE + 1])
    return {"membership": membership, "campaign": membership.campaign, "rolls": page[:LOG_PAGE],
            "older": page[LOG_PAGE - 1].pk if len(page) > LOG_PAGE else None, "before": before}


@login_required
@require_safe
def roll_log(request, campaign_id):
    """Append-only: nobody edits or deletes a roll. It updates live like the clocks."""
    membership = membership_or_404(request, campaign_id)
    before = whole_number(request.GET.get("before"))
    template = "rolls/log.html#roll-log" if request.htmx else "rolls/log.html"
    return render(request, template, log_context(membership, before))


@login_required
@require_safe
def roll_stats(request, campaign_id):
    """Dice statistics over the rolls this member may see, for a character, a person, a session."""
    membership = membership_or_404(request, campaign_id)
    template = "rolls/stats.html#dice-stats" if request.htmx else "rolls/stats.html"
    return render(request, template, stats_context(membership, Filters.read(membership, request.GET)))


def stats_context(membership, filters: Filters) -> dict:
    campaign = membership.campaign
    stats = dice_stats(membership, filters)
    honesty = stats.honesty
    return {"membership": membership, "campaign": campaign, "filters": filters, "stats": stats, "honesty": honesty,
            "characters": campaign.characters.order_by("name"),
            "members": campaign.memberships.select_related("user").order_by("user__username"),
            "sessions": campaign.sessions.all(),
            "outcomes": outcomes_chart(honesty.observed, honesty.expected) if honesty.rolls else None,
            "luck": luck_chart(honesty), "expected_luck": float(honesty.expected_luck), "most_momentum": MOMENTUM_ROLLS,
            "momentum": [(character, momentum_chart(character.name, changes)) for character, changes in stats.momentum],
            "actions": actions_chart(stats.actions) if any(count for _, count in stats.actions) else None,
            "left_out": sum(count for _, count in stats.left_out)}


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
    form = FortuneForm(request.POST or None, membership=membership, initial={"key": new_key()})
    return _other_roll(request, membership, form, "rolls/fortune.html", lambda data: actions.make_fortune_roll(
        membership, data["likeliness"], data["key"], data["label"], data["opposed"], data.get("hidden", False),
        character_id=data.get("character"), action=data.get("action", "")))


@login_required
@require_safe
def fortune_odds(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    pool, against = whole_number(request.GET.get("likeliness")), whole_number(request.GET.get("opposed"))
    pool = pool if pool is not None and 0 <= pool <= 10 else 1
    character = membership.campaign.characters.filter(pk=whole_number(request.GET.get("character")) or 0).first()
    if character and request.GET.get("action") in membership.campaign.rules.action_names:
        pool = character.rating(request.GET["action"])  # the action's rating is the pool
    context = {"bars": odds_bars(pool), "pool": pool}
    if against is not None and 0 <= against <= 10:
        chances = opposed_odds(pool, against)
        context["opposed"] = [(side.words, chances[side], percentages(chances)[side])
                              for side in (Side.FIRST, Side.TIE, Side.SECOND)]
    return render(request, "rolls/fortune.html#fortune_odds", context)


@login_required
@require_http_methods(["GET", "POST"])
def roll_loot(request, campaign_id):
    """After a conflict: search for loot; the asset lands on the searcher's sheet ("Asset Extra")."""
    membership = membership_or_404(request, campaign_id)
    if not membership.campaign.rules.has(Extra.ASSET):
        raise Http404("The Asset extra is off")
    form = LootForm(request.POST or None, membership=membership,
                    initial={"key": new_key(), "character": request.GET.get("character")})
    return _other_roll(request, membership, form, "rolls/loot.html", lambda data: actions.make_loot_roll(
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
    return render(request, "rolls/loot.html#loot_odds", {
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
    dial = {actions.GoalRollMode.ADVANCE: ExtraDial.GOALS_ROLL_TO_ADVANCE,
            actions.GoalRollMode.RESOLVE: ExtraDial.GOALS_ROLL_TO_RESOLVE}.get(mode)
    if dial is None or not membership.campaign.rules.dialled(dial):
        raise Http404("That dial is off")
    form = GoalRollForm(request.POST or request.GET or None, mode=mode,
                        initial={"key": new_key(), "pool": ADVANCE_POOL})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            roll = actions.make_goal_roll(membership, goal.pk, mode, data["key"], data.get("pool", ADVANCE_POOL),
                                          data.get("partial") == "consequence")
        except Refused as refusal:
            form.add_error(None, str(refusal))
        else:
            return redirect(roll)
    heading = _("Rolling to advance") if mode == actions.GoalRollMode.ADVANCE else _("Rolling to resolve")
    context = {"membership": membership, "campaign": membership.campaign, "form": form, "goal": goal,
               "mode": mode, "heading": heading, **_goal_odds(goal, mode, form)}
    if request.htmx.target == "goal-odds":
        return render(request, "rolls/goal.html#goal_odds", context)
    return render(request, "rolls/goal.html", context)


def _goal_odds(goal, mode: str, form) -> dict:
    """Exact odds of each result: segments ticked, or how the goal ends and its dots."""
    difficulty = goal.rules_difficulty
    if mode == actions.GoalRollMode.ADVANCE:
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
    return _other_roll(request, membership, form, "rolls/determination.html",
                       lambda data: actions.make_determination_roll(
                           membership, data["character"], data["burn"], data["key"], data["note"]))


@login_required
@require_safe
def determination_odds(request, campaign_id):
    campaign = membership_or_404(request, campaign_id).campaign
    burn = whole_number(request.GET.get("burn"))
    burn = burn if burn is not None and 0 <= burn <= 10 else 1
    labels = [(outcome.label, resistance(outcome).label(campaign.wording, campaign.quick)) for outcome in Outcome]
    return render(request, "rolls/determination.html#determination_odds", {
        "bars": odds_bars(burn), "labels": labels, "burn": burn})


@login_required
@require_http_methods(["GET", "POST"])
def roll_flashback(request, campaign_id):
    """Pay the GM's price, then: no roll, a fortune roll, or an action roll (paid in the wizard,
    so that the roll knows momentum was spent on it)."""
    membership = membership_or_404(request, campaign_id)
    form = FlashbackForm(request.POST or None, membership=membership, initial={"key": new_key()})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if data["resolution"] == "action_roll":
            query = urlencode({"character": data["character"], "flashback": data["cost"]})
            return redirect(f"{reverse('roll_new', args=[campaign_id])}?{query}")
        try:
            roll = actions.make_flashback(membership, data["character"], data["cost"], data["key"],
                                          data["note"])
        except Refused as refusal:
            form.add_error(None, str(refusal))
        else:
            if data["resolution"] == "fortune_roll":
                messages.info(request, _("Flashback paid. Now the fortune roll: how likely was it?"))
                return redirect("roll_fortune", campaign_id)
            return redirect(roll)
    return render(request, "rolls/flashback.html", {"membership": membership,
                                                    "campaign": membership.campaign, "form": form})


def _console_threats(request, membership, error=""):
    return answer(request, "campaign/console.html#console-threats",
                  lambda: {"membership": membership, "campaign": membership.campaign,
                           "characters": membership.campaign.characters.all(), **threats_context(membership.campaign)},
                  reverse("console", args=[membership.campaign_id]), error)


def threats_context(campaign) -> dict:
    """The threats in play, for the console, the table and the sheets, while the extra is on."""
    return {"uses_threats": campaign.rules.has(Extra.THREAT_LEVEL), "threats": campaign.threats_in_play}


@login_required
@require_POST
def threat_add(request, campaign_id):
    """The GM puts a threat in play, on the scene or on one character ("How to define a Threat Level?")."""
    membership = gm_membership_or_404(request, campaign_id)
    rating = whole_number(request.POST.get("rating"))
    error = refusal_of(lambda: actions.add_threat(membership, posted_text(request, "source", 120),
                                                rating if rating is not None else 0,
                                                whole_number(request.POST.get("character"))))
    return _console_threats(request, membership, error)


@login_required
@require_POST
def threat_clear(request, campaign_id, threat_id):
    membership = gm_membership_or_404(request, campaign_id)
    return _console_threats(request, membership, refusal_of(lambda: actions.clear_threat(membership, threat_id)))


@login_required
@require_http_methods(["GET", "POST"])
def roll_market(request, campaign_id):
    """Buying or selling on the market ("Economy Extra"): 1d6, a die up or down by the market's
    state, +1d6 per money spent, with the exact odds of each outcome as the choices change."""
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    if not campaign.rules.has(Extra.ECONOMY):
        raise Http404("The Economy extra is off")
    form = MarketForm(request.POST or (request.GET if request.htmx else None), membership=membership,
                      initial={"key": new_key(), "character": request.GET.get("character"), "trade": "buying"})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            roll = actions.make_market_roll(membership, data["character"], Trade(data["trade"]), data["money"],
                                            data["key"])
        except Refused as refusal:
            form.add_error(None, str(refusal))
        else:
            return redirect(roll)
    trade = Trade(form["trade"].value() if form["trade"].value() in {t.value for t in Trade} else "buying")
    spent = whole_number(form["money"].value()) or 0
    pool = market_pool(campaign.market_filled, trade, max(spent, 0))
    context = {"membership": membership, "campaign": campaign, "form": form, "pool": pool,
               "bars": odds_bars(pool), "market_size": MARKET_CLOCK_SEGMENTS}
    if request.htmx.target == "market-odds":
        return render(request, "rolls/market.html#market_odds", context)
    return render(request, "rolls/market.html", context)
