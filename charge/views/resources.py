"""The Resource Pool meta-extra's page ("Resource Pool Extra"): the resources the GM built, the
party's and each sheet's pools, the recap's roll before a planned scenario, and expiry."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from campaign.access import gm_membership_or_404, membership_or_404
from charge.actions import resources as actions
from charge.forms.resources import ResourceForm
from core.htmx import answer, page
from core.keys import refusal_once
from core.posted import whole_number
from gamerules.charge import percentages
from gamerules.dials import Extra
from gamerules.resources import gather_odds

RESOURCES = "charge/resources.html"


def resources_membership_or_404(request, campaign_id, gm=False):
    membership = (gm_membership_or_404 if gm else membership_or_404)(request, campaign_id)
    if not membership.campaign.charge.rules.has(Extra.RESOURCE_POOL):
        raise Http404("The Resource Pool extra is off")
    return membership


def resources_context(membership, form=None) -> dict:
    campaign = membership.campaign
    resources = list(campaign.resources.prefetch_related("pools"))
    characters = list(campaign.characters.filter(created=True).order_by("name"))
    rows = []
    for resource in resources:
        points = {pool.character_id: pool.points for pool in resource.pools.all()}
        pools = ([(None, _("The party"), points.get(None, 0), True)] if resource.shared else
                 [(c.pk, c.name, points.get(c.pk, 0), c.editable_by(membership)) for c in characters])
        rows.append((resource, pools, sum(points.values())))
    odds = []
    for rating in sorted({c.charge.rating(a) for c in characters for a in campaign.charge.rules.action_names} | {0}):
        chances = gather_odds(rating)
        shown = percentages(chances)
        odds.append((rating, [(marks, chances[marks], shown[marks]) for marks in chances]))
    return {"membership": membership, "campaign": campaign, "resources": rows, "actions": campaign.charge.rules.action_names,
            "form": form or ResourceForm(), "gather_odds": odds,
            "steps": ((-1, "−"), (1, "+"))}  # the template words each button's label


@login_required
@require_safe
def resources(request, campaign_id):
    membership = resources_membership_or_404(request, campaign_id)
    return page(request, RESOURCES, resources_context(membership), {"resource-pools": RESOURCES})


@login_required
@require_POST
def resource_define(request, campaign_id):
    membership = resources_membership_or_404(request, campaign_id, gm=True)
    form = ResourceForm(request.POST)
    if form.is_valid():
        if error := refusal_once(request, lambda: actions.define_resource(membership, form.instance)):
            form.add_error(None, error)
        else:
            messages.success(request, _("%(resource)s is ready to gather and spend.") % {"resource": form.instance.name})
            return redirect("resources", campaign_id)
    return page(request, RESOURCES, resources_context(membership, form))


def _pools(request, membership, act):
    return answer(request, f"{RESOURCES}#resource-pools", lambda: resources_context(membership),
                  reverse("resources", args=[membership.campaign_id]), refusal_once(request, act))


@login_required
@require_POST
def resource_pool(request, campaign_id, resource_id):
    """One point more or less in a pool, by hand."""
    membership = resources_membership_or_404(request, campaign_id)
    delta = {"1": 1, "-1": -1}.get(request.POST.get("delta", ""), 0)
    return _pools(request, membership, lambda: actions.change_pool(
        membership, resource_id, whole_number(request.POST.get("character")), delta or 99))


@login_required
@require_POST
def resource_recap(request, campaign_id, resource_id):
    membership = resources_membership_or_404(request, campaign_id, gm=True)
    return _pools(request, membership, lambda: actions.recap_roll(membership, resource_id, request.POST.get("action", ""),
                                                                  seen=whole_number(request.POST.get("seen"))))


@login_required
@require_POST
def resource_expire(request, campaign_id):
    membership = resources_membership_or_404(request, campaign_id, gm=True)
    return _pools(request, membership, lambda: actions.expire_resources(membership))
