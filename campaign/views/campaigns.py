from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign import actions
from campaign.access import gm_membership_or_404, membership_or_404, seen_as
from campaign.forms import CampaignForm, GmNotesForm, inline_form_context
from campaign.live import live_version
from campaign.models import Campaign, Event, WorldForce
from campaign.views.table import CLOCKS_SHOWN, EVENTS_SHOWN, PLAY, ROLLS_SHOWN, site_reads
from clocks.models import Clock, ClockChange
from core import rendered
from core.htmx import changed, page
from core.rendered import reads
from core.systems import registered
from rolls.models import Roll

DASHBOARD = "campaign/dashboard.html"
PANELS = dict.fromkeys(("events-panel", "characters-panel", "rolls-panel"), DASHBOARD)
READS = {"events-panel": reads(*PLAY, Event, Clock, WorldForce), "characters-panel": reads(*PLAY),
         "rolls-panel": reads(*PLAY, Roll, Clock, ClockChange)}
"""The models each live panel shows; the characters' and the rolls' also the system's own."""


@login_required
@require_safe
def campaign_list(request):
    """The campaigns being played; the archived ones apart; what the person was told."""
    campaigns = list(Campaign.objects.filter(memberships__user=request.user).order_by("-created_at"))
    return render(request, "campaign/campaign_list.html", {
        "campaigns": [campaign for campaign in campaigns if not campaign.is_archived],
        "archived": [campaign for campaign in campaigns if campaign.is_archived],
        "notices": request.user.notices.all()})


@login_required
@require_POST
def notices_dismiss(request):
    request.user.notices.all().delete()
    return redirect("campaigns")


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create(request):
    form = CampaignForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        campaign = actions.create_campaign(request.user, form.setup_said(), **form.campaign_fields())
        messages.success(request, _("%(campaign)s is ready. Invite your players from Members.") % {"campaign": campaign})
        first = campaign.site.first_page
        return redirect(first, campaign.pk) if first else redirect(campaign)
    return render(request, "campaign/campaign_form.html", {"form": form})


@login_required
@require_safe
def live(request, campaign_id):
    """Polled by every campaign page: 204 while nothing changed (one query beyond the session),
    otherwise a fresh poller and a ``campaignChanged`` event that refreshes the live panels."""
    version = live_version(campaign_id, request.user.pk)
    if version is None:
        raise Http404("Not a member")
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    response = render(request, "campaign/layout.html#live_poller",
                      {"campaign": {"pk": campaign_id, "live_version": version}})
    return changed(response, written=False)


@login_required
@require_safe
def dashboard(request, campaign_id):
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    if campaign.is_archived:  # its archive page: what is left to read, and the GM's restore
        return render(request, "campaign/archived.html", {
            "membership": membership, "campaign": campaign,
            "sessions": campaign.sessions.filter(ended_at__isnull=False), "characters": campaign.characters.all()})
    return page(request, DASHBOARD, lambda: dashboard_context(membership), PANELS, seen_as(membership),
                site_reads(READS, membership.campaign.site, ("characters-panel", "rolls-panel")))


def dashboard_context(membership) -> dict:
    campaign = membership.campaign
    site = campaign.site
    return {
        "membership": membership, "campaign": campaign,
        "forces": campaign.forces.visible_to(membership),
        "clocks": campaign.clocks.visible_to(membership).in_play().for_display()[:CLOCKS_SHOWN],
        "characters": campaign.characters.with_sheets(campaign).select_related("owner"),
        # A player offers help from their own characters; a GM names helpers in the wizard.
        "helpers": [] if membership.is_gm else list(campaign.characters.editable_by(membership)),
        "session": campaign.current_session,
        "events": campaign.events.visible_to(membership).select_related("actor")[:EVENTS_SHOWN],
        "rolls": campaign.rolls.visible_to(membership).select_related("character")[:ROLLS_SHOWN],
        # The system's own card, asked only when the whole page renders (a callable the template calls).
        "system_card": (lambda: campaign.site.dashboard_card_context(membership))
        if campaign.site.dashboard_card_context else None,
        **(site.session_context(membership) if site.session_context else {}),
        **_gm_part(membership),
    }


def _gm_part(membership) -> dict:
    """What only a GM's dashboard shows; a player's render never receives it."""
    if not membership.is_gm:
        return {"gm_notes": None}
    site = membership.campaign.site
    return {"gm_notes": membership.campaign.gm_notes, **(site.gm_context(membership.campaign) if site.gm_context else {})}


def _inline_edit(request, campaign_id, form_class, card, title, saved):
    """A valid htmx save answers the dashboard's card; an htmx GET or an error, the form; without
    htmx, the form's own page and a redirect."""
    membership = gm_membership_or_404(request, campaign_id)
    context = {"membership": membership, "campaign": membership.campaign}
    form = form_class(request.POST or None, instance=membership.campaign)
    if request.method == "POST" and form.is_valid():
        form.save()
        context["gm_notes"] = membership.campaign.gm_notes
        if request.htmx:
            return changed(render(request, f"{DASHBOARD}#{card}", context))
        messages.success(request, saved)
        return redirect(membership.campaign)
    context.update(inline_form_context(form, card, request.path, title,
                                       membership.campaign.get_absolute_url(),
                                       gm_only=form_class is GmNotesForm))
    template = "campaign/inline_edit.html"
    return render(request, f"{template}#inline_form" if request.htmx else template, context)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_edit(request, campaign_id):
    return _inline_edit(request, campaign_id, CampaignForm, "about",
                        _("About the campaign"), _("Campaign details saved."))


@login_required
@require_http_methods(["GET", "POST"])
def gm_notes_edit(request, campaign_id):
    return _inline_edit(request, campaign_id, GmNotesForm, "gm-notes",
                        _("GM notes"), _("GM notes saved."))


@login_required
@require_safe
def waiting(request, campaign_id):
    """What waits for this member, shown on every campaign page, each with its button: their
    rolls on the way (a GM's call among them), a teammate asking for their help, a consequence
    one of their characters faces; and, for a GM, the rolls waiting for their risk and effect."""
    membership = membership_or_404(request, campaign_id)
    on = request.GET.get("on", "")
    template, context = membership.campaign.site.waiting(request, membership, on)
    if not request.htmx:
        return render(request, template, context)
    # Asked by the page ``on`` once it has loaded: kept as that page's own "waiting" panel, which
    # its next change then need not render again (core/htmx.py).
    audience = seen_as(membership, f"user:{request.user.pk}")
    key = audience.key(request, audience.name, f"{on}?panel=waiting", reads=waiting_reads())
    return HttpResponse(rendered.html(request, audience, key, lambda extra: render_to_string(
        template, {**context, **extra}, request)))


def waiting_reads() -> frozenset[str]:
    """The models what waits shows: every system's own, whichever the campaign plays."""
    return reads(*PLAY, Roll).union(*(site.reads for site in registered()))


def waiting_on_page(request) -> tuple[str, dict]:
    """What waits for the viewer, as the campaign page asked shows it: the live panel every
    campaign page carries besides its own (core.htmx.EVERYWHERE)."""
    campaign_id = request.resolver_match.kwargs.get("campaign_id")
    if campaign_id is None:
        raise Http404("Not a campaign page")
    membership = membership_or_404(request, campaign_id)
    return membership.campaign.site.waiting(request, membership, request.path)
