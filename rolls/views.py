from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from campaign.access import gm_membership_or_404, membership_or_404
from characters.models import Character
from clocks.models import Clock, SeenClock, Visibility
from core.htmx import answer
from core.posted import posted_text, whole_number
from core.refused import Refused
from gamerules.action_roll import ActionRollPlan, SetupBenefit
from gamerules.charge import Effect, Outcome, Risk, odds, percentages
from gamerules.clocks import DANGER_KINDS, PROGRESS_KINDS
from gamerules.consequences import ConsequenceKind, Resistance, resistance
from gamerules.dials import Ruleset
from gamerules.fortune import Side, opposed_odds
from gamerules.readings import TENSION_MOMENTUM
from rolls import actions
from rolls.forms import (
    LAST_STEP,
    ActionRollForm,
    DeterminationForm,
    FlashbackForm,
    FortuneForm,
    new_key,
)
from rolls.models import Roll

WIZARD = "rolls/wizard.html"
LOG_PAGE = 50


def roll_or_404(membership, roll_id) -> Roll:
    return get_object_or_404(Roll.objects.visible_to(membership).select_related("character", "rolled_by"),
                             campaign=membership.campaign, pk=roll_id)


def odds_bars(pool_size: int):
    """(outcome, exact chance, whole percent) for an odds bar whose percentages add up to 100."""
    chances = odds(pool_size)
    shown = percentages(chances)
    return [(outcome, chances[outcome], shown[outcome]) for outcome in Outcome]


def _step(value) -> int:
    return int(value) if value in ("1", "2", "3") else 1


def _defaults(data, membership, step, character):
    """Fill in what the GM sets by default when the player first reaches a step: moderate risk
    (higher after an escalation for this action) and standard effect."""
    data = data.copy()
    if step >= 2 and character:
        preset = membership.campaign.called_preset(character.pk, data.get("action", ""))
        data.update({name: str(value) for name, value in preset.items()})
    if step >= 2 and "risk" not in data:
        risk = (character and character.escalated_for(data.get("action", ""))) or Risk.MODERATE
        data["risk"] = str(int(risk))
    if step >= 2 and "effect" not in data:
        quick = membership.campaign.ruleset == Ruleset.QUICK_CHARGE.value
        data["effect"] = str(int(Effect.NONE if quick else Effect.STANDARD))
    return data


def _wizard(request, membership, form, status=200):
    context = {"membership": membership, "campaign": membership.campaign, "form": form,
               "step": form.step, "character": form.character}
    if form.preset:
        context.update(risk_label=Risk(form.preset.get("risk", Risk.MODERATE)).label(membership.campaign.wording),
                       effect_label=Effect(form.preset.get("effect", Effect.STANDARD)).label)
    if form.step == LAST_STEP and form.is_bound:
        context.update(_odds_context(membership, form))
    template = f"{WIZARD}#wizard" if request.htmx else WIZARD
    return render(request, template, context, status=status)


def _odds_context(membership, form):
    wording = membership.campaign.wording
    words = {"risk_word": wording.noun}
    if not form.validate_up_to(LAST_STEP):
        return {**words, "plan": None, "reasons": [e for errors in form.errors.values() for e in errors]}
    planned = actions.plan(membership, form.to_request())
    if not isinstance(planned, ActionRollPlan):
        return {**words, "plan": None, "reasons": planned.reasons}
    return {**words, "plan": planned, "bars": odds_bars(planned.pool_size), "reasons": [],
            "tension_momentum": TENSION_MOMENTUM if "tension" in planned.dice_sources else 0,
            "risk_label": planned.risk.label(wording)}


@login_required
@require_http_methods(["GET", "POST"])
def roll_new(request, campaign_id):
    """The action roll wizard: goal and action, risk and effect, even the odds (with the odds),
    roll. Each step is a form that carries the earlier choices; each works without htmx."""
    membership = membership_or_404(request, campaign_id)
    if request.method == "GET":
        initial = {"key": new_key(), "character": request.GET.get("character"),
                   "action": request.GET.get("action"), "goal": request.GET.get("goal", ""),
                   "flashback": request.GET.get("flashback", ""), "project": request.GET.get("project")}
        form = ActionRollForm(membership=membership, initial=initial)
        if not form.mine:
            messages.info(request, "Create a character first: rolls are made for a character.")
            return redirect("character_create", campaign_id)
        called = membership.campaign.called_preset(form.character.pk if form.character else None,
                                                   initial["action"] or "")
        if form.character and {"risk", "effect"} <= set(called):
            # A call with risk and effect set: straight to evening the odds, one tap from rolling.
            data = {**{k: v for k, v in initial.items() if v}, "character": form.character.pk,
                    **{name: str(value) for name, value in called.items()}}
            return _wizard(request, membership, ActionRollForm(data, membership=membership, step=LAST_STEP))
        return _wizard(request, membership, form)
    step = _step(request.POST.get("step"))
    if "back" in request.POST:
        return _wizard(request, membership, ActionRollForm(request.POST, membership=membership,
                                                           step=max(1, step - 1)))
    form = ActionRollForm(request.POST, membership=membership, step=step)
    if not form.validate_up_to(step):
        return _wizard(request, membership, form)
    if step == LAST_STEP and "roll" not in request.POST:
        return _wizard(request, membership, form)  # a refresh of the last step, not a roll
    if step < LAST_STEP:
        following = step + 1
        if following == 2 and membership.campaign.ruleset == Ruleset.QUICK_CHARGE.value:
            following = 3  # Quick Charge reads risk and effect from the dice
        data = _defaults(request.POST, membership, following, form.character)
        return _wizard(request, membership, ActionRollForm(data, membership=membership, step=following))
    try:
        roll = actions.make_action_roll(membership, form.to_request(), form.cleaned_data["key"])
    except Refused as refusal:
        form.add_error(None, str(refusal))
        return _wizard(request, membership, form)
    if request.htmx:
        return HttpResponseClientRedirect(roll.get_absolute_url())
    return redirect(roll)


@login_required
@require_POST
def roll_odds(request, campaign_id):
    """The odds for the wizard's choices as they stand, recomputed on every change."""
    membership = membership_or_404(request, campaign_id)
    form = ActionRollForm(request.POST, membership=membership, step=LAST_STEP)
    return render(request, f"{WIZARD}#odds", {"membership": membership, "campaign": membership.campaign,
                                             **_odds_context(membership, form)})




def _resistance_label(consequence, campaign) -> str:
    """How a settled consequence ended; reduced to a rating of 0, it is as good as avoided."""
    if consequence is None or consequence.resistance is None:
        return ""
    if consequence.resistance is Resistance.REDUCED and not consequence.final_rating:
        return "The consequence is reduced to nothing: it is avoided."
    return consequence.resistance.label(campaign.wording, campaign.quick)


def _by_audience(clocks) -> list[tuple[str, list]]:
    """Clocks for a GM's choice, those whose segments players see apart from the others, so
    that the GM sees before confirming when the roll's page will keep a change to itself."""
    groups = [("Seen by everyone", [c for c in clocks if c.visibility == Visibility.ALL]),
              ("Hidden from players", [c for c in clocks if c.visibility != Visibility.ALL])]
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
        "risk_text": (f"{campaign.wording.value} {roll.rules_risk.label(campaign.wording).lower()}"
                      if roll.rules_risk else ""),
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
        "resist_key": new_key(), "children": roll.children.visible_to(membership),
        "bars": odds_bars(roll.pool_size) if roll.dice else [],
        "opposed": aftermath.opposed,
        "opposed_text": aftermath.opposed.winner.words if aftermath.opposed else "",
    }


@login_required
@require_safe
def roll_detail(request, campaign_id, roll_id):
    membership = membership_or_404(request, campaign_id)
    roll = roll_or_404(membership, roll_id)
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
        kind = _choice(ConsequenceKind, request.POST.get("kind", ""), "Choose one of the five consequences.")
        new_name = posted_text(request, "new_clock", 120)
        new_clock = (new_name, whole_number(request.POST.get("new_clock_size")) or 0) if new_name else None
        actions.choose_consequence(membership, roll_id, kind, whole_number(request.POST.get("target")),
                                   whole_number(request.POST.get("clock")), new_clock)
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
            raise Refused("Choose how much momentum to burn.")
        actions.resist_consequence(membership, roll_id, burned, key)
    return _apply(request, campaign_id, roll_id, resist)


@login_required
@require_POST
def roll_protect(request, campaign_id, roll_id):
    return _apply(request, campaign_id, roll_id, lambda m: actions.protect(
        m, roll_id, whole_number(request.POST.get("protector"))))


@login_required
@require_POST
def roll_setup(request, campaign_id, roll_id):
    def choose(membership):
        benefit = _choice(SetupBenefit, request.POST.get("benefit", ""), "Choose +1 effect or a better risk.")
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
    labels = {outcome: resistance(outcome).label(campaign.wording, campaign.quick) for outcome in Outcome}
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
                messages.info(request, "Flashback paid. Now the fortune roll: how likely was it?")
                return redirect("roll_fortune", campaign_id)
            return redirect(roll)
    return render(request, "rolls/flashback.html", {"membership": membership,
                                                    "campaign": membership.campaign, "form": form})
