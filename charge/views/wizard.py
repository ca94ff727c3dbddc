"""The action roll wizard: the goal and action put a roll on its way, the GM sets the risk and
the effect, the player evens the odds and rolls."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, HttpResponseLocation

from campaign.access import membership_or_404
from charge.actions import action_roll, on_its_way
from charge.forms.action_roll import LAST_STEP, ActionRollForm
from charge.models import PendingRoll, bearing_on_a_roll, mission_start_pending
from charge.panels import odds_bars
from charge.views.on_its_way import pending_or_none
from core.posted import whole_number
from core.refused import Refused, refusal_of
from gamerules.action_roll import ActionRollPlan, quick_charge_reads
from gamerules.charge import Effect, Risk
from gamerules.dials import Extra
from gamerules.readings import TENSION_MOMENTUM
from rolls import playing
from rolls.models import Roll, new_key

WIZARD = "charge/rolls/wizard.html"


def _step(value) -> int:
    return int(value) if value in ("1", "2", "3") else 1


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
    them). The helpers who agreed since join in the form (``asked``)."""
    data = posted.copy()
    for name, value in pending.step_one().items():
        data[name] = value
    if as_set_now and pending.is_set:
        data["risk"], data["effect"] = str(pending.risk), str(pending.effect)
        data["flashback_cost"] = str(pending.price)
    return data


def _changed(posted, pending, threat: int = 0, disposition: int = 0) -> bool:
    """The GM changed the risk, the effect, the threats or the party details since this page
    showed them."""
    return any(posted.get(name) not in (None, str(value))
               for name, value in (("risk", pending.risk), ("effect", pending.effect), ("threat", threat),
                                   ("disposition", disposition), ("flashback_cost", pending.price)))


def _threats(membership, pending) -> list:
    """The threats that apply to a roll on its way, while the campaign plays the Threat Level extra."""
    return pending.applied_threats() if membership.campaign.charge.rules.has(Extra.THREAT_LEVEL) else []


def _changed_since(posted, membership, pending) -> bool:
    return _changed(posted, pending, sum(t.rating for t in _threats(membership, pending)),
                    int(bearing_on_a_roll(membership.campaign, pending.party_details)[1]))


def _odds_context(membership, form, pending, changed=False):
    """The odds partial: the GM's risk and effect as they are now, who helps or is asked to,
    and the odds of the choices."""
    wording = membership.campaign.charge.wording
    helping = {pk for pk, _ in form.fields["helpers"].choices}
    others = [c for c in form.others if c.pk not in helping and not c.charge.taken_out]
    context = {"pending": pending, "form": form, "changed": changed,
               "asked": [c for c in others if c.pk in pending.asked],
               "askable": [c for c in others if c.pk not in pending.asked], "plan": None, "reasons": [],
               "uses_threats": membership.campaign.charge.rules.has(Extra.THREAT_LEVEL)}
    if not pending.is_set:
        return {**context, "reasons": [action_roll.waiting_for_the_gm(wording)]}
    if not form.validate_up_to(LAST_STEP):
        return {**context, "reasons": [e for errors in form.errors.values() for e in errors]}
    loaded = {c.pk: c for c in [form.character, *form.others]}
    planned = action_roll.plan(membership, form.to_request(), pending, loaded)
    if not isinstance(planned, ActionRollPlan):
        return {**context, "reasons": planned.reasons}
    threats = _threats(membership, pending)
    threat = sum(t.rating for t in threats)
    rule = membership.campaign.charge.rules.threat_rule
    bearing, disposition = bearing_on_a_roll(membership.campaign, pending.party_details)
    return {**context, "plan": planned, "bars": odds_bars(planned.pool_size, threat, rule, planned.automatic_success),
            "threats": threats, "threat": threat, "threat_rule": rule, "bearing": bearing, "disposition": disposition,
            "tension_momentum": TENSION_MOMENTUM if "tension" in planned.dice_sources else 0,
            "penalty_at": membership.campaign.charge.rules.stress_penalty_at,
            "risk_label": planned.risk.label(wording),
            "quick_reads": quick_charge_reads(planned.effect_steps) if membership.campaign.charge.quick else ()}


def _pending_step(membership, pending, asked=None) -> int:
    if asked == 1 or (asked == 2 and membership.is_gm):
        return asked
    return LAST_STEP if pending.is_set else 2


def _pending_wizard(request, membership, pending, step=None):
    """The wizard of a roll on its way, at the step it has reached (or ``step``)."""
    step = step or _pending_step(membership, pending)
    data = pending.step_one()
    if pending.is_set:
        data.update(risk=str(pending.risk), effect=str(pending.effect), flashback_cost=str(pending.price))
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
        if not asked["character"]:  # Back from a later step: the roll this member put on its way
            asked["character"] = (PendingRoll.objects.filter(campaign=membership.campaign, started_by=membership.user)
                                  .order_by("-created_at", "-pk").values_list("character", flat=True).first())
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
        started = on_its_way.start_roll(membership, form.to_start(), form.cleaned_data["key"])
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
    if (pending := pending_or_none(membership, pending_id)) is None:  # a page's own refresh follows quietly
        return _gone(request, membership, quietly=bool(request.htmx) and request.method == "GET")
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
                pending = on_its_way.set_risk_and_effect(
                    membership, pending.pk, Risk(form.cleaned_data["risk"]), Effect(form.cleaned_data["effect"]),
                    *(form.cleaned_data.get(name) if name in form.fields else None for name in ("threats", "party_details")),
                    flashback_cost=form.cleaned_data.get("flashback_cost"))
            except Refused as refusal:
                form.add_error(None, str(refusal))
            else:
                return _to_pending(request, pending)
        return _wizard(request, membership, form, pending)
    changed = _changed_since(request.POST, membership, pending)
    if ask := whole_number(request.POST.get("ask")):
        error = refusal_of(lambda: on_its_way.ask_for_assist(membership, pending.pk, ask))
        pending.refresh_from_db()
        return _step_three(request, membership, pending, changed, error)
    if "roll" not in request.POST:
        return _step_three(request, membership, pending, changed)  # a refresh, not a roll
    form = ActionRollForm(_step_three_data(request.POST, pending, as_set_now=False), membership=membership,
                          step=LAST_STEP, asked=pending.asked)
    if not form.validate_up_to(LAST_STEP):
        return _step_three(request, membership, pending, changed)  # with the form's errors
    try:
        roll = action_roll.make_action_roll(membership, form.to_request(), pending.key)
    except Refused as refusal:
        return _step_three(request, membership, pending, changed, str(refusal))
    if request.htmx:
        return HttpResponseClientRedirect(roll.get_absolute_url())
    return redirect(roll)


def _step_three(request, membership, pending, changed=False, error=""):
    """Evening the odds again, with the GM's risk and effect as they are now."""
    form = ActionRollForm(_step_three_data(request.POST, pending), membership=membership, step=LAST_STEP,
                          asked=pending.asked)
    if error:
        form.validate_up_to(LAST_STEP)
        form.add_error(None, error)
    return _wizard(request, membership, form, pending, changed)


def _gone(request, membership, quietly=False):
    """A roll no longer on its way: made (a double submit, a reload after rolling) or withdrawn.
    ``quietly``: the page's own odds or panels, asked as the roll went (its own answer says why)."""
    made = membership.campaign.rolls.visible_to(membership).filter(
        idempotency_key=request.POST.get("key") or None).first()
    if made is None and not quietly:
        messages.info(request, _("That roll is no longer on its way: it was made or withdrawn."))
    target = made.get_absolute_url() if made else reverse("rolls", args=[membership.campaign_id])
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


@login_required
@require_POST
def roll_odds(request, campaign_id, pending_id):
    """The odds for the choices as they stand, recomputed on every change and whenever the
    campaign changes (the GM's risk and effect, a helper who agrees); once the roll is made or
    withdrawn, the page goes where the roll went."""
    membership = membership_or_404(request, campaign_id)
    if (pending := pending_or_none(membership, pending_id)) is None:  # rolled or withdrawn: the page follows
        return _gone(request, membership, quietly=True)
    form = ActionRollForm(_step_three_data(request.POST, pending), membership=membership, step=LAST_STEP,
                          asked=pending.asked)
    return render(request, f"{WIZARD}#odds", {"membership": membership, "campaign": membership.campaign,
                                             **_odds_context(membership, form, pending,
                                                             _changed_since(request.POST, membership, pending))})
