"""A roll on its way, from the console: the GM sets its risk and effect, its player or a GM
withdraws it."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaign.access import gm_membership_or_404, membership_or_404
from charge.actions import on_its_way
from charge.models import PendingRoll
from charge.panels import pending_context
from charge.wording import by_wording
from core.htmx import answer
from core.posted import whole_number
from core.refused import refusal_of
from core.templatetags.words import action as action_word
from gamerules.charge import Effect, Risk
from gamerules.dials import Extra


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
                              if campaign.charge.rules.has(extra) else None
                              for name, extra in (("threats", Extra.THREAT_LEVEL), ("party_details", Extra.PARTY)))
    cost = whole_number(request.POST.get("flashback_cost"))  # a flashback's price, set with them
    if campaign.charge.quick:  # no risk or effect to set: only the threats, and a flashback's price
        error = refusal_of(lambda: on_its_way.apply_threats(membership, pending.pk, threat_ids, cost))
    elif risk not in {int(r) for r in Risk} or effect not in {int(e) for e in Effect}:
        error = by_wording(campaign.charge.wording, _("Choose a risk and an effect."), _("Choose a position and an effect."))
    else:
        error = refusal_of(lambda: on_its_way.set_risk_and_effect(membership, pending.pk, Risk(risk), Effect(effect),
                                                             threat_ids, detail_ids, cost))
    return answer(request, "charge/console.html#console-pending",
                  lambda: {"membership": membership, "campaign": membership.campaign,
                           **pending_context(membership)}, reverse("console", args=[campaign_id]), error)


@login_required
@require_POST
def roll_withdraw(request, campaign_id, pending_id):
    """The roller's player or a GM takes back a roll on its way."""
    membership = membership_or_404(request, campaign_id)
    pending = pending_or_404(membership, pending_id)
    if error := refusal_of(lambda: on_its_way.withdraw_roll(membership, pending.pk)):
        messages.error(request, error)
    else:
        messages.info(request, _("%(name)s's %(action)s roll is withdrawn.") % {
            "name": pending.character.name, "action": action_word(pending.action)})
    back = "console" if membership.is_gm and request.POST.get("from") == "console" else "campaign"
    if request.htmx:
        return HttpResponseClientRedirect(reverse(back, args=[campaign_id]))
    return redirect(back, campaign_id)
