"""The walk through "Making a Compelling Campaign": an overview every member reads (the setting,
the facts, the forces they may see), and the GM's four steps, each a page of its own that works
without htmx, can be skipped, and is edited again at any time; and the force generator's tables."""

import random

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign.access import gm_membership_or_404, membership_or_404
from campaign.forms import ForceForm
from campaign.models import WorldForce
from charge.actions import making as actions
from charge.forms.making import FactForm, ForceIdeaForm, SettingForm, StanceForm
from core.htmx import answer, page
from core.keys import once, refusal_once
from core.posted import posted_text
from gamerules.forces import WORLD_FORCES, Step, genres_of, next_step, suggest

STEP_PAGES = {Step.SETTING: "making_setting", Step.WORLD: "making_facts", Step.FORCES: "making_forces",
              Step.GROUP: "making_group"}


def chance() -> random.Random:
    """Where the generator's draws come from (a test seeds it)."""
    return random.Random()


def _steps(campaign, making, at: Step | None = None) -> list[dict]:
    return [{"step": step, "done": making.is_done(step), "here": step is at,
             "url": reverse(STEP_PAGES[step], args=[campaign.pk])} for step in Step]


def making_context(membership, at: Step | None = None, **more) -> dict:
    """What the overview and every step show, as the viewer may see it: a player never receives a
    force hidden from them, nor any force's GM notes (the templates show none)."""
    campaign = membership.campaign
    making = actions.making_of(campaign)
    forces = list(campaign.forces.visible_to(membership))
    coming = next_step(making.done)
    return {"membership": membership, "campaign": campaign, "making": making,
            "facts": list(campaign.world_facts.select_related("asked_by")), "group": next((f for f in forces if f.is_player_group), None),
            "world_forces": [force for force in forces if not force.is_player_group], "world_forces_most": WORLD_FORCES[1],
            "steps": _steps(campaign, making, at) if membership.is_gm else [], "at": at,
            "coming": coming and {"step": coming, "url": reverse(STEP_PAGES[coming], args=[campaign.pk])},
            "after": _after(campaign, at), **more}


def _after(campaign, at: Step | None) -> str:
    """Where "next" leads from a step: the following step, or the overview after the last."""
    order = list(Step)
    if at is None or at is order[-1]:
        return reverse("making", args=[campaign.pk])
    return reverse(STEP_PAGES[order[order.index(at) + 1]], args=[campaign.pk])


def card(membership) -> dict:
    """The dashboard's card (charge/site.py): how far the walk is, for a GM; the setting and the
    number of facts, for everyone."""
    making = actions.making_of(membership.campaign)
    coming = next_step(making.done)
    return {"making": making, "facts": membership.campaign.world_facts.count(),
            "done": len(making.done), "of": len(Step),
            "coming": coming and reverse(STEP_PAGES[coming], args=[membership.campaign_id])}


OVERVIEW = "charge/making/overview.html"
FACTS = "charge/making/facts.html"
LIVE = "making-live"


@login_required
@require_safe
def making(request, campaign_id):
    """The overview every member reads; walked with the players, their phones follow it live."""
    membership = membership_or_404(request, campaign_id)
    return page(request, OVERVIEW, lambda: making_context(membership), {LIVE: OVERVIEW})


@login_required
@require_POST
def making_together(request, campaign_id):
    """The GM walks the campaign with the players, live, or alone."""
    membership = gm_membership_or_404(request, campaign_id)
    together = request.POST.get("together") == "1"
    if not (error := refusal_once(request, lambda: actions.walk_together(membership, together))):
        messages.success(request, _("The players follow the walk on their phones and ask their questions.") if together
                         else _("You walk it alone: the players read the overview."))
    else:
        messages.error(request, error)
    return redirect("making", campaign_id)


@login_required
@require_POST
def making_ask(request, campaign_id):
    """A player's question about the world, while the walk is the group's."""
    membership = membership_or_404(request, campaign_id)
    error = refusal_once(request, lambda: actions.ask_about_the_world(membership, posted_text(request, "question", 300)))
    return answer(request, f"{OVERVIEW}#{LIVE}", lambda: making_context(membership), reverse("making", args=[campaign_id]),
                  error)


@login_required
@require_http_methods(["GET", "POST"])
def making_setting(request, campaign_id):
    """"Finding a Setting": the setting the group aligned on, and what excites it."""
    membership = gm_membership_or_404(request, campaign_id)
    form = SettingForm(request.POST or None, instance=actions.making_of(membership.campaign))
    if request.method == "POST" and form.is_valid():
        once(request, lambda: actions.write_setting(membership, form.cleaned_data["setting"], form.cleaned_data["excites"]))
        messages.success(request, _("The setting is written."))
        return redirect(_after(membership.campaign, Step.SETTING))
    return render(request, "charge/making/setting.html", making_context(membership, Step.SETTING, form=form))


def _facts_answer(request, membership, error=""):
    return answer(request, "charge/making/facts.html#facts", lambda: making_context(
        membership, Step.WORLD, form=FactForm()), reverse("making_facts", args=[membership.campaign_id]), error)


@login_required
@require_http_methods(["GET", "POST"])
def making_facts(request, campaign_id):
    """"Establish the World": questions fired off around the table, and the answers."""
    membership = gm_membership_or_404(request, campaign_id)
    form = FactForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            return _facts_answer(request, membership, _("Write the question (300 characters at most)."))
        return _facts_answer(request, membership, refusal_once(request, lambda: actions.write_fact(
            membership, form.cleaned_data["question"], form.cleaned_data["answer"])))
    return page(request, FACTS, lambda: making_context(membership, Step.WORLD, form=form), {"fact-list": FACTS})


@login_required
@require_http_methods(["GET", "POST"])
def making_fact(request, campaign_id, fact_id):
    """One fact: its form, its edit, or its removal."""
    membership = gm_membership_or_404(request, campaign_id)
    fact = get_object_or_404(membership.campaign.world_facts, pk=fact_id)
    if request.method == "POST":
        if "remove" in request.POST:
            return _facts_answer(request, membership, refusal_once(request, lambda: actions.remove_fact(membership, fact.pk)))
        return _facts_answer(request, membership, refusal_once(request, lambda: actions.write_fact(
            membership, posted_text(request, "question", 300), posted_text(request, "answer", 2000), fact.pk)))
    context = making_context(membership, Step.WORLD, fact=fact, fact_form=FactForm(instance=fact))
    return render(request, "charge/making/facts.html#fact_form" if request.htmx else "charge/making/fact_edit.html", context)


def _suggested(campaign) -> dict:
    """A force drawn from the generator's tables, as the form's first values."""
    making = actions.making_of(campaign)
    idea = suggest(making.words, chance(), campaign.force_ideas.entries(),
                   taken=campaign.forces.values_list("name", flat=True))
    methods = {f"method_{at}": str(method) for at, method in enumerate(idea.methods, start=1)}
    return {"name": str(idea.name), "goal": str(idea.goal), **methods}


@login_required
@require_http_methods(["GET", "POST"])
def making_forces(request, campaign_id):
    """"Add Trouble to the World": 1-3 world forces, each with a goal and 2-3 methods. "Suggest"
    fills the form from the generator's tables; nothing is saved until the GM saves it."""
    membership = gm_membership_or_404(request, campaign_id)
    campaign = membership.campaign
    initial = _suggested(campaign) if request.method == "GET" and "suggest" in request.GET else {}
    form = ForceForm(request.POST or None, instance=WorldForce(campaign=campaign), initial=initial)
    if request.method == "POST" and form.is_valid():
        force = once(request, lambda: actions.add_world_force(membership, form)) or form.instance
        messages.success(request, _("%(force)s added.") % {"force": force.name})
        return redirect("making_forces", campaign_id)
    genres = [genre.label for genre in genres_of(actions.making_of(campaign).words)]
    return render(request, "charge/making/forces.html", making_context(
        membership, Step.FORCES, form=form, suggested=bool(initial), genres=genres))


@login_required
@require_http_methods(["GET", "POST"])
def making_group(request, campaign_id):
    """"Define the Group as a Force": the group's force, and its stance toward each world force."""
    membership = gm_membership_or_404(request, campaign_id)
    campaign = membership.campaign
    group = actions.group_of(campaign)
    form = ForceForm(request.POST or None, instance=group, player_group=True, prefix="group")
    stances = StanceForm(request.POST or None, forces=campaign.forces.filter(is_player_group=False))
    if request.method == "POST" and form.is_valid() and stances.is_valid():
        once(request, lambda: actions.define_group(membership, form, stances.stances()))
        messages.success(request, _("The group is a force now."))
        return redirect("making", campaign_id)
    return render(request, "charge/making/group.html", making_context(
        membership, Step.GROUP, form=form, stance_form=stances))


@login_required
@require_POST
def making_done(request, campaign_id):
    """A step said done (or open again): then the next step, or back to the step."""
    membership = gm_membership_or_404(request, campaign_id)
    step = posted_text(request, "step", 20)
    done = request.POST.get("done") != "0"
    if error := refusal_once(request, lambda: actions.mark_step(membership, step, done)):
        messages.error(request, error)
        return redirect("making", campaign_id)
    return redirect(_after(membership.campaign, Step(step)) if done else reverse(STEP_PAGES[Step(step)], args=[campaign_id]))


def _ideas_context(membership, form=None) -> dict:
    return {"membership": membership, "campaign": membership.campaign, "form": form or ForceIdeaForm(),
            "ideas": list(membership.campaign.force_ideas.all())}


def _ideas_answer(request, membership, error=""):
    return answer(request, "charge/making/ideas.html#ideas", lambda: _ideas_context(membership),
                  reverse("force_ideas", args=[membership.campaign_id]), error)


@login_required
@require_http_methods(["GET", "POST"])
def force_ideas(request, campaign_id):
    """The GM's own entries in the generator's tables, for the genres they choose."""
    membership = gm_membership_or_404(request, campaign_id)
    form = ForceIdeaForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            return _ideas_answer(request, membership, _("Choose a genre and what the entry is, and write it."))
        data = form.cleaned_data
        return _ideas_answer(request, membership, refusal_once(request, lambda: actions.add_idea(
            membership, data["genre"], data["part"], data["text"])))
    return render(request, "charge/making/ideas.html", _ideas_context(membership, form))


@login_required
@require_POST
def force_idea_remove(request, campaign_id, idea_id):
    membership = gm_membership_or_404(request, campaign_id)
    idea = get_object_or_404(membership.campaign.force_ideas, pk=idea_id)
    return _ideas_answer(request, membership, refusal_once(request, lambda: actions.remove_idea(membership, idea.pk)))
