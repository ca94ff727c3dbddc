from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign.access import TableViewer, gm_membership_or_404, membership_or_404
from campaign.views.table import CLOCKS_SHOWN
from clocks import actions
from clocks.forms import ClockForm
from clocks.models import Clock
from core.htmx import answer, page
from core.keys import once
from core.posted import local_url, posted_text, whole_number
from core.refused import Refused
from gamerules.clocks import EXTENDED_CLOCK_SIZES

TEMPLATE = "clocks/clocks.html"
DETAIL = "clocks/clock_detail.html"


def clock_for_view_or_404(membership, clock_id) -> Clock:
    return get_object_or_404(Clock.objects.visible_to(membership).for_display(),
                             campaign=membership.campaign, pk=clock_id)


def clock_or_404(membership, clock_id) -> Clock:
    """The clock, if this member may see it, without what its card shows: for a write, whose
    answer reads the card again."""
    return get_object_or_404(Clock.objects.visible_to(membership), campaign=membership.campaign, pk=clock_id)


def panel_context(membership, archived=False, in_play=False):
    """The clocks page's list (or its archive); ``in_play``: the dashboard's, the clocks most
    recently in play, as the dashboard drew them."""
    clocks = membership.campaign.clocks.visible_to(membership)
    clocks = (clocks.in_play().for_display()[:CLOCKS_SHOWN] if in_play
              else clocks.filter(archived=archived).for_display())
    return {"membership": membership, "campaign": membership.campaign, "clocks": clocks,
            "archived": archived, "in_play": in_play}


@login_required
@require_safe
def clock_list(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    archived = request.GET.get("archived") == "1"
    return render(request, TEMPLATE, panel_context(membership, archived))


@login_required
@require_safe
def clock_panel(request, campaign_id):
    """The live panel: re-rendered for this viewer whenever the campaign changes."""
    membership = membership_or_404(request, campaign_id)
    return render(request, f"{TEMPLATE}#clock-panel", panel_context(
        membership, request.GET.get("archived") == "1", request.GET.get("in_play") == "1"))


@login_required
@require_safe
def clock_detail(request, campaign_id, clock_id):
    membership = membership_or_404(request, campaign_id)
    clock = clock_for_view_or_404(membership, clock_id)
    # A known-but-hidden clock's history would tell its segments: GMs only.
    history = (clock.changes.select_related("by", "undone_by")
               if clock.segments_shown_to(membership) else None)
    context = {"membership": membership, "campaign": membership.campaign, "clock": clock,
               "history": history}
    if request.htmx and not {"panel", "panels"} & request.GET.keys():
        return render(request, f"{TEMPLATE}#clock", context)  # the card, as its own panel asks
    return page(request, DETAIL, context, {"clock-history": DETAIL})


@login_required
@require_http_methods(["GET", "POST"])
def clock_create(request, campaign_id):
    membership = gm_membership_or_404(request, campaign_id)
    form = ClockForm(request.POST or None, campaign=membership.campaign,
                     initial={"character": request.GET.get("character")})
    if request.method == "POST" and form.is_valid():
        if clock := once(request, lambda: actions.create_clock(membership, form.save(commit=False))):
            messages.success(request, _("%(name)s is on the table.") % {"name": clock.name})
        return redirect("clocks", campaign_id)
    return render(request, "clocks/clock_form.html",
                  {"membership": membership, "campaign": membership.campaign, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def clock_edit(request, campaign_id, clock_id):
    membership = gm_membership_or_404(request, campaign_id)
    clock = clock_for_view_or_404(membership, clock_id)
    form = ClockForm(request.POST or None, instance=clock, campaign=membership.campaign)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("%(name)s saved.") % {"name": clock.name})
        return redirect(clock)
    return render(request, "clocks/clock_form.html", {
        "membership": membership, "campaign": membership.campaign, "form": form, "clock": clock})


def _answer(request, membership, clock_id, error=""):
    """htmx: the clock's card, as the table screen shows it when tapped there; without htmx,
    back where the form was (or the clocks page)."""
    def card():
        # On the table screen, everyone reads the card: never the GM's view of it.
        seen = TableViewer(membership.campaign, membership) if request.POST.get("at") == "table" else membership
        clock = clock_for_view_or_404(seen, clock_id)
        return {"membership": seen, "campaign": membership.campaign, "clock": clock}
    back = local_url(request, request.POST.get("next")) or reverse("clocks", args=[membership.campaign_id])
    return answer(request, f"{TEMPLATE}#clock", card, back, error)


@login_required
@require_POST
def clock_tick(request, campaign_id, clock_id):
    """+n or -n segments, or ``to`` a segment (tapping the picture)."""
    membership = membership_or_404(request, campaign_id)
    clock = clock_or_404(membership, clock_id)
    amount, to = whole_number(request.POST.get("amount")), whole_number(request.POST.get("to"))
    if (amount is None) == (to is None) or abs(amount or 0) > max(EXTENDED_CLOCK_SIZES) or not 0 <= (to or 0) <= clock.size:
        return _answer(request, membership, clock_id, _(
            "Tick by a whole number of segments, or set a segment from 0 to %(size)s.") % {"size": clock.size})
    try:
        once(request, lambda: actions.change_clock(membership, clock_id, amount=amount, to=to,
                                                   reason=posted_text(request, "reason", 300)))
    except Refused as refusal:
        return _answer(request, membership, clock_id, str(refusal))
    return _answer(request, membership, clock_id)


@login_required
@require_POST
def clock_undo(request, campaign_id, clock_id, change_id):
    membership = gm_membership_or_404(request, campaign_id)
    clock_or_404(membership, clock_id)
    try:
        once(request, lambda: actions.undo_change(membership, clock_id, change_id))
    except Refused as refusal:
        return _answer(request, membership, clock_id, str(refusal))
    return _answer(request, membership, clock_id)


@login_required
@require_POST
def clock_reset(request, campaign_id, clock_id):
    membership = gm_membership_or_404(request, campaign_id)
    clock_or_404(membership, clock_id)
    once(request, lambda: actions.reset_clock(membership, clock_id))
    return _answer(request, membership, clock_id)


@login_required
@require_POST
def clock_archive(request, campaign_id, clock_id):
    membership = gm_membership_or_404(request, campaign_id)
    clock = clock_or_404(membership, clock_id)
    once(request, lambda: actions.archive_clock(clock, request.POST.get("archived") == "1"))
    if not request.htmx:
        said = _("%(name)s archived.") if clock.archived else _("%(name)s restored.")
        messages.success(request, said % {"name": clock.name})
    return _answer(request, membership, clock_id)
